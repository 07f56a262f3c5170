import Testing
@testable import HeadlinesUI
import NewsCore

@Suite("Canvas")
struct CanvasTests {
    static let mixed = [
        "Plain text 漢字 mixed with 🚀 and 👍🏽 and 🇫🇷 flags ❤️ 👨‍👩‍👧 e\u{0301}nd",
        "漢字漢字漢字漢字漢字漢字漢字",
        "a漢b字c🚀d👨‍👩‍👧e",
        "🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀",
        "x",
    ]

    /// `text` with each grapheme reduced as the canvas stores it.
    static func reduced(_ text: String) -> String { text.map { TerminalGlyph.reduce($0).text }.joined() }

    @Test("write clips at the right edge for every width 1...20", arguments: mixed)
    func clipsAtEveryWidth(_ text: String) {
        for width in 1...20 {
            for x in 0..<width {
                var canvas = Canvas(width: width, height: 2)
                let end = canvas.write(text, x: x, y: 0)
                #expect(canvas.cells.count == width * 2)
                #expect(end <= width, "width \(width) x \(x)")
                #expect(TextWidth.of(canvas.line(0)) == width, "width \(width) x \(x): \(canvas.line(0))")
                #expect(canvas.line(1) == String(repeating: " ", count: width))
                // Every character is followed by exactly as many continuation cells as its width
                // asks, and no continuation cell is orphaned.
                var column = 0
                while column < width {
                    let cell = canvas[column, 0]
                    #expect(!cell.text.isEmpty, "orphan at \(column), width \(width)")
                    let columns = max(1, TextWidth.of(cell.text))
                    for extra in 1..<columns {
                        #expect(column + extra < width && canvas[column + extra, 0].text.isEmpty, "half-drawn at \(column), width \(width)")
                    }
                    column += columns
                }
                // What was drawn is the text as the terminal draws it, or a cut of it ending with the ellipsis.
                let drawn = String(canvas.line(0).dropFirst(x)).trimmingTrailingSpaces
                let expected = Self.reduced(text)
                let available = width - x
                if TextWidth.of(text) <= available {
                    #expect(drawn == expected.trimmingTrailingSpaces)
                } else {
                    #expect(drawn.last == "…", "width \(width) x \(x): \(drawn)")
                    #expect(expected.unicodeScalars.starts(with: drawn.dropLast().unicodeScalars))
                }
            }
        }
    }

    @Test("write returns the column after the text and draws graphemes whole")
    func writeBasics() {
        var canvas = Canvas(width: 12, height: 1)
        #expect(canvas.write("ab", x: 1, y: 0) == 3)
        #expect(canvas.write("漢👍🏽", x: 4, y: 0) == 8)
        #expect(canvas.write("e\u{0301}", x: 9, y: 0) == 10)
        #expect(canvas.line(0) == " ab 漢👍 e\u{0301}  ")
        #expect(canvas[4, 0].text == "漢")
        #expect(canvas[5, 0].text == "")
        #expect(canvas[6, 0].text == "👍", "the skin tone is dropped: tmux would give it two more columns")
        #expect(canvas[9, 0].text == "e\u{0301}")
    }

    @Test("writes outside the canvas or past maxX draw nothing")
    func writeOutside() {
        var canvas = Canvas(width: 5, height: 2)
        let blank = canvas
        #expect(canvas.write("abc", x: 0, y: 2) == 0)
        #expect(canvas.write("abc", x: 0, y: -1) == 0)
        #expect(canvas.write("abc", x: 5, y: 0) == 5)
        #expect(canvas.write("abc", x: 3, y: 0, maxX: 3) == 3)
        #expect(canvas == blank)
        #expect(canvas.write("abcdef", x: 1, y: 0, maxX: 4) == 4)
        #expect(canvas.line(0) == " ab… ")
    }

    @Test("controls are drawn as nothing")
    func controls() {
        var canvas = Canvas(width: 6, height: 1)
        #expect(canvas.write("a\u{1B}b\tc", x: 0, y: 0) == 3)
        #expect(canvas.line(0) == "abc   ")
    }

    @Test("a wide character at the last column is not half-drawn")
    func wideAtLastColumn() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.write("abcd漢", x: 0, y: 0)
        #expect(canvas.line(0) == "abcd…")
        var other = Canvas(width: 5, height: 1)
        #expect(other.write("漢", x: 4, y: 0) == 5)
        #expect(other.line(0) == "    …")
        var exact = Canvas(width: 5, height: 1)
        exact.write("abc漢", x: 0, y: 0)
        #expect(exact.line(0) == "abc漢")
        #expect(exact[4, 0].text == "")
    }

    /// Writes over part of a wide character, on a row of six columns.
    struct Overwrite: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let writes: [(text: String, x: Int, style: Style)]
        let line: String
        /// A cell that must have been blanked, and how.
        var blanked: (x: Int, cell: Canvas.Cell)?

        static let all = [
            Overwrite(
                testDescription: "overwriting the second half of a wide character blanks its first half, in its style",
                writes: [("漢字", 0, .accent), ("x", 1, .normal)], line: " x字  ", blanked: (0, Canvas.Cell(text: " ", style: .accent))),
            Overwrite(
                testDescription: "overwriting the first half of a wide character blanks its second half",
                writes: [("漢字", 0, .normal), ("y", 2, .normal)], line: "漢y   ", blanked: (3, Canvas.Cell(text: " ", style: .normal))),
            Overwrite(
                testDescription: "a wide character that cuts one on its left and replaces a narrow one on its right",
                writes: [("漢字", 0, .normal), ("y", 2, .normal), ("字", 1, .normal)], line: " 字   "),
            Overwrite(
                testDescription: "a wide character over two wide characters blanks both outer halves",
                writes: [("漢字漢", 0, .normal), ("🚀", 1, .normal)], line: " 🚀 漢"),
        ]
    }

    @Test(arguments: Overwrite.all)
    func overwritingPartOfAWideCharacter(_ overwrite: Overwrite) {
        var canvas = Canvas(width: 6, height: 1)
        for write in overwrite.writes { canvas.write(write.text, x: write.x, y: 0, style: write.style) }
        #expect(canvas.line(0) == overwrite.line)
        if let (x, cell) = overwrite.blanked { #expect(canvas[x, 0] == cell) }
        #expect(TextWidth.of(canvas.line(0)) == 6)
    }

    @Test("fill paints cells and repairs wide characters it cuts")
    func fill() {
        var canvas = Canvas(width: 8, height: 2)
        canvas.write("漢字漢字", x: 0, y: 0)
        canvas.fill(x: 1, y: 0, count: 4, style: .selection)
        #expect(canvas.line(0) == "      字")
        #expect(canvas.styles(0) == [.normal, .selection, .selection, .selection, .selection, .normal, .normal, .normal])
        canvas.fill(x: -3, y: 1, count: 5, style: .statusBar, character: "-")
        #expect(canvas.line(1) == "--      ")
        canvas.fill(x: 6, y: 1, count: 100, style: .statusBar)
        #expect(canvas.styles(1)[6...] == [.statusBar, .statusBar])
        let before = canvas
        canvas.fill(x: 0, y: 5, count: 3, style: .error)
        canvas.fill(x: 9, y: 0, count: 3, style: .error)
        canvas.fill(x: 0, y: 0, count: 0, style: .error)
        #expect(canvas == before)
    }

    @Test("text and contains read the grid back")
    func readBack() {
        var canvas = Canvas(width: 4, height: 2)
        canvas.write("ab", x: 0, y: 0)
        canvas.write("漢", x: 2, y: 1)
        #expect(canvas.text == "ab  \n  漢")
        #expect(canvas.contains("b "))
        #expect(canvas.contains("漢"))
        #expect(!canvas.contains("ab漢"))
        #expect(canvas.line(2) == "")
        #expect(Canvas(width: -1, height: 3).cells.isEmpty)
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
