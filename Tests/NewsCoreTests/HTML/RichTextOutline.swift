import Foundation
@testable import NewsCore

/// `RichText` written compactly, so that expected results read as one line per block:
/// `# Title` (heading level 1), `L2 • item` (list depth 2), `> ` per quote level,
/// `pre|line|line`, `table: a | b / c | d`, `---`; inside text `**strong**`, `_emphasis_`,
/// `` `code` ``, `[link text](N)`, `{placeholder}`, and `⏎` for a line break.
enum RichTextOutline {
    static func of(_ html: String, baseURL: URL? = nil) -> [String] {
        of(HTMLText.richText(html, baseURL: baseURL))
    }

    static func of(_ text: RichText) -> [String] {
        text.blocks.map(line)
    }

    static func line(_ block: RichBlock) -> String {
        let quote = String(repeating: "> ", count: block.quoteDepth)
        let list = block.listDepth > 0 ? "L\(block.listDepth) " : ""
        let body: String
        switch block.content {
        case .paragraph(let runs): body = text(runs)
        case .heading(let level, let runs): body = String(repeating: "#", count: level) + " " + text(runs)
        case .listItem(.bullet, let runs): body = "• " + text(runs)
        case .listItem(.number(let number), let runs): body = "\(number). " + text(runs)
        case .preformatted(let lines): body = "pre|" + lines.joined(separator: "|")
        case .table(let rows):
            body =
                "table: "
                + rows.map { row in
                    row.map { $0.isHeader ? "*" + text($0.runs) + "*" : text($0.runs) }.joined(separator: " | ")
                }.joined(separator: " / ")
        case .rule: body = "---"
        }
        return quote + list + body
    }

    /// Runs with their styles marked; neighbouring runs of one link are shown as one link.
    static func text(_ runs: [RichRun]) -> String {
        var result = ""
        var index = 0
        while index < runs.count {
            guard let link = runs[index].link else {
                result += styled(runs[index])
                index += 1
                continue
            }
            var inner = ""
            while index < runs.count, runs[index].link == link {
                inner += styled(runs[index])
                index += 1
            }
            result += wrap(inner, "[", "](\(link))")
        }
        return result
    }

    static func styled(_ run: RichRun) -> String {
        if run.isLineBreak { return "⏎" }
        var text = run.text
        if run.style.contains(.placeholder) { text = wrap(text, "{", "}") }
        if run.style.contains(.code) { text = wrap(text, "`", "`") }
        if run.style.contains(.emphasis) { text = wrap(text, "_", "_") }
        if run.style.contains(.strong) { text = wrap(text, "**", "**") }
        return text
    }

    /// `text` between markers, its edge spaces left outside them (where a reader sees them:
    /// which run holds the space between two runs does not matter).
    static func wrap(_ text: String, _ open: String, _ close: String) -> String {
        let leading = text.prefix { $0 == " " }
        let trailing = text.dropFirst(leading.count).reversed().prefix { $0 == " " }
        let core = text.dropFirst(leading.count).dropLast(trailing.count)
        return leading + open + core + close + String(trailing)
    }

    /// Every string the document holds, for checks that hold of all of them.
    static func strings(_ text: RichText) -> [String] {
        var strings = text.links.map(\.absoluteString)
        for block in text.blocks {
            switch block.content {
            case .paragraph(let runs), .heading(_, let runs), .listItem(_, let runs): strings += runs.map(\.text)
            case .preformatted(let lines): strings += lines
            case .table(let rows): strings += rows.flatMap { $0.flatMap { $0.runs.map(\.text) } }
            case .rule: break
            }
        }
        return strings
    }

    /// No control character (C0 but the line break run's newline, DEL, C1) and no bidi override.
    static func isSafe(_ string: String) -> Bool {
        string == "\n"
            || !string.unicodeScalars.contains { scalar in
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            }
    }
}
