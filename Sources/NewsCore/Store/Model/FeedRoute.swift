import FoundationEssentials

/// How a document source's edition was reached, so that the next refresh can go the same way.
/// A source whose URL is a web page is read once to find its feed; after that the feed is asked
/// for directly, with its own validators (a page's ETag says nothing about its feed).
public enum FeedRoute: Sendable, Hashable {
    /// The location is the document itself (a feed, a NewsAPI query).
    case direct
    /// The location is a web page; it was read just now and named this feed, fetched in its place.
    case foundOnPage(URL)
    /// The feed a page named earlier, asked for directly; the page was not read.
    case remembered(URL)

    /// The feed a page named, whichever refresh found it.
    public var feed: URL? {
        switch self {
        case .direct: return nil
        case .foundOnPage(let url), .remembered(let url): return url
        }
    }
}

/// A feed a web page named, as the cache remembers it.
public struct DiscoveredFeed: Sendable, Hashable {
    public var url: URL
    /// When the page was last read and named it.
    public var foundAt: Date

    public init(url: URL, foundAt: Date) {
        self.url = url
        self.foundAt = foundAt
    }
}
