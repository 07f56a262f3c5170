/// A key as the config file names it, with no knowledge of terminals: the UI maps it to its own key type.
///
/// Grammar (named keys are case-insensitive; a single character is taken as written, so `g` and `G` differ):
///
///     key       = named | "Ctrl-" letter | character
///     named     = "Enter" | "Esc" | "Tab" | "Space" | "Backspace" | "Up" | "Down" | "Left" | "Right"
///               | "PgUp" | "PgDn" | "Home" | "End" | "F1"..."F12"
///     letter    = "A"..."Z" | "a"..."z"     (not H, I, J or M: a terminal sends those as Backspace, Tab and Enter;
///                                            not C or Z: the terminal keeps them to interrupt and suspend)
///
/// Ctrl-S and Ctrl-Q are keys like the others: Headlines turns the terminal's flow control off while it runs.
///     character = one printable character other than a space, any script (`é`, `ß`, `я`, `?`, `#`)
public enum KeyName: Hashable, Sendable {
    case character(Character)
    /// Ctrl with a letter, stored in lower case: `.control("x")` is Ctrl-X.
    case control(Character)
    case enter, escape, tab, backTab, space, backspace
    case up, down, left, right, pageUp, pageDown, home, end
    /// F1 to F12.
    case function(Int)

    /// Reads one key name; the error's reason says what is wrong with it.
    static func parse(_ text: String) throws(LineError) -> KeyName {
        if let named = named[text.lowercased()] { return named }
        let lower = text.lowercased()
        if lower.hasPrefix("ctrl-") || lower.hasPrefix("ctrl+") {
            return try control(String(text.dropFirst(5)), written: text)
        }
        guard text.count == 1, let character = text.first else {
            throw LineError("unknown key \(ConfigText.quoted(text)) (\(grammarHint))")
        }
        guard isPrintable(character) else {
            throw LineError("\(ConfigText.quoted(text)) is not a printable key (\(grammarHint))")
        }
        return .character(character)
    }

    /// Public entry point for callers outside the parser (the help screen, tests).
    public init?(_ text: String) {
        guard let key = try? KeyName.parse(text) else { return nil }  // the reason is for config errors only
        self = key
    }

    /// The canonical spelling, as the help screen shows it: `Ctrl-L`, `PgDn`, `g`.
    public var name: String {
        switch self {
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .space: return "Space"
        case .backspace: return "Backspace"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .function(let number): return "F\(number)"
        }
    }

    private static let named: [String: KeyName] = [
        "enter": .enter, "esc": .escape, "tab": .tab, "shift-tab": .backTab, "space": .space, "backspace": .backspace,
        "up": .up, "down": .down, "left": .left, "right": .right,
        "pgup": .pageUp, "pgdn": .pageDown, "home": .home, "end": .end,
        "f1": .function(1), "f2": .function(2), "f3": .function(3), "f4": .function(4), "f5": .function(5),
        "f6": .function(6), "f7": .function(7), "f8": .function(8), "f9": .function(9), "f10": .function(10),
        "f11": .function(11), "f12": .function(12),
    ]

    private static let grammarHint =
        "a key is one character, Ctrl-X, or one of Enter, Esc, Tab, Shift-Tab, Space, Backspace, "
        + "Up, Down, Left, Right, PgUp, PgDn, Home, End, F1 to F12"

    private static func control(_ rest: String, written: String) throws(LineError) -> KeyName {
        guard rest.count == 1, let letter = rest.first, letter.isASCII, letter.isLetter else {
            throw LineError("unknown key \(ConfigText.quoted(written)) (Ctrl- goes with one letter, as in Ctrl-L)")
        }
        let lower = Character(letter.lowercased())
        if let same = sameAsNamed[lower] {
            throw LineError("\(ConfigText.quoted(written)) reaches Headlines as \(same): bind \(same) instead")
        }
        if let use = keptByTheTerminal[lower] {
            throw LineError("\(ConfigText.quoted(written)) never reaches Headlines: the terminal keeps it to \(use)")
        }
        return .control(lower)
    }

    /// Control letters a terminal sends as the same byte as a named key.
    private static let sameAsNamed: [Character: String] = ["h": "Backspace", "i": "Tab", "j": "Enter", "m": "Enter"]

    /// Control letters the terminal turns into signals (Headlines leaves them on, so that Ctrl-C
    /// stops it whatever state it is in). Ctrl-S and Ctrl-Q are not here: flow control is off.
    private static let keptByTheTerminal: [Character: String] = [
        "c": "interrupt Headlines (it quits)", "z": "suspend Headlines",
    ]

    /// Visible characters only: no controls, no spaces of any width, no lone combining marks or format characters.
    private static func isPrintable(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        if character.isWhitespace || character.isNewline { return false }
        switch first.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator,
            .spaceSeparator, .nonspacingMark, .enclosingMark, .spacingMark:
            return false
        default:
            return true
        }
    }
}
