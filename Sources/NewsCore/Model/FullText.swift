import FoundationEssentials

/// An article's full text, read from its own web page (`x`, or `full-text = yes`) when its feed
/// sent only a summary: the page's body as the HTML the article renderer lays out, where it
/// came from and when. Kept in the cache beside the article, so it reads offline too.
public struct FullText: Sendable, Hashable {
    /// The body, for `ArticleBody.html`: sanitised, as the extractor writes it.
    public var html: String
    /// The page it was read from (after redirects).
    public var page: URL
    public var fetchedAt: Date
    /// The page was larger than the extractor reads: the end is missing.
    public var truncated: Bool
    /// The page may hold no article (it reads as a front page or a list of links): shown as found, marked so.
    public var doubtful: Bool

    public init(html: String, page: URL, fetchedAt: Date, truncated: Bool = false, doubtful: Bool = false) {
        self.html = html
        self.page = page
        self.fetchedAt = fetchedAt
        self.truncated = truncated
        self.doubtful = doubtful
    }
}

extension Article {
    /// The article as read with its full text: the page's body in place of the feed's (the full
    /// text stays set, so the header can say where the body came from). Unchanged without one.
    public var readingFullText: Article {
        guard let fullText else { return self }
        var article = self
        article.body = .html(fullText.html)
        return article
    }

    /// The article as its feed sent it: no full text.
    public var readingFeedText: Article {
        var article = self
        article.fullText = nil
        return article
    }
}
