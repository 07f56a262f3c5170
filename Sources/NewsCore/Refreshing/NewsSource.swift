import FoundationEssentials

/// Anything Headlines can show: a NewsAPI query, or a feed or document at a URL or path.
public protocol NewsSource: Sendable {
    /// How the source is named in the status bar and in messages.
    var name: String { get }
    /// Its identity in the cache: stable across runs, the same for the same URL or query.
    var key: SourceKey { get }
    /// The host its requests go to, for the per-host limit; nil for a local file.
    var host: String? { get }
    /// Fetches the current edition, conditionally when `validators` are given (an unchanged
    /// source answers `.notModified`). Honours task cancellation; throws `CancellationError` then.
    func fetch(validators: HTTPValidators?) async throws -> FetchResult
    /// Fetches as the cache's `plan` says: a source whose page named a feed asks that feed
    /// directly. Sources that are never pages need not implement it.
    func fetch(_ plan: FetchPlan) async throws -> FetchResult
}

extension NewsSource {
    public func fetch(_ plan: FetchPlan) async throws -> FetchResult {
        try await fetch(validators: plan.validators)
    }

    /// Fetches the current edition, unconditionally.
    public func fetch() async throws -> Edition {
        let outcome = try await fetch(validators: nil)
        guard let edition = outcome.edition else { throw NewsError.invalidDocument("the server answered “not modified” to a plain request") }
        return edition
    }
}

/// A NewsAPI query, sent with the key.
public struct NewsAPISource: NewsSource {
    public let service: NewsService
    public let request: NewsAPIRequest
    public let name: String

    public init(service: NewsService, request: NewsAPIRequest, name: String? = nil) {
        self.service = service
        self.request = request
        self.name = name ?? request.displayName
    }

    /// `newsapi:<base>/v2/<endpoint>?<parameters>`: the request without the key.
    public var key: SourceKey { SourceKey("newsapi:" + (request.url(base: service.baseURL)?.absoluteString ?? request.displayName)) }
    public var host: String? { service.baseURL.host }

    public func fetch(validators: HTTPValidators?) async throws -> FetchResult {
        try await service.headlines(request, validators: validators)
    }
}

/// A feed (RSS, Atom, JSON Feed), a NewsAPI-shaped document or a web page naming a feed, at
/// an http(s) URL or a file path; never sent the key.
public struct DocumentSource: NewsSource {
    public let service: NewsService
    public let location: URL
    public let name: String
    /// Whether its articles carry `name` instead of the feed's own title: a name the reader gave
    /// it in the config. (The demo's articles keep their outlets' names.)
    public let namesArticles: Bool

    public init(service: NewsService, location: URL, name: String? = nil, namesArticles: Bool = false) {
        self.service = service
        self.location = location
        self.name = name ?? (location.isFileURL ? location.lastPathComponent : (location.host ?? location.absoluteString))
        self.namesArticles = namesArticles && name != nil
    }

    public var key: SourceKey { SourceKey(location.absoluteString) }
    public var host: String? { location.isFileURL ? nil : location.host?.lowercased() }

    public func fetch(validators: HTTPValidators?) async throws -> FetchResult {
        try await service.document(at: location, validators: validators).namingArticles(namesArticles ? name : nil)
    }

    public func fetch(_ plan: FetchPlan) async throws -> FetchResult {
        try await service.document(at: location, plan: plan).namingArticles(namesArticles ? name : nil)
    }
}

extension FetchResult {
    /// The articles' source named `name` (the reader's name for the feed in lists, the article
    /// header and `--print`); the feed's own title stays when there is none.
    func namingArticles(_ name: String?) -> FetchResult {
        guard let name, case .edition(var edition) = body else { return self }
        for index in edition.articles.indices { edition.articles[index].sourceName = name }
        var named = self
        named.body = .edition(edition)
        return named
    }
}
