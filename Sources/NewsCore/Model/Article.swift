import FoundationEssentials

/// One news article, from whichever source. Every text field has been through `Sanitizer`;
/// empty strings are nil; `url`, when there is one, is an absolute http(s) URL.
public struct Article: Sendable, Hashable {
    public var sourceName: String?
    public var author: String?
    public var title: String
    public var description: String?
    /// The story's address; nil when the source gives none (announcements, podcasts, JSON Feed
    /// items with only an `id`): then there is nothing to open in a browser.
    public var url: URL?
    public var imageURL: URL?
    public var publishedAt: Date?
    /// NewsAPI's `content` (a truncated extract); feeds leave it nil and give `body`.
    public var content: String?
    /// The source's own identifier for the item (RSS `guid`, Atom `id`, JSON Feed `id`),
    /// sanitised; nil when it gives none (NewsAPI never does).
    public var guid: String?
    /// The full text, when the source gives one (feeds). Never drawn as is: HTML goes through
    /// the HTML-to-text conversion, which sanitises everything it outputs.
    public var body: ArticleBody?
    /// The file it carries (a podcast's episode), when the source gives one.
    public var enclosure: Enclosure?
    /// The text read from the article's own page, when it was (`x`, `full-text = yes`); the
    /// cache keeps it apart from what the feed sent, which refreshes replace.
    public var fullText: FullText?

    /// The identity a store keys the article by within its source: the GUID when the source
    /// gives one, else the URL, else (an article with neither) its title and date.
    public var identity: String {
        if let guid { return "g:" + guid }
        if let url { return "u:" + url.absoluteString }
        return "t:" + (publishedAt.map(ISO8601.formatUTC) ?? "") + " " + title
    }

    public init(
        sourceName: String? = nil, author: String? = nil, title: String, description: String? = nil,
        url: URL?, imageURL: URL? = nil, publishedAt: Date? = nil, content: String? = nil,
        guid: String? = nil, body: ArticleBody? = nil, enclosure: Enclosure? = nil
    ) {
        self.sourceName = sourceName
        self.author = author
        self.title = title
        self.description = description
        self.url = url
        self.imageURL = imageURL
        self.publishedAt = publishedAt
        self.content = content
        self.guid = guid
        self.body = body
        self.enclosure = enclosure
    }
}

/// An article's full text as the source gave it, capped at `TextLimits.body` characters.
public enum ArticleBody: Sendable, Hashable {
    /// HTML (RSS `content:encoded`, Atom `html`/`xhtml` content, JSON Feed `content_html`).
    case html(String)
    /// Plain text (Atom `text` content, JSON Feed `content_text`), line breaks kept.
    case text(String)
}
