import NewsCore

/// The room the article's picture takes, in cells.
public struct PictureSlot: Equatable, Sendable {
    public let columns: Int
    public let rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// Where the article's picture goes and how big it is: above the text, no wider than the text
/// and no taller than half the screen, in the image's proportions. The size comes from the
/// image's header, so the placeholder shown while the image loads has the picture's final size
/// and the text does not move when the picture arrives.
public enum PictureLayout {
    /// The size pictures are decoded to and kept at (in the session's `PreviewCache`): larger
    /// than any layout asks for on a usual screen, so a resize rescales these pixels instead of
    /// fetching and decoding again.
    public static let decodeBox = PixelSize(width: 400, height: 240)
    /// The proportions assumed until the header has been read.
    public static let assumedSize = PixelSize(width: 1600, height: 900)
    /// No picture on a screen narrower (text columns) or shorter (half its rows) than this.
    public static let minimumColumns = 16
    public static let minimumRows = 3

    /// The most the picture may take on `layout`, or nil when the screen is too small for one.
    public static func box(_ layout: ScreenLayout) -> PictureSlot? {
        let box = PictureSlot(columns: layout.textColumns, rows: layout.height / 2)
        guard box.columns >= minimumColumns, box.rows >= minimumRows else { return nil }
        return box
    }

    /// The picture's cells on `layout` for an image of `pixels` (nil: not known yet).
    public static func slot(for pixels: PixelSize?, on layout: ScreenLayout) -> PictureSlot? {
        guard let box = box(layout) else { return nil }
        // As the decoder will shrink it, then as the picture will be scaled for this box.
        let decoded = (pixels ?? assumedSize).fitted(within: decodeBox)
        let shown = decoded.fitted(within: HalfBlocks.pixelSize(columns: box.columns, rows: box.rows))
        return PictureSlot(columns: shown.width, rows: (shown.height + 1) / 2)
    }

    /// The column the picture starts at: centred over the text.
    public static func x(of slot: PictureSlot, on layout: ScreenLayout) -> Int {
        2 + max(0, layout.textColumns - slot.columns) / 2
    }
}
