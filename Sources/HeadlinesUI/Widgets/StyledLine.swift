/// One row of laid-out text: runs, each in one style. Made by layouts (`RichTextLayout`),
/// drawn by `Canvas.draw(_:from:x:y:height:maxX:)`.
package struct StyledLine: Hashable, Sendable {
    package struct Run: Hashable, Sendable {
        package var text: String
        package var style: Style

        package init(_ text: String, _ style: Style = .normal) {
            self.text = text
            self.style = style
        }
    }

    package var runs: [Run]

    package init(_ runs: [Run] = []) {
        self.runs = runs
    }

    package static let blank = StyledLine()

    /// The row's text without styles.
    package var text: String { runs.map(\.text).joined() }

    /// Columns the row takes.
    package var width: Int { runs.reduce(0) { $0 + TextWidth.of($1.text) } }

    /// The row cut to `columns` (ending in an ellipsis where it was cut), run styles kept.
    package func fitted(to columns: Int) -> StyledLine {
        guard columns > 0 else { return .blank }
        guard width > columns else { return self }
        var fitted: [Run] = []
        var room = columns - 1  // the ellipsis takes the last column
        for run in runs {
            let runWidth = TextWidth.of(run.text)
            if runWidth <= room {
                fitted.append(run)
                room -= runWidth
                continue
            }
            var kept = ""
            for character in run.text {
                let characterWidth = TextWidth.of(character)
                guard characterWidth <= room else { break }
                kept.append(character)
                room -= characterWidth
            }
            fitted.append(Run(kept + String(TextLayout.ellipsis), run.style))
            break
        }
        return StyledLine(fitted.filter { !$0.text.isEmpty })
    }
}

extension Canvas {
    /// Draws `lines` from line `offset` on (scrolling): the first at row `y`, at most `height`
    /// rows, each from column `x` and cut at `maxX` (exclusive; the right edge by default).
    package mutating func draw(_ lines: [StyledLine], from offset: Int, x: Int = 0, y: Int, height: Int, maxX: Int? = nil) {
        let first = max(0, offset)
        guard height > 0, first < lines.count else { return }
        for (row, line) in lines[first..<min(lines.count, first + height)].enumerated() {
            var column = x
            for run in line.runs {
                column = write(run.text, x: column, y: y + row, style: run.style, maxX: maxX)
            }
        }
    }
}

extension StyledLine {
    /// The number of the link whose `[N]` covers `column` in a run of `style` (the style only
    /// link numbers are drawn in), or nil: a click there opens that link.
    package func linkNumber(atColumn column: Int, style: Style) -> Int? {
        guard column >= 0 else { return nil }
        var x = 0
        for run in runs {
            let width = TextWidth.of(run.text)
            defer { x += width }
            guard run.style == style, column >= x, column < x + width else { continue }
            // The run may hold more than one number (`[3][4]`): the bracketed group around the column.
            var start = x
            var group: (from: Int, digits: String)?
            for character in run.text {
                defer { start += TextWidth.of(character) }
                if character == "[" {
                    group = (start, "")
                } else if character == "]", let open = group {
                    if column >= open.from, column <= start, let number = Int(open.digits), number > 0 { return number }
                    group = nil
                } else if character.isASCII, character.isNumber, group != nil, (group?.digits.count ?? 0) < 6 {
                    group?.digits.append(character)
                } else {
                    group = nil
                }
            }
            return nil
        }
        return nil
    }
}
