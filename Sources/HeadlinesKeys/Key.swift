/// A key press, as the terminal's driver decodes it (HeadlinesUI's `KeyDecoder`): what the key
/// table binds to actions, here so that the help, the man page and the completions read the table
/// without the interface.
package enum Key: Hashable, Sendable {
    case character(Character)
    /// Ctrl with a letter: `.control("l")` is Ctrl-L.
    case control(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// Shift-Tab (curses' KEY_BTAB, `\e[Z`).
    case backTab
    /// A function key, F1 to F12.
    case function(Int)
    /// The terminal changed size (the driver's resize event).
    case resize
    /// A key code or control character Headlines has no name for.
    case unknown(Int32)
    /// An escape sequence the terminal sent that Headlines does not know (Ctrl-F1 `\e[1;5P`, a
    /// paste marker `\e[200~`): one key, ignored, never Esc (see `KeyDecoder`).
    case unknownSequence
    /// Text the terminal said was pasted (bracketed paste): it goes into the prompt being typed
    /// in, and does nothing elsewhere; never run as keys.
    case paste(String)
    /// The pointer (a click, the wheel, a drag), while mouse reporting is on (`mouse`).
    case mouse(MouseEvent)

    /// A plain character from a code point that is not a control.
    package static func from(codePoint: UInt32) -> Key {
        switch codePoint {
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 9: return .tab
        case 1...26: return .control(Character(Unicode.Scalar(codePoint + 96) ?? "?"))
        default:
            guard let scalar = Unicode.Scalar(codePoint), codePoint >= 32 else { return .unknown(Int32(bitPattern: codePoint)) }
            return .character(Character(scalar))
        }
    }
}
