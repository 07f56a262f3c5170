/// The element names extraction sorts by: which break text into blocks, and which an extracted
/// body keeps (the HTML the article renderer lays out; any other element leaves only its text).
enum ArticleElements {
    /// Elements that start a block of their own (everything else flows within a line).
    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "center", "dd", "details", "dialog", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
        "hr", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th",
        "thead", "tr", "ul", "caption", "html", "listing", "br",
    ]

    /// Elements written out as they are (attributes aside).
    static let kept: Set<String> = [
        "p", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "code", "kbd", "samp", "table", "caption",
        "tr", "td", "th", "figure", "figcaption", "em", "i", "strong", "b", "br", "hr", "dl", "dt", "dd", "sub", "sup",
        "cite", "q", "var", "dfn", "tt",
    ]

    /// Blocks written as a plain `<div>` (so that their text stays apart from what is around it).
    static let neutralBlocks: Set<String> = [
        "div", "section", "article", "main", "center", "address", "details", "summary", "hgroup", "header", "footer",
        "aside", "form", "fieldset", "listing",
    ]
}
