/// How a cell looks, in terms of meaning; the driver maps roles to colour pairs when the
/// terminal has colours, and to attributes alone when it has none.
public struct Style: Hashable, Sendable {
    public enum Role: UInt8, Sendable, CaseIterable {
        case normal, header, accent, muted, date, source, selection, statusBar, error, success, progress
        /// The roles a `color` line may set besides the ones above (see `Palette.elementRoles`).
        case list, unread, mark, link, quote
    }

    public var role: Role
    public var bold: Bool
    public var reverse: Bool
    public var underline: Bool
    public var dim: Bool
    /// Only from a `color` line: terminals draw italics unevenly, so no style of ours asks for it.
    public var italic: Bool = false
    /// Exact colours, which override the role's (a picture's cells); nil keeps the role's.
    public var foreground: PictureColour?
    public var background: PictureColour?

    public init(
        _ role: Role = .normal, bold: Bool = false, reverse: Bool = false, underline: Bool = false, dim: Bool = false,
        foreground: PictureColour? = nil, background: PictureColour? = nil
    ) {
        self.role = role
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.dim = dim
        self.foreground = foreground
        self.background = background
    }

    /// Whether the style names exact colours (a picture's cell).
    public var hasExactColours: Bool { foreground != nil || background != nil }

    public static let normal = Style()
    public static let header = Style(.header, bold: true)
    /// The selected row: reverse video so it shows without colour too.
    public static let selection = Style(.selection, reverse: true)
    public static let statusBar = Style(.statusBar, reverse: true)
    public static let muted = Style(.muted, dim: true)
    public static let error = Style(.error, bold: true)
    public static let success = Style(.success)
    public static let accent = Style(.accent, bold: true)
}
