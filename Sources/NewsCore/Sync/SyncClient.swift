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

    /// The server's unread and starred articles, for the feeds `RemoteMarks` says they are
    /// complete for. `local` is what the cache holds: a client whose server has counters may
    /// ask only about the feeds where the server's marks differ from it.
    func marks(comparedWith local: LocalMarks) async throws -> RemoteMarks

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

/// What the cache holds of one server's marks, for `SyncClient.marks`.
public struct LocalMarks: Sendable, Equatable {
    /// Unread and starred counts per feed.
    public var counts: [RemoteFeedID: MarkCounts]
    /// The articles held unread, and those held starred.
    public var unread: Set<RemoteArticleID>
    public var starred: Set<RemoteArticleID>
    /// The last whole sync before this one; nil when the marks held all came with this sync.
    public var previousSync: Date?

    public init(
        counts: [RemoteFeedID: MarkCounts], unread: Set<RemoteArticleID> = [], starred: Set<RemoteArticleID> = [], previousSync: Date? = nil
    ) {
        self.counts = counts
        self.unread = unread
        self.starred = starred
        self.previousSync = previousSync
    }
}

/// The server's marks: every unread article of `unreadFeeds` and every starred one of
/// `starredFeeds` (nil: of all feeds). An article of `unreadFeeds` not in `unread` is read on
/// the server; one of `starredFeeds` not in `starred` is not starred there.
public struct RemoteMarks: Sendable, Equatable {
    public var unread: Set<RemoteArticleID>
    public var starred: Set<RemoteArticleID>
    /// The feeds `unread` is complete for; nil when it is complete for the whole account.
    public var unreadFeeds: Set<RemoteFeedID>?
    /// The feeds `starred` is complete for; nil when it is complete for the whole account.
    public var starredFeeds: Set<RemoteFeedID>?

    public init(unread: Set<RemoteArticleID>, starred: Set<RemoteArticleID>, feeds: Set<RemoteFeedID>? = nil) {
        self.init(unread: unread, starred: starred, unreadFeeds: feeds, starredFeeds: feeds)
    }

    public init(unread: Set<RemoteArticleID>, starred: Set<RemoteArticleID>, unreadFeeds: Set<RemoteFeedID>?, starredFeeds: Set<RemoteFeedID>?) {
        self.unread = unread
        self.starred = starred
        self.unreadFeeds = unreadFeeds
        self.starredFeeds = starredFeeds
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
