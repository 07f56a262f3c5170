import FoundationEssentials

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
