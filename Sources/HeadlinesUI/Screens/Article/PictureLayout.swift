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

/// Where the article's picture goes and how big it is: above the text, no wider than the text
/// and no taller than half the screen, in the image's proportions. The size comes from the
/// image's header, so the placeholder shown while the image loads has the picture's final size
/// and the text does not move when the picture arrives.
package enum PictureLayout {
    /// The size pictures are decoded to and kept at (in the session's `PreviewCache`): larger
    /// than any layout asks for on a usual screen, so a resize rescales these pixels instead of
    /// fetching and decoding again.
    package static let decodeBox = PictureLibrary.decodeBox
    /// The proportions assumed until the header has been read.
    package static let assumedSize = PixelSize(width: 1600, height: 900)
    /// No picture on a screen narrower (text columns) or shorter (half its rows) than this.
    package static let minimumColumns = 16
    package static let minimumRows = 3

    /// The most the picture may take on `layout`, or nil when the screen is too small for one.
    package static func box(_ layout: ScreenLayout) -> PictureSlot? {
        let box = PictureSlot(columns: layout.textColumns, rows: layout.height / 2)
        guard box.columns >= minimumColumns, box.rows >= minimumRows else { return nil }
        return box
    }

    /// The picture's cells on `layout` for an image of `pixels` (nil: not known yet).
    package static func slot(for pixels: PixelSize?, on layout: ScreenLayout) -> PictureSlot? {
        guard let box = box(layout) else { return nil }
        // As the decoder will shrink it, then as the picture will be scaled for this box.
        let decoded = (pixels ?? assumedSize).fitted(within: decodeBox)
        let shown = decoded.fitted(within: HalfBlocks.pixelSize(columns: box.columns, rows: box.rows))
        return PictureSlot(columns: shown.width, rows: (shown.height + 1) / 2)
    }

    /// The column the picture starts at: centred over the text.
    package static func x(of slot: PictureSlot, on layout: ScreenLayout) -> Int {
        2 + max(0, layout.textColumns - slot.columns) / 2
    }
}
