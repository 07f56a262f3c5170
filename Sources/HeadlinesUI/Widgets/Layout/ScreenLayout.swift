/// The rows of a screen: a title line, a body, the article's image line when the screen has one,
/// and a status bar. Computed once a frame from the canvas's size, and used both by the screen
/// (a page is `bodyRows`) and by its view.
package struct ScreenLayout: Equatable, Sendable {
    package let width: Int
    package let height: Int
    /// Whether a line sits between the body and the status bar (the article screen's image line).
    private let hasImageRow: Bool
    /// The config's `text-width`: the text is no wider than this (nil: the screen's width).
    package let textWidth: Int?

    package init(width: Int, height: Int, withImageRow: Bool = false, textWidth: Int? = nil) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.hasImageRow = withImageRow
        self.textWidth = textWidth
    }

    package init(_ canvas: Canvas, withImageRow: Bool = false, textWidth: Int? = nil) {
        self.init(width: canvas.width, height: canvas.height, withImageRow: withImageRow, textWidth: textWidth)
    }

    package var titleRow: Int { 0 }
    package var bodyTop: Int { 1 }
    /// Rows between the title and the image line (or the status bar, when there is none).
    package var bodyRows: Int { max(0, height - (hasImageRow ? 3 : 2)) }
    /// The image line, above the status bar; nil on a screen without one.
    package var imageRow: Int? { hasImageRow ? max(0, height - 2) : nil }
    package var statusRow: Int { max(0, height - 1) }
    /// The text's columns: two of margin on each side, and no more than `textWidth`.
    package var textColumns: Int { max(1, min(width - 4, textWidth ?? .max)) }
}
