import HeadlinesSession

/// A grid of cells that screens render into. Pure data: the terminal driver copies it to
/// curses, and tests read it back as text.
package struct Canvas: Equatable, Sendable {
    package struct Cell: Equatable, Sendable {
        /// One grapheme as the terminal will draw it (see `TerminalGlyph`); "" for the columns
        /// after the first of a character wider than one.
        package var text: String
        package var style: Style

        package static let blank = Cell(text: " ", style: .normal)
        static let continuation = Cell(text: "", style: .normal)
    }

    package let width: Int
    package let height: Int
    package private(set) var cells: [Cell]
    /// A passing message the status bar shows over its key hints in this frame (see
    /// `ScreenContext.show`); the app sets it before the screen renders.
    package var statusMessage: Notice?
    /// The picture the terminal draws in pixels over this frame's blank cells, if any.
    package var pixelPicture: PixelPicture?

    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// Changes every cell's style through `transform` (the driver's 24-bit colours of `color` lines).
    mutating func restyle(_ transform: (Style) -> Style) {
        for index in cells.indices { cells[index].style = transform(cells[index].style) }
    }

    /// Blanks every cell in place (no allocation when the storage is not shared).
    package mutating func clear() {
        for index in cells.indices { cells[index] = .blank }
        pixelPicture = nil
    }

    package subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Writes `text` at (x, y) and returns the column after it. Never writes past `maxX`
    /// (exclusive; the right edge by default) and never splits a character: a text that does
    /// not fit is cut with an ellipsis. Each grapheme is stored reduced for the terminal
    /// (`TerminalGlyph`); control characters (which sanitised text has none of) are drawn as nothing.
    @discardableResult
    package mutating func write(_ text: String, x: Int, y: Int, style: Style = .normal, maxX: Int? = nil) -> Int {
        let limit = min(maxX ?? width, width)
        guard y >= 0, y < height, x < limit else { return x }
        let available = limit - max(x, 0)
        let fitted = TextLayout.truncate(text, to: available)
        var column = max(x, 0)
        repairWideCharacters(y: y, start: column, end: min(limit, column + TextWidth.of(fitted)))
        for character in fitted {
            let (glyph, columns) = TerminalGlyph.reduce(character)
            // A lone combining mark or a control: attach nothing, draw nothing.
            guard columns > 0 else { continue }
            guard column + columns <= limit else { break }
            cells[y * width + column] = Cell(text: glyph, style: style)
            for extra in 1..<columns { cells[y * width + column + extra] = Cell(text: "", style: style) }
            column += columns
        }
        return column
    }

    /// Paints `count` cells from (x, y) with spaces in `style` (a highlighted row, a bar).
    package mutating func fill(x: Int, y: Int, count: Int, style: Style, character: Character = " ") {
        guard y >= 0, y < height else { return }
        let start = max(0, x)
        let end = min(width, x + count)
        guard start < end else { return }
        repairWideCharacters(y: y, start: start, end: end)
        let cell = Cell(text: String(character), style: style)
        for column in start..<end { cells[y * width + column] = cell }
    }

    /// Before cells [start, end) of a row are overwritten, blanks the parts outside them of any
    /// wide character that the write would cut.
    private mutating func repairWideCharacters(y: Int, start: Int, end: Int) {
        let row = y * width
        if start < width, cells[row + start].text.isEmpty {
            var column = start - 1
            while column >= 0 {
                let lead = !cells[row + column].text.isEmpty
                cells[row + column] = Cell(text: " ", style: cells[row + column].style)
                if lead { break }
                column -= 1
            }
        }
        var column = end
        while column < width, cells[row + column].text.isEmpty {
            cells[row + column] = Cell(text: " ", style: cells[row + column].style)
            column += 1
        }
    }

    /// One row as plain text (wide characters once, continuation cells skipped).
    package func line(_ y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        return cells[(y * width)..<(y * width + width)].map(\.text).joined()
    }

    /// The whole canvas as text, rows joined by newlines, trailing spaces kept.
    package var text: String { (0..<height).map(line).joined(separator: "\n") }

    /// Whether `needle` appears anywhere on the canvas.
    package func contains(_ needle: String) -> Bool { (0..<height).contains { line($0).contains(needle) } }
}
