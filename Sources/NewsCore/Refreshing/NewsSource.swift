import FoundationEssentials

/// Anything Headlines can show: a NewsAPI query (`NewsAPISource`), a feed or document at a URL
/// or path (`DocumentSource`), or a feed server's feed (`ServerFeedSource`).
public protocol NewsSource: Sendable {
    /// How the source is named in the status bar and in messages.
    var name: String { get }
    /// Its identity in the cache: stable across runs, the same for the same URL or query.
    var key: SourceKey { get }
    /// The host its requests go to, for the per-host limit; nil for a local file.
    var host: String? { get }
    /// Where it is read from, as the diagnostic log names it when a fetch fails before any
    /// answer (never with a secret in it).
    var location: URL { get }
    /// How a refresh reaches its articles: an edition fetched for the loader to merge, or a
    /// sync with its server, which stores them itself.
    var refresh: SourceRefresh { get }
    /// Its articles carry the source's own name (a config's named feed): a list of it alone
    /// needs no column saying where each came from. False by default.
    var namesArticles: Bool { get }
    /// How its service searches everything it holds (NewsAPI's `everything`); nil (the default)
    /// for a source whose service searches nothing.
    var search: SourceSearch? { get }
    /// The server account whose sync brings its articles, and takes back the marks made on
    /// them; nil for a source fetched on its own (the default).
    var account: (any SourceAccount)? { get }
}

/// A service's own search: each query becomes a source whose edition is the answer.
public struct SourceSearch: Sendable {
    /// The service, as the Search screen names it ("and NewsAPI").
    public let serviceName: String
    private let query: @Sendable (String) -> any FetchedSource

    public init(serviceName: String, query: @escaping @Sendable (String) -> any FetchedSource) {
        self.serviceName = serviceName
        self.query = query
    }

    /// The search for `text`, to fetch.
    public func source(for text: String) -> any FetchedSource { query(text) }
}

extension NewsSource {
    public var namesArticles: Bool { false }

    public var search: SourceSearch? { nil }

    public var account: (any SourceAccount)? { nil }
}

/// A source whose edition is fetched (a feed, a page, a NewsAPI query): the loader makes the
/// request conditional, holds a connection slot for it and merges what comes back.
public protocol FetchedSource: NewsSource {
    /// Fetches the current edition, conditionally when `validators` are given (an unchanged
    /// source answers `.notModified`). Honours task cancellation; throws `CancellationError` then.
    func fetch(validators: HTTPValidators?) async throws -> FetchResult
    /// Fetches as the cache's `plan` says: a source whose page named a feed asks that feed
    /// directly. Sources that are never pages need not implement it.
    func fetch(_ plan: FetchPlan) async throws -> FetchResult
}

extension FetchedSource {
    public var refresh: SourceRefresh { .fetched(self) }

    public func fetch(_ plan: FetchPlan) async throws -> FetchResult {
        try await fetch(validators: plan.validators)
    }

    /// Fetches the current edition, unconditionally.
    public func fetch() async throws -> Edition {
        try await fetch(validators: nil).requireEdition()
    }
}

/// How a refresh reaches a source's articles: one of two kinds, each answering what it brought
/// so that the library marks what is new the same way for both.
public enum SourceRefresh: Sendable {
    /// An edition fetched and merged by `SourceLoader`.
    case fetched(any FetchedSource)
    /// A sync with the source's server account, which stores the articles itself.
    case synced(@Sendable () async throws -> SyncedArticles)
}

/// What a sync brought for the library: the articles new to the cache, by id.
public struct SyncedArticles: Sendable, Equatable {
    /// The new articles' ids (a first sync of a large account lists its first 100,000).
    public var added: Set<ArticleID>
    /// New articles beyond those listed in `added`.
    public var unlisted = 0
    /// The account's first sync: everything in it is new to the cache, none of it news.
    public var isFirstSync = false
    /// One sentence each, for the status line ("12 new from Home.", marks the server refused).
    public var notes: [String] = []
    /// A sentence the person hears at once, wherever they are: marks the server refused and that
    /// were set aside (a sync may send a mark before the mark's own send does).
    public var alert: String?

    public init(added: Set<ArticleID>, unlisted: Int = 0, isFirstSync: Bool = false, notes: [String] = [], alert: String? = nil) {
        self.added = added
        self.unlisted = unlisted
        self.isFirstSync = isFirstSync
        self.notes = notes
        self.alert = alert
    }
}
