import FoundationEssentials

/// What the cache knows of one server's syncs.
public struct ServerSyncRecord: Sendable, Equatable {
    /// The highest article id the last whole sync stored; nil before the first.
    public var cursor: RemoteArticleID?
    /// The last sync that reached the server.
    public var syncedAt: Date?
    /// The first sync that failed to reach it since then ("offline since 14:02").
    public var offlineSince: Date?
    /// The last failure's sentence, until a sync succeeds.
    public var error: String?
    /// Marks made here waiting to be sent.
    public var pendingMarks: Int

    public init(cursor: RemoteArticleID? = nil, syncedAt: Date? = nil, offlineSince: Date? = nil, error: String? = nil, pendingMarks: Int = 0) {
        self.cursor = cursor
        self.syncedAt = syncedAt
        self.offlineSince = offlineSince
        self.error = error
        self.pendingMarks = pendingMarks
    }
}

/// One of a server's feeds as the cache keeps it: a source like any other (lists, counts,
/// search), named by the server.
public struct ServerFeedRecord: Sendable, Equatable {
    public var key: SourceKey
    public var remoteID: RemoteFeedID
    public var title: String
    public var category: String?

    public init(key: SourceKey, remoteID: RemoteFeedID, title: String, category: String?) {
        self.key = key
        self.remoteID = remoteID
        self.title = title
        self.category = category
    }
}

extension SourceKey {
    /// The key of a server's feed. Unit separators around the parts: a config's source names are
    /// sanitised and never hold one, so no source of the config can take this key.
    public static func serverFeed(server: String, feed: RemoteFeedID) -> SourceKey {
        SourceKey("\u{1F}server\u{1F}\(server)\u{1F}\(feed.rawValue)")
    }

    /// Whether this is the key of one of `server`'s feeds.
    public func isFeed(of server: String) -> Bool {
        rawValue.hasPrefix("\u{1F}server\u{1F}\(server)\u{1F}")
    }
}
