/// The rows of a screen with a title line, a body and a status bar. Computed once a frame from
/// the canvas's size, and used both by the screen (a page is `bodyRows`) and by its view.
public struct ListLayout: Equatable, Sendable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public init(_ canvas: Canvas) { self.init(width: canvas.width, height: canvas.height) }

    public var titleRow: Int { 0 }
    public var bodyTop: Int { 1 }
    /// Rows between the title and the status bar.
    public var bodyRows: Int { max(0, height - 2) }
    public var statusRow: Int { max(0, height - 1) }
}
