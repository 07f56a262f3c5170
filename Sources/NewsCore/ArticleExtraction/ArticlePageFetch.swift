import FoundationEssentials

extension NewsService {
    /// Fetches the web page at `url` through the same client, caps and timeouts as feeds, and
    /// reads the article out of it.
    ///
    /// An answer that is plainly not a web page (its Content-Type says a PDF, a picture, a feed)
    /// is refused on its head, before a byte of its body is read.
    /// - Throws: `NotAnArticle` when the page holds no article; `NewsError` when it could not be
    ///   fetched (an HTTP error, a cap, a timeout); `CancellationError` when the task is cancelled.
    ///   The first two are `ReadableError`s, one sentence each.
    public func article(at url: URL) async throws -> ExtractedArticle {
        var request = HTTPRequest(url: url)
        request.setValue("text/html, application/xhtml+xml;q=0.9, */*;q=0.5", forHTTPHeaderField: "Accept")
        let sink = ArticlePageSink(limit: min(sizeLimit, ArticleExtractor.maxPageBytes))
        let head = try await http.transfer(request, into: sink)
        let body = sink.takeData()
        try Self.checkStatus(head, body: body)
        let page = head.url ?? url
        return try ArticleExtractor.extract(page: body, url: page, contentType: head.contentType).get()
    }
}

/// Collects a page in memory under the cap, refusing at its head an answer whose Content-Type
/// says it is no web page (an error status is let through, for its sentence).
private final class ArticlePageSink: TransferSink, @unchecked Sendable {
    private let body: MemorySink

    init(limit: Int) { body = MemorySink(limit: limit) }

    func receive(head: ResponseHead) throws {
        if head.isSuccess, let contentType = head.contentType {
            let mediaType = ArticleExtractor.mediaType(contentType)
            if !mediaType.isEmpty, !ArticleExtractor.htmlTypes.contains(mediaType) {
                throw NotAnArticle.notHTML(mediaType: Sanitizer.clean(mediaType, maxLength: 80))
            }
        }
        try body.receive(head: head)
    }

    func receive(bytes: Data) throws { try body.receive(bytes: bytes) }

    func takeData() -> Data { body.takeData() }
}
