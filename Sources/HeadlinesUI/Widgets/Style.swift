/// How a cell looks, in terms of meaning; the driver maps roles to colour pairs when the
/// terminal has colours, and to attributes alone when it has none.
package struct Style: Hashable, Sendable {
    package enum Role: UInt8, Sendable, CaseIterable {
        case normal, header, accent, muted, date, source, selection, statusBar, error, success, progress
        /// The roles a `color` line may set besides the ones above (see `Palette.elementRoles`).
        case list, unread, mark, link, quote
    }

    package var role: Role
    package var bold: Bool
    package var reverse: Bool
    package var underline: Bool
    package var dim: Bool
    /// Only from a `color` line: terminals draw italics unevenly, so no style of ours asks for it.
    package var italic: Bool = false
    /// Exact colours, which override the role's (a picture's cells); nil keeps the role's.
    package var foreground: PictureColour?
    package var background: PictureColour?

    package init(
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
    package var hasExactColours: Bool { foreground != nil || background != nil }

    package static let normal = Style()
    package static let header = Style(.header, bold: true)
    /// The selected row: reverse video so it shows without colour too.
    package static let selection = Style(.selection, reverse: true)
    package static let statusBar = Style(.statusBar, reverse: true)
    package static let muted = Style(.muted, dim: true)
    package static let error = Style(.error, bold: true)
    package static let success = Style(.success)
    package static let accent = Style(.accent, bold: true)
}
