import NewsCore

/// Pictures drawn with upper half blocks: two pixels a cell, stacked.
package enum HalfBlocks {
    /// U+2580 UPPER HALF BLOCK: the foreground paints the top half, the background the bottom.
    package static let character: Character = "\u{2580}"

    /// The pixel size to ask `PreviewDecoder` for, for a picture of at most `columns × rows`
    /// cells: a cell is about twice as tall as wide, so its two pixels are about square.
    package static func pixelSize(columns: Int, rows: Int) -> PixelSize {
        PixelSize(width: max(0, columns), height: max(0, rows) * 2)
    }
}
