/// A table being read, as rows of cells. Text that comes before any row or cell (browsers
/// move it out of the table) starts one, so none is lost.
struct TableBuilder {
    static let maxColumns = 32
    static let maxRows = 5_000

    private var rows: [[RichCell]] = []
    private var row: [RichCell]?
    private var cell: InlineBuilder?
    private var cellIsHeader = false
    /// Tables open inside this one's cells: their rows and cells are only text of the cell.
    var nestedDepth = 0

    mutating func startRow() {
        endRow()
        row = []
    }

    mutating func endRow() {
        endCell()
        if let row, row.contains(where: { !$0.runs.isEmpty }), rows.count < Self.maxRows { rows.append(row) }
        row = nil
    }

    mutating func startCell(header: Bool) {
        endCell()
        if row == nil { row = [] }
        cell = InlineBuilder()
        cellIsHeader = header
    }

    mutating func endCell() {
        guard var builder = cell else { return }
        cell = nil
        if var current = row, current.count < Self.maxColumns {
            row = nil  // one owner while it grows
            current.append(RichCell(builder.take(), isHeader: cellIsHeader))
            row = current
        }
    }

    var hasOpenCell: Bool { cell != nil }

    /// A word boundary in the open cell (a block or line break inside it).
    mutating func separate() {
        cell?.separate()
    }

    /// Gives the open cell to `body`, opening a row and a cell when none is open.
    mutating func withCell(_ body: (inout InlineBuilder) -> Void) {
        if cell == nil { startCell(header: false) }
        var builder = cell ?? InlineBuilder()
        cell = nil  // one owner while it changes: no copy of its runs
        body(&builder)
        cell = builder
    }

    /// The rows, with any open row and cell closed.
    mutating func finish() -> [[RichCell]] {
        endRow()
        return rows
    }
}
