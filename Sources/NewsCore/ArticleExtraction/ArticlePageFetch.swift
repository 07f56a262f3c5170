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
        let sink = ArticlePageSink(limit: min(sizeLimit, ArticleExtractor.maxFetchedBytes))
        let head: ResponseHead
        do {
            head = try await http.transfer(request, into: sink)
        } catch is ArticlePageSink.Enough {
            // The page's first bytes are in: what an article is made of comes first; the rest waits.
            guard let received = sink.head else { throw NotAnArticle.unreadable("the page ended before its head") }
            head = received
        }
        let body = sink.takeData()
        try Self.checkStatus(head, body: body)
        let page = head.url ?? url
        // One page is read into its tree at a time, however many are fetched at once: each tree
        // takes several times its page's bytes (`ArticleExtractor.maxFetchedBytes`).
        var article = try await ArticleExtraction.gate.run {
            try ArticleExtractor.extract(page: body, url: page, contentType: head.contentType).get()
        }
        if sink.isCut { article.truncated = true }
        return article
    }
}

/// Lets one page at a time be read into its tree (see `NewsService.article(at:)`).
enum ArticleExtraction {
    static let gate = OneAtATime()
}

/// Collects a page in memory, at most its first `limit` bytes: past them it keeps what fits
/// (cut after the last `>`, so no character or tag is cut in two), marks the page cut and stops
/// the transfer (`Enough`). An answer whose Content-Type says it is no web page is refused at its
/// head (an error status is let through, for its sentence).
private final class ArticlePageSink: TransferSink, @unchecked Sendable {
    /// Thrown to stop the transfer once the page's first `limit` bytes are in.
    struct Enough: Error {}

    private let body: MemorySink
    private let limit: Int
    private var kept = 0
    private(set) var head: ResponseHead?
    private(set) var isCut = false

    init(limit: Int) {
        self.limit = limit
        body = MemorySink(limit: limit)
    }

    func receive(head: ResponseHead) throws {
        if head.isSuccess, let contentType = head.contentType {
            let mediaType = ArticleExtractor.mediaType(contentType)
            if !mediaType.isEmpty, !ArticleExtractor.htmlTypes.contains(mediaType) {
                throw NotAnArticle.notHTML(mediaType: Sanitizer.clean(mediaType, maxLength: 80))
            }
        }
        self.head = head
        // A length past the limit is no failure here: the page's first `limit` bytes are read.
        var sized = head
        if let expected = sized.expectedLength, expected > Int64(limit) { sized.expectedLength = Int64(limit) }
        try body.receive(head: sized)
    }

    func receive(bytes: Data) throws {
        let room = limit - kept
        guard bytes.count > room else {
            try body.receive(bytes: bytes)
            kept += bytes.count
            return
        }
        var part = bytes.prefix(room)
        if let lastTag = part.lastIndex(of: UInt8(ascii: ">")) { part = part[...lastTag] } else { part = Data() }
        if !part.isEmpty { try body.receive(bytes: part) }
        kept = limit
        isCut = true
        throw Enough()
    }

    func takeData() -> Data { body.takeData() }
}
