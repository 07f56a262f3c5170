import NewsCore

/// A table as aligned columns: each row on one line, cells cut with an ellipsis, the width
/// shared fairly (a column that needs less than an equal share gets what it needs; the
/// others split the rest). Columns that cannot get a single character are left out.
enum TableLayout {
    static let separator = " │ "
    static let separatorStyle = Style.muted
    static let headerStyle = Style(.normal, bold: true)

    static func lines(_ rows: [[RichCell]], columns: Int) -> [[StyledLine.Run]] {
        guard columns > 0 else { return rows.map { _ in [] } }
        let texts = rows.map { $0.map(text) }
        let count = texts.map(\.count).max() ?? 0
        let separatorWidth = TextWidth.of(separator)
        // Each shown column needs one character and a separator before it.
        let shown = min(count, (columns + separatorWidth) / (1 + separatorWidth))
        var naturals = Array(repeating: 0, count: shown)
        for row in texts {
            for (index, cell) in row.prefix(shown).enumerated() { naturals[index] = max(naturals[index], TextWidth.of(cell)) }
        }
        let widths = share(naturals, total: columns - separatorWidth * max(0, shown - 1))
        return zip(rows, texts).map { cells, texts in
            var line: [StyledLine.Run] = []
            for index in 0..<shown {
                if index > 0 { line.append(StyledLine.Run(separator, separatorStyle)) }
                let text = index < texts.count ? texts[index] : ""
                let fitted = index == shown - 1 ? TextLayout.truncate(text, to: widths[index]) : TextLayout.pad(text, to: widths[index])
                let header = index < cells.count && cells[index].isHeader
                line.append(StyledLine.Run(fitted, header ? headerStyle : .normal))
            }
            // No trailing blanks: they would only be drawn as spaces.
            while let last = line.last, last.text.allSatisfy({ $0 == " " }) || last.style == separatorStyle { line.removeLast() }
            return line
        }
    }

    /// Max-min fair shares of `total` columns for columns that would like `naturals`.
    static func share(_ naturals: [Int], total: Int) -> [Int] {
        var widths = Array(repeating: 0, count: naturals.count)
        var remaining = max(0, total)
        var open = Array(naturals.indices)
        while !open.isEmpty {
            let fair = remaining / open.count
            let satisfied = open.filter { naturals[$0] <= fair }
            if satisfied.isEmpty {
                for (position, index) in open.enumerated() { widths[index] = fair + (position < remaining % open.count ? 1 : 0) }
                break
            }
            for index in satisfied {
                widths[index] = naturals[index]
                remaining -= naturals[index]
            }
            open.removeAll { naturals[$0] <= fair }
        }
        return widths
    }

    /// A cell's text, with each link's number after it.
    static func text(_ cell: RichCell) -> String {
        var text = ""
        for (index, run) in cell.runs.enumerated() {
            text += run.text
            if let link = run.link, index + 1 == cell.runs.count || cell.runs[index + 1].link != link { text += "[\(link)]" }
        }
        return text
    }
}
