import NewsCore
import HeadlinesSession

/// A picture ready to draw: its glyphs at one size and colour depth, kept by the screen so a
/// frame only copies cells. Made straight from the decoded pixels: one cell a pixel column and
/// two pixel rows.
package struct PictureCells: Sendable, Equatable {
    package let rows: [[PictureGlyph]]
    package var columns: Int { rows.first?.count ?? 0 }

    package init(rows: [[PictureGlyph]]) { self.rows = rows }

    /// Every pixel of `image` as half of a cell at `depth`: pixel rows 2r and 2r + 1 make
    /// row r. When the height is odd, the last row's lower half is `background`.
    package init(_ image: RGBImage, depth: PictureColourDepth, background: RGB = .black) {
        let rows = (image.height + 1) / 2
        self.init(
            rows: (0..<rows).map { row in
                let lower = row * 2 + 1
                return (0..<image.width).map { column in
                    PictureGlyph(
                        top: image[column, row * 2], bottom: lower < image.height ? image[column, lower] : background, depth: depth)
                }
            })
    }

    /// `image` shrunk to fit `columns × rows` cells (two pixels a cell, one above the other;
    /// never enlarged), as glyphs at `depth`.
    package init(_ image: RGBImage, columns: Int, rows: Int, depth: PictureColourDepth, background: RGB = .black) {
        self.init(image.scaled(fitting: HalfBlocks.pixelSize(columns: columns, rows: rows)), depth: depth, background: background)
    }
}

extension Canvas {
    /// Draws row `row` of `picture` at (x, y), cut at `maxX` (exclusive).
    package mutating func draw(_ picture: PictureCells, row: Int, x: Int, y: Int, maxX: Int? = nil) {
        guard row >= 0, row < picture.rows.count else { return }
        let limit = min(maxX ?? width, width)
        for (column, glyph) in picture.rows[row].enumerated() where x + column < limit {
            fill(x: x + column, y: y, count: 1, style: glyph.style, character: glyph.character)
        }
    }
}
