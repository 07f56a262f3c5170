import NewsCore

/// A colour as the terminal is told it.
public enum PictureColour: Sendable, Hashable {
    /// 24-bit.
    case rgb(RGB)
    /// An index into the 256-colour palette (16–255 here).
    case indexed(UInt8)
}

/// What one cell of a picture draws: a character and, with colour, its two colours.
public struct PictureGlyph: Sendable, Hashable {
    public var character: Character
    public var foreground: PictureColour?
    public var background: PictureColour?

    public init(character: Character, foreground: PictureColour?, background: PictureColour?) {
        self.character = character
        self.foreground = foreground
        self.background = background
    }

    /// The cell at `depth`: a half block in true or palette colours, or a shade character.
    public init(_ cell: PictureCell, depth: PictureColourDepth) {
        switch depth {
        case .trueColour:
            self.init(character: HalfBlocks.character, foreground: .rgb(cell.top), background: .rgb(cell.bottom))
        case .palette256:
            self.init(
                character: HalfBlocks.character,
                foreground: .indexed(XtermPalette.nearest(cell.top)),
                background: .indexed(XtermPalette.nearest(cell.bottom)))
        case .shades:
            self.init(character: ShadeRamp.character(for: cell), foreground: nil, background: nil)
        }
    }

    /// Every cell of `grid` at `depth`, row by row.
    public static func rows(_ grid: PictureGrid, depth: PictureColourDepth) -> [[PictureGlyph]] {
        (0..<grid.rows).map { row in
            (0..<grid.columns).map { column in PictureGlyph(grid[column, row], depth: depth) }
        }
    }
}
