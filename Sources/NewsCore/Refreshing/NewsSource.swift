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
}

extension NewsSource {
    public func refreshStoringItself() async throws -> RefreshReport? { nil }

    public func fetch(_ plan: FetchPlan) async throws -> FetchResult {
        try await fetch(validators: plan.validators)
    }

    /// Fetches the current edition, unconditionally.
    public func fetch() async throws -> Edition {
        try await fetch(validators: nil).requireEdition()
    }
}
