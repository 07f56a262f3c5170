import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
        guard let url = query.url(base: baseURL) else { throw NewsError.unsupportedURL(baseURL.absoluteString) }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let apiKey, !apiKey.isEmpty { request.setValue(apiKey, forHTTPHeaderField: Self.apiKeyHeader) }
        let (head, body) = try await http.fetch(request, limit: sizeLimit, sensitiveHeaders: [Self.apiKeyHeader])
        try Self.checkStatus(head, body: body)
        return try DocumentDecoder.decode(body, baseURL: head.url ?? url)
    }

    /// Fetches and decodes a document at an http(s) URL or a local file URL: a feed (RSS, Atom,
    /// JSON Feed), a NewsAPI-shaped JSON document, or a web page that names a feed, which is then
    /// fetched in its place (once: a page is never followed to another page). The edition's
    /// notes say which feed a page led to.
    public func document(at location: URL) async throws -> Edition {
        /// The body, the URL it came from (after redirects) and its Content-Type.
        func load(_ url: URL) async throws -> (body: Data, url: URL, contentType: String?) {
            if url.isFileURL {
                let data = try LocalFile.read(url, limit: sizeLimit)
                try Task.checkCancellation()
                return (data, url, nil)
            }
            var request = URLRequest(url: url)
            request.setValue("application/json, application/feed+json, application/rss+xml, application/atom+xml, */*;q=0.5", forHTTPHeaderField: "Accept")
            let (head, body) = try await http.fetch(request, limit: sizeLimit)
            try Self.checkStatus(head, body: body)
            return (body, head.url ?? url, head.contentType)
        }
        let page = try await load(location)
        guard DocumentDecoder.sniff(page.body) == .html else {
            return try DocumentDecoder.decode(page.body, baseURL: page.url, contentType: page.contentType)
        }
        guard let feedURL = FeedDiscovery.feedURLs(in: page.body, baseURL: page.url).first else {
            throw NewsError.invalidDocument(FeedDiscovery.noFeedReason)
        }
        let feed = try await load(feedURL)
        guard DocumentDecoder.sniff(feed.body) != .html else {
            throw NewsError.invalidDocument("the feed the page names (\(Sanitizer.clean(feedURL.absoluteString))) is a web page too")
        }
        var edition = try DocumentDecoder.decode(feed.body, baseURL: feed.url, contentType: feed.contentType)
        edition.notes.insert(FeedNotes.usingFeed(feedURL), at: 0)
        return edition
    }

    /// A non-2xx status becomes `NewsError.http`, with NewsAPI's code and message when the body has them.
    static func checkStatus(_ head: ResponseHead, body: Data) throws {
        guard !head.isSuccess else { return }
        let detail = NewsAPIDecoder.errorBody(body)
        throw NewsError.http(status: head.status, code: detail?.code, message: detail?.message)
    }
}
