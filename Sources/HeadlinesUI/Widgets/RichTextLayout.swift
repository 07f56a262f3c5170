import NewsCore

/// Lays `RichText` out for a width: paragraphs wrapped at words, headings in the accent
/// style, block quotes behind a bar, list items with their markers and a hanging indent,
/// preformatted lines wrapped where the width ends (each continuation behind a `↪`, never cut),
/// tables in aligned columns, link numbers after link text, and the numbered links listed at
/// the end (an inline image by what it shows: `[7] image: Chart`). A blank line separates a
/// list from what follows it. No line is wider than the width.
package enum RichTextLayout {
    package static let quoteBar = "│ "
    package static let bullets = ["•", "◦", "▪"]
    package static let linksHeading = "Links"
    /// Starts each further row of a preformatted line too long for the width.
    package static let continuationMark = "↪"

    static let quoteStyle = Style(.quote, dim: true)
    static let markerStyle = Style(.accent)
    static let linkNumberStyle = Style(.link)
    static let linkStyle = Style(.link, underline: true)
    static let headingStyle = Style(.header, bold: true)
    static let codeStyle = Style(.source)

    package static func lines(_ text: RichText, width: Int) -> [StyledLine] {
        // The layout keeps within the width by construction (tests check it without this);
        // cutting here makes it a promise.
        layOut(text, width: width).map { $0.fitted(to: width) }
    }

    static func layOut(_ text: RichText, width: Int) -> [StyledLine] {
        guard width > 0 else { return [] }
        var lines: [StyledLine] = []
        var indents = ListIndents()
        var previous: RichBlock?
        for block in text.blocks {
            // Items of one list (and the blocks inside them) sit together; other blocks have a blank
            // line between, and so does a list and the text of the item it was nested in, after it.
            let leavesAList = block.listDepth < (previous?.listDepth ?? 0) && !block.isListItem
            if let previous, leavesAList || !(previous.listDepth > 0 && block.listDepth > 0 && previous.quoteDepth == block.quoteDepth) {
                // Inside a quote the blank line keeps the bar, so the quote reads as one.
                let bars = quoteBars(shownQuoteDepth(min(previous.quoteDepth, block.quoteDepth), width: width))
                lines.append(StyledLine(bars.map { StyledLine.Run(String($0.text.dropLast()), $0.style) }))
            }
            if block.listDepth == 0 { indents = ListIndents() }
            lines += blockLines(block, width: width, indents: &indents)
            previous = block
        }
        if !text.links.isEmpty {
            if !lines.isEmpty { lines.append(.blank) }
            lines.append(StyledLine([StyledLine.Run(linksHeading, .accent)]).fitted(to: width))
            for (index, url) in text.links.enumerated() {
                let number = StyledLine.Run("[\(index + 1)] ", linkNumberStyle)
                var words: [StyledWrap.Token] = []
                if let label = text.labels[index + 1] {
                    words = label.split(separator: " ").map { .word(word(String($0), .normal)) }
                }
                words.append(.word(word(url.absoluteString, linkStyle)))
                lines += hanging(first: [number], rest: spaces(TextWidth.of(number.text)), text: words, width: width)
            }
        }
        return lines
    }

    static func blockLines(_ block: RichBlock, width: Int, indents: inout ListIndents) -> [StyledLine] {
        let budget = width / 2  // indentation never takes more than half the line
        let quoteDepth = shownQuoteDepth(block.quoteDepth, width: width)
        let quote = quoteBars(quoteDepth)
        let room = budget - quoteDepth * TextWidth.of(quoteBar)
        let depth = min(block.listDepth, width)  // deeper adds nothing: indents stop at half the width
        // Where every block but a list item starts: under the text of the item it belongs to.
        let prefix = quote + spaces(min(indents.textColumn(depth), room))
        let columns = width - StyledLine(prefix).width
        switch block.content {
        case .listItem(let marker, let runs):
            let lead = min(indents.lead(depth), room)
            var markerText = markerText(marker, depth: depth)
            if lead + TextWidth.of(markerText) + 1 > width - quoteDepth * TextWidth.of(quoteBar) - 1 { markerText = "" }
            let hang = markerText.isEmpty ? lead : lead + TextWidth.of(markerText) + 1
            indents.set(depth, textColumn: hang)
            let first = quote + spaces(lead) + (markerText.isEmpty ? [] : [StyledLine.Run(markerText + " ", markerStyle)])
            return hanging(first: first, rest: quote + spaces(hang), text: tokens(runs), width: width)
        case .paragraph(let runs):
            return hanging(first: prefix, rest: prefix, text: tokens(runs), width: width)
        case .heading(_, let runs):
            return hanging(first: prefix, rest: prefix, text: tokens(runs, heading: true), width: width)
        case .preformatted(let lines):
            let mark = StyledLine.Run(continuationMark, .muted)
            let rest = columns - TextWidth.of(continuationMark)
            // Too narrow for a mark and a wide character: cut, as there is no room to wrap into.
            guard rest >= 2 else { return lines.map { StyledLine(prefix + [StyledLine.Run(TextLayout.truncate($0, to: columns), codeStyle)]) } }
            return lines.flatMap { line in
                TextLayout.split(line, first: columns, rest: rest).enumerated().map { index, piece in
                    StyledLine(prefix + (index == 0 ? [] : [mark]) + [StyledLine.Run(piece, codeStyle)])
                }
            }
        case .table(let rows):
            return TableLayout.lines(rows, columns: columns).map { StyledLine(prefix + $0) }
        case .rule:
            return [StyledLine(prefix + [StyledLine.Run(String(repeating: "─", count: max(0, columns)), .muted)])]
        }
    }

    /// Wrapped text behind `first` on its first line and `rest` on the others.
    static func hanging(first: [StyledLine.Run], rest: [StyledLine.Run], text: [StyledWrap.Token], width: Int) -> [StyledLine] {
        let indent = max(StyledLine(first).width, StyledLine(rest).width)
        guard indent < width else {
            // No room beside the prefix (a link's number on a very narrow screen): it goes above.
            return [StyledLine(first).fitted(to: width)] + StyledWrap.lines(text, columns: width).map(StyledLine.init)
        }
        let wrapped = StyledWrap.lines(text, columns: width - indent)
        return wrapped.enumerated().map { index, runs in StyledLine((index == 0 ? first : rest) + runs) }
    }

    static func tokens(_ runs: [RichRun], heading: Bool = false) -> [StyledWrap.Token] {
        StyledWrap.tokens(runs, style: { style(for: $0, heading: heading) }, linkNumberStyle: linkNumberStyle)
    }

    static func word(_ text: String, _ style: Style) -> StyledWrap.Word {
        var word = StyledWrap.Word()
        word.append(text, style)
        return word
    }

    /// How a run looks: headings in the heading style; links underlined in the link colour;
    /// strong text bold; emphasis underlined (terminals have no dependable italics); code in
    /// its own colour; placeholders dim.
    static func style(for run: RichRun, heading: Bool) -> Style {
        var style = heading ? headingStyle : .normal
        if run.style.contains(.code) { style.role = codeStyle.role }
        if run.style.contains(.placeholder) { style.dim = true }
        if run.link != nil {
            style.role = linkStyle.role
            style.underline = true
        }
        if run.style.contains(.strong) { style.bold = true }
        if run.style.contains(.emphasis) { style.underline = true }
        return style
    }

    static func markerText(_ marker: ListMarker, depth: Int) -> String {
        switch marker {
        case .bullet: bullets[max(0, min(depth, bullets.count) - 1)]
        case .number(let number): "\(number)."
        }
    }

    /// How many of a block's quote bars are drawn: no more than fill half the width.
    static func shownQuoteDepth(_ depth: Int, width: Int) -> Int {
        min(depth, width / 2 / TextWidth.of(quoteBar))
    }

    static func quoteBars(_ count: Int) -> [StyledLine.Run] {
        count > 0 ? [StyledLine.Run(String(repeating: quoteBar, count: count), quoteStyle)] : []
    }

    static func spaces(_ count: Int) -> [StyledLine.Run] {
        count > 0 ? [StyledLine.Run(String(repeating: " ", count: count))] : []
    }
}

extension RichBlock {
    var isListItem: Bool {
        if case .listItem = content { return true }
        return false
    }
}

/// Where each list level's text starts, so that a nested list and the later blocks of an
/// item line up under the item's text whatever its marker's width.
struct ListIndents {
    private var columns: [Int: Int] = [:]

    /// The marker column of an item at `depth`: under the text of the enclosing item.
    func lead(_ depth: Int) -> Int { depth <= 1 ? 0 : textColumn(depth - 1) }

    /// The text column of the latest item at `depth` (0 outside lists); for a level with no
    /// item yet, two columns past the level above.
    func textColumn(_ depth: Int) -> Int {
        var level = depth
        var extra = 0
        while level > 0 {
            if let known = columns[level] { return known + extra }
            level -= 1
            extra += 2
        }
        return extra
    }

    mutating func set(_ depth: Int, textColumn: Int) {
        columns[depth] = textColumn
        // Deeper levels belong to this item now.
        columns = columns.filter { $0.key <= depth }
    }
}
