import FoundationEssentials

/// A feed found in an OPML file, sanitised and checked.
public struct OPMLFeed: Sendable, Equatable {
    /// `title`, else `text`; nil when neither has any text.
    public var title: String?
    /// `xmlUrl`: always http or https, with a host.
    public var url: URL
    /// `htmlUrl`, when it is an http(s) URL.
    public var site: URL?
    /// The folders the outline sits in, joined with `/`; else its first OPML 2.0 `category`.
    public var group: String?

    public init(title: String?, url: URL, site: URL? = nil, group: String? = nil) {
        self.title = title
        self.url = url
        self.site = site
        self.group = group
    }
}

/// What an OPML file holds: its feeds in document order, and the feed URLs that Headlines
/// cannot take (programs, filters, local files, other schemes), sanitised for a message.
public struct OPMLOutlines: Sendable, Equatable {
    public var feeds: [OPMLFeed] = []
    public var unsupported: [String] = []

    public init(feeds: [OPMLFeed] = [], unsupported: [String] = []) {
        self.feeds = feeds
        self.unsupported = unsupported
    }
}
