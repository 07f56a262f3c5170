/// The article screen's rows: a title line, the text, the image line and the status bar.
/// Computed once a frame; the screen pages by `bodyRows`, the view draws into them.
public struct ArticleLayout: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// The config's `text-width`: the text is no wider than this (nil: the screen's width).
    public let textWidth: Int?

    public init(width: Int, height: Int, textWidth: Int? = nil) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.textWidth = textWidth
    }

    public init(_ canvas: Canvas, textWidth: Int? = nil) { self.init(width: canvas.width, height: canvas.height, textWidth: textWidth) }

    public var titleRow: Int { 0 }
    public var bodyTop: Int { 1 }
    public var bodyRows: Int { max(0, height - 3) }
    public var imageRow: Int { max(0, height - 2) }
    public var statusRow: Int { max(0, height - 1) }
    /// The text's columns: two of margin on each side, and no more than `textWidth`.
    public var textColumns: Int { max(1, min(width - 4, textWidth ?? .max)) }
}
