/// What the converter makes of each element name it knows; any other element is only a
/// container for its text (`span`, `font`, `abbr`...). One lookup per tag.
enum HTMLElement: Equatable {
    case emphasis, strong, code, link, lineBreak, image, rule, quote, preformatted, list, item
    case heading(Int)
    /// `table`, `tr`, `caption`, `td`, `th`.
    case tablePart
    /// Starts and ends a block of its own and carries nothing else.
    case boundary
    /// Content that is not text to read (drawings, formulas, fallbacks); `placeholder` is
    /// shown instead, linked to the element's `src`, when there is one.
    case skipped(placeholder: String?)
    /// Shown as a placeholder linked to its `src`; its content (if any) is not the tokenizer's to drop.
    case media(String)

    static func named(_ name: String) -> HTMLElement? { table[name] }

    /// Block elements that get an entry on the stack, so that their end tags find them.
    var isStructural: Bool {
        switch self {
        case .list, .item, .quote, .preformatted, .heading: true
        default: false
        }
    }

    private static let table: [String: HTMLElement] = {
        var table: [String: HTMLElement] = [
            "a": .link, "br": .lineBreak, "img": .image, "hr": .rule, "blockquote": .quote, "li": .item,
            "pre": .preformatted, "listing": .preformatted,
            "table": .tablePart, "tr": .tablePart, "caption": .tablePart, "td": .tablePart, "th": .tablePart,
            "svg": .skipped(placeholder: nil), "math": .skipped(placeholder: nil), "object": .skipped(placeholder: nil),
            "video": .skipped(placeholder: "[video]"), "audio": .skipped(placeholder: "[audio]"),
            "iframe": .media("[embedded]"), "embed": .media("[embedded]"),
        ]
        for name in ["em", "i", "cite", "dfn", "var", "q"] { table[name] = .emphasis }
        for name in ["strong", "b"] { table[name] = .strong }
        for name in ["code", "kbd", "samp", "tt"] { table[name] = .code }
        for name in ["ul", "ol", "menu", "dir"] { table[name] = .list }
        for level in 1...6 { table["h\(level)"] = .heading(level) }
        for name in [
            "address", "article", "aside", "body", "center", "dd", "details", "dialog", "div", "dl", "dt",
            "fieldset", "figcaption", "figure", "footer", "form", "header", "hgroup", "html", "main", "nav",
            "p", "search", "section", "summary",
        ] { table[name] = .boundary }
        return table
    }()
}
