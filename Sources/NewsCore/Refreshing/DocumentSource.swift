import FoundationEssentials

/// A feed (RSS, Atom, JSON Feed), a NewsAPI-shaped document or a web page naming a feed, at
/// an http(s) URL or a file path; never sent the key. A web page is read for the feed it names,
/// which is fetched in its place (once: a page is never followed to another page).
public struct DocumentSource: FetchedSource {
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

    /// The document at the location, decoded; a web page's feed in its place. The edition's
    /// notes say which feed a page led to, and the result's `route` names it. Conditional when
    /// `validators` are given (they are the location's own: a page's are never kept).
    public func fetch(validators: HTTPValidators?) async throws -> FetchResult {
        try await read(location, validators: validators, knownFeed: nil).namingArticles(namesArticles ? name : nil)
    }

    /// Fetches as the cache's plan says. A feed a page named before is asked for directly,
    /// with its own validators; the page is read again (whole) when that feed is gone (404,
    /// 410, no longer a feed), or when `recheckPage` says it is time to look.
    public func fetch(_ plan: FetchPlan) async throws -> FetchResult {
        try await fetchPlanned(plan).namingArticles(namesArticles ? name : nil)
    }

    private func fetchPlanned(_ plan: FetchPlan) async throws -> FetchResult {
        guard let feed = plan.feed else { return try await read(location, validators: plan.validators, knownFeed: nil) }
        if plan.recheckPage {
            return try await read(location, validators: nil, knownFeed: (feed, plan.validators))
        }
        do {
            return try await fetchFeed(feed, validators: plan.validators, route: .remembered(feed))
        } catch let error as NewsError where error.meansFeedIsGone {
            // The page may name another feed by now.
            return try await read(location, validators: nil, knownFeed: nil)
        }
    }

    /// `location` with its own validators; when it is a web page, the feed it names, with
    /// `knownFeed`'s validators if it is still the same feed.
    private func read(_ location: URL, validators: HTTPValidators?, knownFeed: (url: URL, validators: HTTPValidators?)?) async throws -> FetchResult {
        let page = try await load(location, validators: validators)
        guard let body = page.body else { return page.notModified }
        guard DocumentDecoder.sniff(body) == .html else {
            return page.outcome(try DocumentDecoder.decode(body, baseURL: page.base, contentType: page.contentType))
        }
        // Read in the page's own encoding, so that a link written in it leads where it says.
        let text = try FeedEncoding.utf8(body, contentType: page.contentType, isHTML: true)
        guard let feedURL = FeedDiscovery.feedURLs(in: text, baseURL: page.base).first else {
            throw NewsError.invalidDocument(FeedDiscovery.noFeedReason)
        }
        // The page's validators stand for the page, not the feed.
        let feedValidators = knownFeed?.url == feedURL ? knownFeed?.validators : nil
        var result = try await fetchFeed(feedURL, validators: feedValidators, route: .foundOnPage(feedURL))
        if case .edition(var edition) = result.body {
            edition.notes.insert(FeedNotes.usingFeed(feedURL), at: 0)
            result.body = .edition(edition)
        }
        return result
    }

    /// The feed a page named: a feed, never another page.
    private func fetchFeed(_ feedURL: URL, validators: HTTPValidators?, route: FeedRoute) async throws -> FetchResult {
        let feed: DocumentResponse
        do {
            feed = try await load(feedURL, validators: validators)
        } catch let failure as NewsError {
            // The person gave the page's URL: a bare "HTTP 404" would not say which URL failed.
            guard case .http = failure else { throw failure }
            throw NewsError.pageFeed(feed: Sanitizer.clean(feedURL.absoluteString), failure: failure)
        }
        guard let feedBody = feed.body else {
            var result = feed.notModified
            result.route = route
            return result
        }
        guard DocumentDecoder.sniff(feedBody) != .html else {
            throw NewsError.invalidDocument("the feed the page names (\(Sanitizer.clean(feedURL.absoluteString))) is a web page too")
        }
        var result = feed.outcome(try DocumentDecoder.decode(feedBody, baseURL: feed.base, contentType: feed.contentType))
        result.route = route
        return result
    }

    /// A body from a file or a server (nil body: 304 Not Modified).
    private func load(_ url: URL, validators: HTTPValidators?) async throws -> DocumentResponse {
        guard url.isFileURL else { return try await service.document(at: url, validators: validators) }
        let data = try LocalFile.read(url, limit: service.sizeLimit)
        try Task.checkCancellation()
        return DocumentResponse(body: data, url: url, contentType: nil, status: nil, validators: HTTPValidators())
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

extension NewsError {
    /// A feed found on a page that answers so is gone for good: the page is read again.
    var meansFeedIsGone: Bool {
        switch self {
        case .http(let status, _, _): return status == 404 || status == 410
        case .invalidDocument: return true
        case .pageFeed(_, let failure): return failure.meansFeedIsGone
        default: return false
        }
    }
}
