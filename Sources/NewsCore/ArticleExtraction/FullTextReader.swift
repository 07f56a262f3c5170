import FoundationEssentials

/// Reads articles' full texts from their pages through the feeds' client, caps and timeouts,
/// within the same connection limits as refreshes (a slot for the page's host and one in all),
/// and keeps them in the cache.
public struct FullTextReader: Sendable {
    let service: NewsService
    let limits: ConnectionLimits
    let store: ArticleStore
    let now: @Sendable () -> Date

    /// How many pages one background reading asks for at once (the limits still apply).
    static let pagesAtOnce = 4

    public init(service: NewsService, limits: ConnectionLimits, store: ArticleStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.service = service
        self.limits = limits
        self.store = store
        self.now = now
    }

    /// The full text of the article at `url`.
    /// - Throws: `NotAnArticle` (a front page, a paywall...), `NewsError` (the fetch), or
    ///   `CancellationError`.
    public func read(_ url: URL) async throws -> FullText {
        let extracted = try await limits.withSlot(host: url.host) { try await service.article(at: url) }
        return FullText(extracted, fetchedAt: now())
    }

    /// Keeps `fullText` in the cache for the article `id` (a kept-in-memory article is not there).
    /// - Throws: the store's error (a read-only cache, a full disk).
    public func keep(_ fullText: FullText, for id: ArticleID) async throws {
        try await store.saveFullText(fullText, of: id)
    }

    /// What a background reading did.
    public struct Report: Sendable, Equatable {
        public var read = 0
        /// Pages that held no article (their summaries stay).
        public var notArticles = 0
        public var failed = 0
        /// The first failure's sentence, for the log.
        public var firstFailure: String?
        /// Pages read whose full text the cache could not keep (a full disk), and why: a failure
        /// of this machine's, which a person must hear of, unlike a page that did not answer.
        public var notKept = 0
        public var firstNotKept: String?

        public init() {}

        /// Adds `other`'s counts to these; the first sentences stay the first.
        mutating func add(_ other: Report) {
            read += other.read
            notArticles += other.notArticles
            failed += other.failed
            notKept += other.notKept
            if firstFailure == nil { firstFailure = other.firstFailure }
            if firstNotKept == nil { firstNotKept = other.firstNotKept }
        }

        /// "5 full texts were read but not kept in the cache: …"; nil when every one was kept.
        public var notKeptSentence: String? {
            guard notKept > 0 else { return nil }
            return (notKept == 1 ? "1 full text was" : "\(notKept) full texts were") + " read but not kept in the cache: "
                + (firstNotKept ?? "the cache refused them.")
        }
    }

    /// Reads the full text of each of `ids` that has a link and none yet (`full-text = yes`),
    /// a few pages at a time, keeping each as it arrives. Ends early when cancelled.
    public func readAll(_ ids: [ArticleID]) async throws -> Report {
        let wanted = try await store.wantingFullText(ids)
        var report = Report()
        var pending = wanted[...]
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            func next() {
                guard let article = pending.popFirst() else { return }
                group.addTask { await Outcome(reading: article.url, for: article.id, with: self) }
            }
            for _ in 0..<Self.pagesAtOnce { next() }
            while let outcome = try await group.next() {
                switch outcome {
                case .read: report.read += 1
                case .notAnArticle: report.notArticles += 1
                case .failed(let sentence):
                    report.failed += 1
                    if report.firstFailure == nil { report.firstFailure = sentence }
                case .notKept(let sentence):
                    report.notKept += 1
                    if report.firstNotKept == nil { report.firstNotKept = sentence }
                case .cancelled: throw CancellationError()
                }
                next()
            }
        }
        return report
    }

    private enum Outcome: Sendable {
        case read, notAnArticle, failed(String), notKept(String), cancelled

        init(reading url: URL, for id: ArticleID, with reader: FullTextReader) async {
            do {
                let fullText = try await reader.read(url)
                do {
                    try await reader.keep(fullText, for: id)
                } catch {
                    self = .notKept((error as? any ReadableError)?.message ?? "\(error)")
                    return
                }
                self = .read
            } catch is NotAnArticle {
                self = .notAnArticle
            } catch is CancellationError {
                self = .cancelled
            } catch let error as any ReadableError {
                self = .failed(error.message)
            } catch {
                self = .failed("\(error)")
            }
        }
    }
}
