import FoundationEssentials

/// An article read out of its web page: its body as the HTML the article renderer lays out
/// (paragraphs, headings, lists, quotes, tables, figures, code; nothing else), the same as
/// plain text, and what the page says of it. Every string is sanitised; every address is an
/// absolute http(s) one.
public struct ExtractedArticle: Sendable, Equatable {
    /// The page it came from (after redirects).
    public var url: URL
    /// The page's canonical address, when it names one.
    public var canonicalURL: URL?
    public var title: String?
    /// Who wrote it, as the page names them (several joined by commas).
    public var byline: String?
    public var published: Date?
    /// The page's own lead picture (`og:image`, JSON-LD), else the body's first.
    public var leadImageURL: URL?
    public var siteName: String?
    public var language: String?
    /// The body, for `ArticleBody.html` and `HTMLText.richText`.
    public var html: String
    /// The body as text: one block a paragraph, blank lines between (for search, saving and pipes).
    public var text: String
    /// True when the page or the body was larger than the extractor reads: the end is missing.
    public var truncated: Bool
    /// The page may hold no article: what was found reads as a front page or a list of links.
    /// It is shown as found, marked so, rather than refused (the feed's text is one key away).
    public var doubtful = false

    /// The body's words, roughly (white-space separated).
    public var wordCount: Int { text.split(whereSeparator: \.isWhitespace).count }
}
