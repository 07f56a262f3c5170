/// An area of the screen, in cells: where a view draws (a pane, a divider).
package struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    package var isEmpty: Bool { width == 0 || height == 0 }
    /// The column just past the area, and the row just below it.
    package var maxX: Int { x + width }
    package var maxY: Int { y + height }

    /// Whether the cell at (`column`, `row`) lies in the area (a mouse click, later).
    package func contains(column: Int, row: Int) -> Bool { column >= x && column < maxX && row >= y && row < maxY }

    package var description: String { "\(width)×\(height)+\(x)+\(y)" }
}
