import NewsCore

/// Pictures drawn with upper half blocks: two pixels a cell, stacked.
public enum HalfBlocks {
    /// U+2580 UPPER HALF BLOCK: the foreground paints the top half, the background the bottom.
    public static let character: Character = "\u{2580}"

    /// The pixel size to ask `PreviewDecoder` for, for a picture of at most `columns × rows`
    /// cells: a cell is about twice as tall as wide, so its two pixels are about square.
    public static func pixelSize(columns: Int, rows: Int) -> PixelSize {
        PixelSize(width: max(0, columns), height: max(0, rows) * 2)
    }

    /// The cells showing `image`: one column a pixel, one row per two pixel rows. When the
    /// height is odd, the last row's lower half is `background`.
    public static func grid(_ image: RGBImage, background: RGB = .black) -> PictureGrid {
        let columns = image.width, rows = (image.height + 1) / 2
        var cells: [PictureCell] = []
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            let lower = row * 2 + 1
            for column in 0..<columns {
                cells.append(
                    PictureCell(
                        top: image[column, row * 2],
                        bottom: lower < image.height ? image[column, lower] : background))
            }
        }
        return PictureGrid(columns: columns, rows: rows, cells: cells)
    }
}
