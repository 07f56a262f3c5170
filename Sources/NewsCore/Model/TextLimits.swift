/// Caps on the length of each text field, in characters. A hostile feed can send a
/// megabyte of title; nobody can read it, and it would slow every redraw.
public enum TextLimits {
    public static let title = 1_000
    public static let name = 200
    public static let description = 10_000
    public static let content = 100_000
    /// A feed item's full text (HTML or plain), in characters.
    public static let body = 1_000_000
    /// A feed item's GUID.
    public static let guid = 1_000
    /// URLs longer than this are refused rather than cut.
    public static let url = 8_192
}
