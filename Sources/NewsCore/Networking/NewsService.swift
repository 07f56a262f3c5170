import FoundationEssentials

/// Fetches news over HTTP (`HTTPClient`): NewsAPI queries (with the key), and NewsAPI-shaped
/// documents at any URL or path (never with the key).
public struct NewsService: Sendable {
    public static let defaultBaseURL = URL(string: "https://newsapi.org")!
    /// The default cap on a response body: 32 MiB.
    public static let defaultSizeLimit = 32 * 1024 * 1024
    static let apiKeyHeader = "X-Api-Key"

    /// NewsAPI's base; endpoint paths are appended to it.
    public var baseURL: URL
    public var apiKey: String?
    public var http: HTTPClient
    public var sizeLimit: Int

    public init(
        baseURL: URL = NewsService.defaultBaseURL, apiKey: String? = nil,
        http: HTTPClient = HTTPClient(), sizeLimit: Int = NewsService.defaultSizeLimit
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.http = http
        self.sizeLimit = sizeLimit
    }

    /// Runs a NewsAPI query. The key goes in the `X-Api-Key` header, to the base's origin only.
    public func headlines(_ query: NewsAPIRequest) async throws -> Edition {
        try await headlines(query, validators: nil).requireEdition()
    }

    /// Runs a NewsAPI query, conditionally when `validators` are given.
    public func headlines(_ query: NewsAPIRequest, validators: HTTPValidators?) async throws -> FetchResult {
        guard let url = query.url(base: baseURL) else { throw NewsError.unsupportedURL(baseURL.absoluteString) }
        var request = HTTPRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let apiKey, !apiKey.isEmpty { request.setValue(apiKey, forHTTPHeaderField: Self.apiKeyHeader) }
        let response = try await get(request, validators: validators, sensitiveHeaders: [Self.apiKeyHeader])
        guard let body = response.body else { return response.notModified }
        return response.outcome(try DocumentDecoder.decode(body, baseURL: response.url))
    }

    /// Fetches and decodes a document at an http(s) URL or a local file URL.
    public func document(at location: URL) async throws -> Edition {
        try await document(at: location, validators: nil).requireEdition()
    }

    /// Fetches and decodes a document at an http(s) URL or a local file URL: a feed (RSS, Atom,
    /// JSON Feed), a NewsAPI-shaped JSON document, or a web page that names a feed, which is then
    /// fetched in its place (once: a page is never followed to another page). The edition's
    /// notes say which feed a page led to, and the result's `route` names it. Conditional when
    /// `validators` are given (they are the location's own: a page's are never kept).
    public func document(at location: URL, validators: HTTPValidators?) async throws -> FetchResult {
        try await read(location, validators: validators, knownFeed: nil)
    }

    /// Fetches as the cache's plan says. A feed a page named before is asked for directly,
    /// with its own validators; the page is read again (whole) when that feed is gone (404,
    /// 410, no longer a feed), or when `recheckPage` says it is time to look.
    public func document(at location: URL, plan: FetchPlan) async throws -> FetchResult {
        guard let feed = plan.feed else { return try await document(at: location, validators: plan.validators) }
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
            return page.outcome(try DocumentDecoder.decode(body, baseURL: page.url, contentType: page.contentType))
        }
        // Read in the page's own encoding, so that a link written in it leads where it says.
        let text = try FeedEncoding.utf8(body, contentType: page.contentType, isHTML: true)
        guard let feedURL = FeedDiscovery.feedURLs(in: text, baseURL: page.url).first else {
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
        let feed: Response
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
        var result = feed.outcome(try DocumentDecoder.decode(feedBody, baseURL: feed.url, contentType: feed.contentType))
        result.route = route
        return result
    }

    /// A body from a file or a server (nil body: 304 Not Modified).
    private func load(_ url: URL, validators: HTTPValidators?) async throws -> Response {
        if url.isFileURL {
            let data = try LocalFile.read(url, limit: sizeLimit)
            try Task.checkCancellation()
            return Response(body: data, url: url, contentType: nil, status: nil, validators: HTTPValidators())
        }
        var request = HTTPRequest(url: url)
        request.setValue("application/json, application/feed+json, application/rss+xml, application/atom+xml, */*;q=0.5", forHTTPHeaderField: "Accept")
        return try await get(request, validators: validators, sensitiveHeaders: [])
    }

    /// One GET, conditional when `validators` are given; a 304 gives no body.
    private func get(_ request: HTTPRequest, validators: HTTPValidators?, sensitiveHeaders: Set<String>) async throws -> Response {
        var request = request
        if let etag = validators?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = validators?.lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        let (head, body) = try await http.fetch(request, limit: sizeLimit, sensitiveHeaders: sensitiveHeaders)
        let url = head.url ?? request.url
        let received = HTTPValidators(response: head)
        if head.status == 304, validators != nil {
            return Response(body: nil, url: url, contentType: nil, status: 304, validators: received.isEmpty ? validators ?? received : received)
        }
        try Self.checkStatus(head, body: body)
        return Response(body: body, url: url, contentType: head.contentType, status: head.status, validators: received)
    }

    /// A non-2xx status becomes `NewsError.http` (with NewsAPI's code and message when the body
    /// has them), or `NewsError.rateLimited` for a 429 or 503 that says when to come back.
    static func checkStatus(_ head: ResponseHead, body: Data) throws {
        guard !head.isSuccess else { return }
        if head.status == 429 || head.status == 503, let retryAfter = RetryAfter.date(head.headers["retry-after"]) {
            throw NewsError.rateLimited(host: TransportErrors.hostName(head.url), status: head.status, retryAfter: retryAfter)
        }
        let detail = NewsAPIDecoder.errorBody(body)
        throw NewsError.http(status: head.status, code: detail?.code, message: detail?.message)
    }
}

/// A response as `NewsService` keeps it between the transfer and the decoder.
private struct Response {
    let body: Data?
    let url: URL
    let contentType: String?
    let status: Int?
    let validators: HTTPValidators

    var notModified: FetchResult { FetchResult(body: .notModified, validators: validators, status: status, bytes: 0, url: url) }

    func outcome(_ edition: Edition) -> FetchResult {
        FetchResult(body: .edition(edition), validators: validators, status: status, bytes: body?.count ?? 0, url: url)
    }
}

extension FetchResult {
    func requireEdition() throws -> Edition {
        guard let edition else { throw NewsError.invalidDocument("the server answered “not modified” to a plain request") }
        return edition
    }
}

extension HTTPValidators {
    /// The validators a response carries, capped so that a hostile header is never echoed whole.
    init(response head: ResponseHead) {
        func capped(_ value: String?) -> String? {
            guard let value, !value.isEmpty, value.utf8.count <= Self.maxLength,
                value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
            else { return nil }
            return value
        }
        self.init(etag: capped(head.headers["etag"]), lastModified: capped(head.headers["last-modified"]))
    }

    var isEmpty: Bool { etag == nil && lastModified == nil }
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
