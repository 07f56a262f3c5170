import NewsCore

extension PictureGlyph {
    /// The cell's style: its exact colours (none in the shade ramp).
    public var style: Style { Style(foreground: foreground, background: background) }
}

/// A picture ready to draw: its glyphs at one size and colour depth, kept by the screen so a
/// frame only copies cells.
public struct PictureCells: Sendable, Equatable {
    public let rows: [[PictureGlyph]]
    public var columns: Int { rows.first?.count ?? 0 }

    public init(rows: [[PictureGlyph]]) { self.rows = rows }

    /// `image` shrunk to fit `columns × rows` cells (two pixels a cell, one above the other;
    /// never enlarged), as glyphs at `depth`.
    public init(_ image: RGBImage, columns: Int, rows: Int, depth: PictureColourDepth, background: RGB = .black) {
        let scaled = image.scaled(fitting: HalfBlocks.pixelSize(columns: columns, rows: rows))
        self.init(rows: PictureGlyph.rows(HalfBlocks.grid(scaled, background: background), depth: depth))
    }
}

extension Canvas {
    /// Draws row `row` of `picture` at (x, y), cut at `maxX` (exclusive).
    public mutating func draw(_ picture: PictureCells, row: Int, x: Int, y: Int, maxX: Int? = nil) {
        guard row >= 0, row < picture.rows.count else { return }
        let limit = min(maxX ?? width, width)
        for (column, glyph) in picture.rows[row].enumerated() where x + column < limit {
            fill(x: x + column, y: y, count: 1, style: glyph.style, character: glyph.character)
        }
    }
}
