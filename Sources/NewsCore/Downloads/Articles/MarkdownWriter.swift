import FoundationEssentials

/// An article's rich text as CommonMark that renders back to the same structure: paragraphs
/// apart by a blank line, headings as `#`, lists as `-` and `1.` (nested by indenting), block
/// quotes as `>`, code blocks fenced, emphasis, links as `[text](url)`, each picture
/// `![alt](url)` on a line of its own. Text that Markdown would read as markup is escaped.
enum MarkdownWriter {
    static func markdown(_ rich: RichText) -> String {
        var text = ""
        var previous: RichBlock?
        for block in rich.blocks {
            let lines = self.lines(of: block, in: rich)
            guard !lines.isEmpty else { continue }
            if let previous {
                // Items of one list follow each other on the next line (a tight list); other blocks are a blank line apart.
                let tight = isItem(previous) && isItem(block)
                text += "\n"
                if !tight { text += quotePrefix(min(previous.quoteDepth, block.quoteDepth)).trimmingSpaces() + "\n" }
            }
            let quote = quotePrefix(block.quoteDepth)
            let indent = String(repeating: " ", count: 4 * max(0, block.listDepth - (isItem(block) ? 1 : 0)))
            text += lines.enumerated().map { index, line in
                // An item's marker is on its first line; its other lines sit at its content's column.
                let lead = isItem(block) && index > 0 ? indent + "    " : indent
                return line.isEmpty ? quote.trimmingSpaces() : quote + lead + line
            }.joined(separator: "\n")
            previous = block
        }
        return text
    }

    private static func isItem(_ block: RichBlock) -> Bool {
        if case .listItem = block.content { return true }
        return false
    }

    private static func quotePrefix(_ depth: Int) -> String { String(repeating: "> ", count: depth) }

    /// A block's lines, before its quote marks and indentation ("" a blank line inside it).
    private static func lines(of block: RichBlock, in rich: RichText) -> [String] {
        switch block.content {
        case .paragraph(let runs):
            return inlineLines(runs, rich)
        case .heading(let level, let runs):
            // A heading is one line: its breaks become spaces, its pictures follow it.
            let all = inlineLines(runs, rich).filter { !$0.isEmpty }
            let pictures = all.filter { $0.hasPrefix("![") }
            let text = all.filter { !$0.hasPrefix("![") }.map { $0.hasSuffix("\\") ? String($0.dropLast()) : $0 }.joined(separator: " ")
            guard !text.isEmpty else { return pictures }
            return [String(repeating: "#", count: min(6, max(1, level))) + " " + text] + pictures.flatMap { ["", $0] }
        case .listItem(let marker, let runs):
            var lines = inlineLines(runs, rich)
            let mark: String
            switch marker {
            case .bullet: mark = "- "
            case .number(let number): mark = "\(number). "
            }
            if lines.isEmpty { lines = [""] }
            lines[0] = mark + lines[0]
            return lines
        case .preformatted(let lines):
            let longest = lines.map(longestBacktickRun).max() ?? 0
            let fence = String(repeating: "`", count: max(3, longest + 1))
            return [fence] + lines + [fence]
        case .table(let rows):
            guard let first = rows.first else { return [] }
            let columns = rows.map(\.count).max() ?? first.count
            func row(_ cells: [RichCell]) -> String {
                let texts = (0..<columns).map { $0 < cells.count ? cellText(cells[$0], rich) : "" }
                return "| " + texts.joined(separator: " | ") + " |"
            }
            return [row(first), "| " + Array(repeating: "---", count: columns).joined(separator: " | ") + " |"] + rows.dropFirst().map(row)
        case .rule:
            return ["* * *"]
        }
    }

    private static func cellText(_ cell: RichCell, _ rich: RichText) -> String {
        inlineLines(cell.runs, rich).filter { !$0.isEmpty }.joined(separator: " ").replacing("\\\n", with: " ").replacing("|", with: "\\|")
    }

    /// Runs as lines: text (hard breaks kept as `\` at a line's end), each picture on a line of its own between blank lines.
    private static func inlineLines(_ runs: [RichRun], _ rich: RichText) -> [String] {
        var lines: [String] = []
        var pending: [RichRun] = []
        func flushText() {
            let text = inline(pending, rich).trimmingSpaces()
            pending = []
            guard !text.isEmpty else { return }
            if !lines.isEmpty { lines.append("") }
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { escapeLineStart(String($0).trimmingSpaces()) }
        }
        for run in runs {
            if run.style.contains(.placeholder), let number = run.link, let label = rich.labels[number], label.hasPrefix("image"),
                let url = rich.link(number)
            {
                flushText()
                if !lines.isEmpty { lines.append("") }
                lines.append(ArticleMarkdown.picture(alt: label.hasPrefix("image: ") ? String(label.dropFirst("image: ".count)) : "", url))
            } else {
                pending.append(run)
            }
        }
        flushText()
        return lines
    }

    /// Runs as one inline text: links as `[text](url)`, emphasis, strong and code marked, a
    /// hard break as `\` and a newline.
    private static func inline(_ runs: [RichRun], _ rich: RichText) -> String {
        var text = ""
        var index = 0
        while index < runs.count {
            let link = runs[index].link.flatMap { number in rich.labels[number] == nil ? rich.link(number) : nil }
            var end = index + 1
            if link != nil { while end < runs.count, runs[end].link == runs[index].link, !runs[end].isLineBreak { end += 1 } }
            let inner = styled(Array(runs[index..<end]))
            if let link, !inner.trimmingSpaces().isEmpty {
                let (lead, core, trail) = splitSpaces(inner)
                text += lead + "[" + core + "](" + address(link) + ")" + trail
            } else {
                text += inner
            }
            index = end
        }
        return text
    }

    /// Runs of one link (or none) with their styles, neighbours of one style marked together.
    private static func styled(_ runs: [RichRun]) -> String {
        var text = ""
        var index = 0
        while index < runs.count {
            if runs[index].isLineBreak {
                text += "\\\n"
                index += 1
                continue
            }
            let style = runs[index].style.subtracting(.placeholder)
            var end = index + 1
            while end < runs.count, !runs[end].isLineBreak, runs[end].style.subtracting(.placeholder) == style { end += 1 }
            let raw = runs[index..<end].map(\.text).joined()
            index = end
            guard !raw.trimmingSpaces().isEmpty else {
                text += raw
                continue
            }
            let (lead, core, trail) = splitSpaces(raw)
            var marked: String
            if style.contains(.code) {
                let fence = String(repeating: "`", count: longestBacktickRun(core) + 1)
                let pad = core.hasPrefix("`") || core.hasSuffix("`") ? " " : ""
                marked = fence + pad + core + pad + fence
            } else {
                marked = escape(core)
                if style.contains(.emphasis) { marked = "*" + marked + "*" }
                if style.contains(.strong) { marked = "**" + marked + "**" }
            }
            text += lead + marked + trail
        }
        return text
    }

    /// Leading spaces, the text between, trailing spaces: markers go round the middle only.
    private static func splitSpaces(_ text: String) -> (String, String, String) {
        let lead = text.prefix { $0 == " " }
        let rest = text.dropFirst(lead.count)
        let trail = rest.reversed().prefix { $0 == " " }
        guard lead.count < text.count else { return (text, "", "") }
        return (String(lead), String(rest.dropLast(trail.count)), String(repeating: " ", count: trail.count))
    }

    /// Characters Markdown reads as markup anywhere in a line, escaped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            if "\\`*_[]<>&".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// A line that Markdown would read as a block's start (`# `, `- `, `1. `, `>`) escaped.
    private static func escapeLineStart(_ line: String) -> String {
        guard let first = line.first else { return line }
        if "#+-=".contains(first) { return "\\" + line }
        let digits = line.prefix(while: \.isASCIIDigit)
        if !digits.isEmpty, digits.count <= 9, let after = line.dropFirst(digits.count).first, after == "." || after == ")" {
            return digits + "\\" + line.dropFirst(digits.count)
        }
        return line
    }

    /// A link's address as a destination: what would end it escaped.
    private static func address(_ url: URL) -> String {
        url.absoluteString.replacing("(", with: "%28").replacing(")", with: "%29").replacing(" ", with: "%20").replacing("<", with: "%3C")
            .replacing(">", with: "%3E")
    }

    private static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0
        var current = 0
        for character in text {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
