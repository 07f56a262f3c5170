import FoundationEssentials

/// Speaks HTTP and NewsAPI over `HTTPClient`: a conditional GET of a news document at any URL
/// (never with the key), and NewsAPI queries (the key in a header, to the base's origin only).
/// What a body holds is the sources' business: `DocumentSource` and `NewsAPISource` decode it,
/// and a document source follows a web page to the feed it names.
public struct NewsService: Sendable {
    public static let defaultBaseURL = URL(string: "https://newsapi.org")!
    /// The default cap on a response body: 32 MiB.
    public static let defaultSizeLimit = 32 * 1024 * 1024
    static let apiKeyHeader = "X-Api-Key"

    /// NewsAPI's base; endpoint paths are appended to it.
    public var baseURL: URL
    public var apiKey: String?
    public var http: HTTPClient
    /// The cap on a body, from a server or (for a document source) a file.
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

    /// Sends a NewsAPI query, conditionally when `validators` are given. The key goes in the
    /// `X-Api-Key` header, to the base's origin only.
    func headlines(_ query: NewsAPIRequest, validators: HTTPValidators?) async throws -> DocumentResponse {
        guard let url = query.url(base: baseURL) else { throw NewsError.unsupportedURL(baseURL.absoluteString) }
        var request = HTTPRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let apiKey, !apiKey.isEmpty { request.setValue(apiKey, forHTTPHeaderField: Self.apiKeyHeader) }
        return try await get(request, validators: validators, sensitiveHeaders: [Self.apiKeyHeader])
    }

    /// GETs a news document (a feed, a NewsAPI-shaped document, a web page) at an http(s) URL,
    /// never with the key; conditionally when `validators` are given.
    func document(at url: URL, validators: HTTPValidators?) async throws -> DocumentResponse {
        var request = HTTPRequest(url: url)
        request.setValue("application/json, application/feed+json, application/rss+xml, application/atom+xml, */*;q=0.5", forHTTPHeaderField: "Accept")
        return try await get(request, validators: validators, sensitiveHeaders: [])
    }

    /// One GET, conditional when `validators` are given; a 304 gives no body.
    private func get(_ request: HTTPRequest, validators: HTTPValidators?, sensitiveHeaders: Set<String>) async throws -> DocumentResponse {
        var request = request
        if let etag = validators?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = validators?.lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        let (head, body) = try await http.fetch(request, limit: sizeLimit, sensitiveHeaders: sensitiveHeaders)
        let url = head.url ?? request.url
        let received = HTTPValidators(response: head)
        if head.status == 304, validators != nil {
            return DocumentResponse(body: nil, url: url, contentType: nil, status: 304, validators: received.isEmpty ? validators ?? received : received)
        }
        try Self.checkStatus(head, body: body)
        return DocumentResponse(
            body: body, url: url, contentType: head.contentType,
            contentLocation: DocumentResponse.contentLocation(head.headers["content-location"], relativeTo: url),
            status: head.status, validators: received)
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
