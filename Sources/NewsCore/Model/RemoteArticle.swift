import FoundationEssentials

/// A server's id for one of its articles.
public struct RemoteArticleID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int64
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
}

/// A server's id for one of its feeds.
public struct RemoteFeedID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int64
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
}

/// One feed the account subscribes to. Texts are sanitised by the client.
public struct RemoteFeed: Sendable, Equatable {
    public var id: RemoteFeedID
    public var title: String
    /// The feed's own address, when the server says.
    public var url: URL?
    /// The category (TT-RSS) or group (Fever) it is filed under; nil when none.
    public var category: String?

    public init(id: RemoteFeedID, title: String, url: URL? = nil, category: String? = nil) {
        self.id = id
        self.title = title
        self.url = url
        self.category = category
    }
}

/// One article as the server has it: its ids, the article (sanitised, full text in `body`),
/// and the server's marks.
public struct RemoteArticle: Sendable, Equatable {
    public var id: RemoteArticleID
    public var feed: RemoteFeedID
    public var article: Article
    public var unread: Bool
    public var starred: Bool

    public init(id: RemoteArticleID, feed: RemoteFeedID, article: Article, unread: Bool, starred: Bool) {
        self.id = id
        self.feed = feed
        self.article = article
        self.unread = unread
        self.starred = starred
    }
}
