import NewsCore
import HeadlinesSession

/// The room the article's picture takes, in cells.
package struct PictureSlot: Equatable, Sendable {
    package let columns: Int
    package let rows: Int

    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// How a picture's pixels meet the cells: two pixels a cell, one above the other, as coloured
/// half blocks; or the terminal's own cells, each `cell` pixels, when it draws pixels itself.
package struct PictureGeometry: Equatable, Sendable {
    /// The pixels one cell holds.
    package var cell: PixelSize
    /// The box pictures are decoded to fit.
    package var decodeBox: PixelSize

    package static let halfBlocks = PictureGeometry(cell: PixelSize(width: 1, height: 2), decodeBox: PictureLibrary.cellsDecodeBox)

    package static func pixels(_ display: PixelDisplay) -> PictureGeometry {
        PictureGeometry(cell: display.cell, decodeBox: PixelDisplay.decodeBox)
    }

    /// The pixels of `columns × rows` cells.
    package func pixelSize(columns: Int, rows: Int) -> PixelSize {
        PixelSize(width: columns * cell.width, height: rows * cell.height)
    }

    /// The cells `pixels` cover, a part-filled cell counting whole.
    package func cells(covering pixels: PixelSize) -> PictureSlot {
        PictureSlot(columns: (pixels.width + cell.width - 1) / cell.width, rows: (pixels.height + cell.height - 1) / cell.height)
    }
}

/// Where the article's picture goes and how big it is: above the text, no wider than the text
/// and no taller than `picture-height` of the screen (a third and a bit), in the image's proportions. The size comes from the
/// image's header, so the placeholder shown while the image loads has the picture's final size
/// and the text does not move when the picture arrives.
package enum PictureLayout {
    /// The size pictures are decoded to and kept at (in the session's `PreviewCache`): larger
    /// than any layout asks for on a usual screen, so a resize rescales these pixels instead of
    /// fetching and decoding again.
    package static let decodeBox = PictureLibrary.cellsDecodeBox
    /// The proportions assumed until the header has been read.
    package static let assumedSize = PixelSize(width: 1600, height: 900)
    /// No picture on a screen narrower (text columns) or shorter (its `picture-height` share of rows) than this.
    package static let minimumColumns = 16
    package static let minimumRows = 3

    /// The most the picture may take on `layout`, or nil when the screen is too small for one.
    package static func box(_ layout: ScreenLayout, heightPercent: Int = ConfigSettings().pictureHeight) -> PictureSlot? {
        let box = PictureSlot(columns: layout.textColumns, rows: layout.height * heightPercent / 100)
        guard box.columns >= minimumColumns, box.rows >= minimumRows else { return nil }
        return box
    }

    /// The picture's cells on `layout` for an image of `pixels` (nil: not known yet).
    package static func slot(
        for pixels: PixelSize?, on layout: ScreenLayout, geometry: PictureGeometry = .halfBlocks, heightPercent: Int = ConfigSettings().pictureHeight
    ) -> PictureSlot? {
        guard let box = box(layout, heightPercent: heightPercent) else { return nil }
        return geometry.cells(covering: shownSize(of: pixels, in: box, geometry: geometry))
    }

    /// The picture's size in pixels in `slot`: as the decoder will shrink it, then as it is
    /// scaled for the room, its proportions kept in pixels.
    package static func shownSize(of pixels: PixelSize?, in slot: PictureSlot, geometry: PictureGeometry) -> PixelSize {
        let decoded = (pixels ?? assumedSize).fitted(within: geometry.decodeBox)
        return decoded.fitted(within: geometry.pixelSize(columns: slot.columns, rows: slot.rows))
    }

    /// The column the picture starts at: centred over the text.
    package static func x(of slot: PictureSlot, on layout: ScreenLayout) -> Int {
        2 + max(0, layout.textColumns - slot.columns) / 2
    }
}
