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

    /// Copies `view` (a canvas a view drew at its area's size) into `area`: what a pane drew
    /// lands in its place, clipped to this canvas, and a wide character the copy would cut at
    /// the area's edges is blanked. The view's picture in pixels moves with it.
    package mutating func place(_ view: Canvas, in area: Rect) {
        let columns = min(view.width, area.width, width - max(area.x, 0))
        guard columns > 0, area.x >= 0 else { return }
        for row in 0..<min(view.height, area.height) where area.y + row >= 0 && area.y + row < height {
            let y = area.y + row
            repairWideCharacters(y: y, start: area.x, end: area.x + columns)
            for column in 0..<columns { cells[y * width + area.x + column] = view.cells[row * view.width + column] }
            // A wide character cut at the copy's right edge leaves no half behind.
            if columns < view.width, view.cells[row * view.width + columns].text.isEmpty {
                var last = area.x + columns - 1
                while last >= area.x, cells[y * width + last].text.isEmpty { last -= 1 }
                if last >= area.x {
                    for column in last..<(area.x + columns) { cells[y * width + column] = Cell(text: " ", style: cells[y * width + column].style) }
                }
            }
        }
        if var picture = view.pixelPicture {
            picture.x += area.x
            picture.top += area.y
            picture.visible = (picture.visible.lowerBound + area.y)..<(picture.visible.upperBound + area.y)
            pixelPicture = picture
        }
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
