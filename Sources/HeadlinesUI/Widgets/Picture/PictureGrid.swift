import NewsCore

/// One text cell of a picture: two pixels, one above the other. Drawn as an upper half block
/// (`▀`) with the top pixel as the foreground colour and the bottom one as the background.
public struct PictureCell: Sendable, Hashable {
    public var top: RGB
    public var bottom: RGB

    public init(top: RGB, bottom: RGB) {
        self.top = top
        self.bottom = bottom
    }
}

/// A picture as text cells, row-major.
public struct PictureGrid: Sendable, Hashable {
    public let columns: Int
    public let rows: Int
    public let cells: [PictureCell]

    /// `cells` holds exactly `columns * rows` cells (`HalfBlocks.grid` builds them so).
    init(columns: Int, rows: Int, cells: [PictureCell]) {
        precondition(cells.count == columns * rows, "\(cells.count) cells for \(columns)×\(rows)")
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    /// The cell at (column, row); like an array index, out of range is a programming error.
    public subscript(column: Int, row: Int) -> PictureCell {
        precondition(column >= 0 && column < columns && row >= 0 && row < rows, "cell (\(column), \(row)) outside \(columns)×\(rows)")
        return cells[row * columns + column]
    }
}
