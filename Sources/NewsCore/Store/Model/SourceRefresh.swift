import FoundationEssentials

/// How a source's last refresh ended.
public enum RefreshOutcome: Sendable, Hashable {
    /// An edition arrived and was merged.
    case updated
    /// The server answered 304 Not Modified.
    case notModified
    /// The refresh failed; the sentence a person reads.
    case failed(String)
}

/// What the store knows of a source's refreshes: enough to make the next request conditional,
/// to honour `Retry-After`, and to say "offline since ...".
public struct SourceRefreshState: Sendable, Hashable {
    /// When the last refresh ended (whatever its outcome).
    public var lastAttempt: Date?
    public var outcome: RefreshOutcome?
    /// When a refresh last got an answer (an edition or a 304).
    public var lastSuccess: Date?
    public var validators: HTTPValidators
    /// Do not ask the server again before this time.
    public var retryAfter: Date?
    /// The feed the source's web page named; `validators` are that feed's.
    public var feed: DiscoveredFeed?

    public init(
        lastAttempt: Date? = nil, outcome: RefreshOutcome? = nil, lastSuccess: Date? = nil,
        validators: HTTPValidators = HTTPValidators(), retryAfter: Date? = nil, feed: DiscoveredFeed? = nil
    ) {
        self.lastAttempt = lastAttempt
        self.outcome = outcome
        self.lastSuccess = lastSuccess
        self.validators = validators
        self.retryAfter = retryAfter
        self.feed = feed
    }
}

/// One row of the Sources screen as the store sees it.
public struct SourceSummary: Sendable, Hashable {
    public var key: SourceKey
    /// The feed's own title from its last edition.
    public var title: String?
    public var articleCount: Int
    public var unreadCount: Int
    public var refresh: SourceRefreshState
    /// Articles the reader's rules hide (`ignore`, `max-items`): in the cache, left out of the counts above.
    public var hiddenCount: Int

    public init(key: SourceKey, title: String?, articleCount: Int, unreadCount: Int, refresh: SourceRefreshState, hiddenCount: Int = 0) {
        self.key = key
        self.hiddenCount = hiddenCount
        self.title = title
        self.articleCount = articleCount
        self.unreadCount = unreadCount
        self.refresh = refresh
    }
}
