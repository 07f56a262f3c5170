/// The escape sequences that name the terminal's window (`set-title`): xterm's OSC 2 sets the
/// title; XTWINOPS 22 saves the title the terminal had and 23 puts it back at exit (terminals
/// without the pair ignore them, and keep our last title).
enum TerminalTitle {
    static let push = "\u{1B}[22;2t"
    static let pop = "\u{1B}[23;2t"

    /// The sequence that sets the title to `text`, with every control character left out
    /// (one would end the sequence early, or start another).
    static func set(_ text: String) -> String {
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { !isControl($0) }.prefix(200)))
        return "\u{1B}]2;" + clean + "\u{07}"
    }

    /// "Headlines (12 unread)".
    static func text(unread: Int) -> String {
        "Headlines (\(unread) unread)"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
