import FoundationEssentials

/// What Headlines needs from a feed server (Tiny Tiny RSS, Fever): its feeds, its articles
/// after a cursor with their full text, its read and starred marks, and taking ours. The
/// `SyncEngine` drives a client and keeps the cache; a client only speaks its protocol.
///
/// Every method may throw `SyncError` (the one sentence a person reads), `CancellationError`,
/// or what a `receive` closure threw. Requests go through `HTTPClient`, so each is bounded by
/// the same caps and deadlines as a feed.
public protocol SyncClient: Sendable {
    /// The server's feeds, each with the category (group) it is filed under.
    func feeds() async throws -> [RemoteFeed]

    /// Articles with their full text and marks, page by page, each page handed to `receive`
    /// before the next is asked for (so that a cut sync keeps what it got).
    /// - `after: nil` (the first sync): every unread and every starred article.
    /// - `after: id`: every article whose id is greater than `id`.
    func articles(after cursor: RemoteArticleID?, receive: @Sendable ([RemoteArticle]) async throws -> Void) async throws

    /// The given articles (marked unread or starred elsewhere, older than the cursor), as far as
    /// the server still has them.
    func articles(withIDs ids: [RemoteArticleID]) async throws -> [RemoteArticle]

    /// The server's unread and starred articles, for the feeds in `RemoteMarks.feeds`.
    /// `local` gives the cache's counts per feed: a client whose server has counters may ask
    /// only about the feeds whose counts differ.
    func marks(comparedWith local: [RemoteFeedID: MarkCounts]) async throws -> RemoteMarks

    /// Sends marks made here, in as few requests as the protocol allows. Marks are idempotent:
    /// sending one twice (a batch cut mid-way, then resent) changes nothing more.
    func send(_ marks: [MarkChange]) async throws

    /// Asks the server to fetch its feeds (or `feed`) now, where the protocol can; else nothing.
    func requestUpdate(of feed: RemoteFeedID?) async throws

    /// Subscribes the account to `url`; throws `SyncError.unsupported` where the protocol cannot.
    func subscribe(to url: URL) async throws -> RemoteFeedID
}

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

/// The cache's counts for one feed.
public struct MarkCounts: Sendable, Equatable {
    public var unread: Int
    public var starred: Int
    public init(unread: Int, starred: Int) {
        self.unread = unread
        self.starred = starred
    }
}

/// The server's marks: every unread and every starred article of `feeds` (nil: of all feeds).
/// An article of those feeds in neither set is read and not starred on the server.
public struct RemoteMarks: Sendable, Equatable {
    public var unread: Set<RemoteArticleID>
    public var starred: Set<RemoteArticleID>
    /// The feeds these sets are complete for; nil when they are complete for the whole account.
    public var feeds: Set<RemoteFeedID>?

    public init(unread: Set<RemoteArticleID>, starred: Set<RemoteArticleID>, feeds: Set<RemoteFeedID>? = nil) {
        self.unread = unread
        self.starred = starred
        self.feeds = feeds
    }
}

/// One mark made here, waiting in the outbox to be sent.
public struct MarkChange: Sendable, Hashable {
    public enum Field: String, Sendable, Hashable {
        case read
        case starred
    }

    public var article: RemoteArticleID
    public var field: Field
    /// Read (for `.read`) or starred (for `.starred`).
    public var value: Bool

    public init(article: RemoteArticleID, field: Field, value: Bool) {
        self.article = article
        self.field = field
        self.value = value
    }
}
