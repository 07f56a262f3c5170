/// The article screen's rows: a title line, the text, the image line and the status bar.
/// Computed once a frame; the screen pages by `bodyRows`, the view draws into them.
public struct ArticleLayout: Equatable, Sendable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public init(_ canvas: Canvas) { self.init(width: canvas.width, height: canvas.height) }

    public var titleRow: Int { 0 }
    public var bodyTop: Int { 1 }
    public var bodyRows: Int { max(0, height - 3) }
    public var imageRow: Int { max(0, height - 2) }
    public var statusRow: Int { max(0, height - 1) }
    /// The text's columns: two of margin on each side.
    public var textColumns: Int { max(1, width - 4) }
}
