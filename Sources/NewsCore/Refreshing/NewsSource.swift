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
    /// Fetches the current edition, conditionally when `validators` are given (an unchanged
    /// source answers `.notModified`). Honours task cancellation; throws `CancellationError` then.
    func fetch(validators: HTTPValidators?) async throws -> FetchResult
    /// Fetches as the cache's `plan` says: a source whose page named a feed asks that feed
    /// directly. Sources that are never pages need not implement it.
    func fetch(_ plan: FetchPlan) async throws -> FetchResult
    /// Refreshes a source that stores its articles itself (a server's feed, synced with its
    /// server) and says what changed; nil for one whose edition `SourceLoader` fetches and
    /// merges (the default).
    func refreshStoringItself() async throws -> RefreshReport?
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
    private let query: @Sendable (String) -> any NewsSource

    public init(serviceName: String, query: @escaping @Sendable (String) -> any NewsSource) {
        self.serviceName = serviceName
        self.query = query
    }

    /// The search for `text`, to fetch.
    public func source(for text: String) -> any NewsSource { query(text) }
}

extension NewsSource {
    public func refreshStoringItself() async throws -> RefreshReport? { nil }

    public var namesArticles: Bool { false }

    public var search: SourceSearch? { nil }

    public var account: (any SourceAccount)? { nil }

    public func fetch(_ plan: FetchPlan) async throws -> FetchResult {
        try await fetch(validators: plan.validators)
    }

    /// Fetches the current edition, unconditionally.
    public func fetch() async throws -> Edition {
        try await fetch(validators: nil).requireEdition()
    }
}
