import FoundationEssentials

/// One sync of one server into the cache, in the order that keeps every rule:
/// 1. the outbox is sent first, in batches (a mark made here reaches the server before the
///    server's state is read back, so it is not undone; a batch cut mid-way stays in the
///    outbox and is sent again, which marks nothing twice);
/// 2. the feed list;
/// 3. articles after the cursor, page by page (a client may ask for several pages at once;
///    each page is stored as it comes, in any order; the cursor, the highest id stored, moves
///    only when every page is in, and an article is its server id, so a cut sync fetched
///    again duplicates nothing);
/// 4. the server's marks, taken where no mark made here waits, and the articles they name that
///    the cache lacks (also those that came, or were marked unread, while the pages were read
///    side by side, below an id another page held).
/// A failure stops the sync and is recorded ("offline since" for a server out of reach); what
/// was stored before it stays, whole.
public struct SyncEngine: Sendable {
    /// Marks per `send`: a cut batch costs at most this many marks sent again.
    public static let marksPerBatch = 500

    public let server: String
    public let client: any SyncClient
    public let store: ArticleStore
    /// How many articles one sync may bring (see `SyncArticleLimit`).
    public let articleLimit: SyncArticleLimit

    public init(server: String, client: any SyncClient, store: ArticleStore, articleLimit: SyncArticleLimit = SyncArticleLimit()) {
        self.server = server
        self.client = client
        self.store = store
        self.articleLimit = articleLimit
    }

    /// What a sync did.
    public struct Report: Sendable, Equatable {
        public var marksSent = 0
        /// Marks the server refused, set aside (see `sendMarks`), and its first refusal.
        public var marksRefused = 0
        public var refusal: String?
        public var feeds = 0
        public var newArticles = 0
        /// The new articles' ids (the first `maxAdded` of them), which the lists mark new after
        /// any sync but the first.
        public var added: Set<ArticleID> = []
        /// The account's first sync: everything in it is new to the cache, none of it news.
        public var isFirstSync = false
        public var articlesFetched = 0
        public var marksTaken = 0
        public init() {}

        /// At most this many new ids are kept (a first sync of a large account brings 100,000).
        static let maxAdded = 100_000
    }

    /// Syncs once; `refreshing` asks the server to fetch that feed first (TT-RSS `updateFeed`).
    /// Throws `SyncError` (recorded in the cache first), `StoreError` or `CancellationError`.
    @discardableResult
    public func sync(refreshing feed: RemoteFeedID? = nil, now: @Sendable () -> Date = { Date() }) async throws -> Report {
        do {
            let report = try await run(refreshing: feed)
            try await store.recordSyncSuccess(server, cursor: report.cursor, at: now())
            return report.summary
        } catch let error as SyncError {
            try await store.recordSyncFailure(server, message: error.message, at: now())
            throw error
        }
    }

    /// What sending the outbox did: marks sent, and marks the server refused (set aside, with
    /// the first refusal's sentence).
    public struct MarksSent: Sendable, Equatable {
        public var sent = 0
        public var refused = 0
        public var refusal: String?

        public init(sent: Int = 0, refused: Int = 0, refusal: String? = nil) {
            self.sent = sent
            self.refused = refused
            self.refusal = refusal
        }

        /// What a person hears of marks set aside; nil when none was.
        public var refusedSentence: String? {
            guard refused > 0, let refusal else { return nil }
            return Self.sentence(refused: refused, refusal: refusal)
        }

        static func sentence(refused: Int, refusal: String) -> String {
            "\(refused) \(refused == 1 ? "mark was" : "marks were") refused and set aside (headlines --refused-marks lists them): \(refusal)"
        }
    }

    /// Single marks refused one after another before a batch the server refuses whole is set
    /// aside without being split further: a server refusing every mark costs a few requests.
    static let refusalsBeforeGivingUp = 8

    /// Sends the outbox only (after a mark, so that it reaches the server at once when it can).
    /// A batch the server refuses is sent again in halves to find the marks it refuses, which are
    /// set aside (`ArticleStore.setMarksAside`), so that one refused mark never holds back the
    /// others, nor the rest of the sync, for ever.
    @discardableResult
    public func sendMarks() async throws -> MarksSent {
        var result = MarksSent()
        var refusedAlone = 0
        while true {
            try Task.checkCancellation()
            let batch = try await store.pendingMarks(server, limit: Self.marksPerBatch)
            if batch.isEmpty { return result }
            try await send(batch, into: &result, refusedAlone: &refusedAlone)
        }
    }

    private func send(_ batch: [MarkChange], into result: inout MarksSent, refusedAlone: inout Int) async throws {
        do {
            try await client.send(batch)
            try await store.removeSentMarks(batch, server: server)
            result.sent += batch.count
        } catch let error as SyncError where error.isRefusal {
            if batch.count > 1 && refusedAlone < Self.refusalsBeforeGivingUp {
                let half = batch.count / 2
                try await send(Array(batch[..<half]), into: &result, refusedAlone: &refusedAlone)
                try await send(Array(batch[half...]), into: &result, refusedAlone: &refusedAlone)
                return
            }
            if batch.count == 1 { refusedAlone += 1 }
            try await store.setMarksAside(batch, server: server, reason: error.message)
            result.refused += batch.count
            result.refusal = result.refusal ?? error.message
        }
    }

    private struct Progress: Sendable {
        var summary = Report()
        var cursor: RemoteArticleID?
    }

    private func run(refreshing feed: RemoteFeedID?) async throws -> Progress {
        var progress = Progress()
        let marks = try await sendMarks()
        progress.summary.marksSent = marks.sent
        progress.summary.marksRefused = marks.refused
        progress.summary.refusal = marks.refusal
        if let feed { try await client.requestUpdate(of: feed) }

        let feeds = try await client.feeds()
        try await store.storeServerFeeds(feeds, server: server)
        progress.summary.feeds = feeds.count

        let record = try await store.serverRecord(server)
        let counter = Counter()
        let store = store, server = server
        let held = try await store.serverArticleCount(server)
        let limit = articleLimit.limit(held: held)
        try await client.articles(after: record.cursor) { page in
            // Past the limit, a server sending without end is stopped before the page is stored.
            guard await counter.fetched + page.count <= limit else {
                throw SyncError.endless(server: server, reason: .tooManyArticles(limit: limit, held: held))
            }
            let added = try await store.storeRemoteArticles(page, server: server)
            await counter.add(page: page, added: added)
        }
        let counted = await counter.totals
        progress.summary.articlesFetched = counted.fetched
        progress.summary.newArticles = counted.added
        progress.summary.added = await counter.ids
        progress.summary.isFirstSync = record.cursor == nil
        progress.cursor = counted.highest ?? record.cursor

        let serverMarks = try await client.marks(comparedWith: try await store.localMarks(server))
        let missing = try await store.applyRemoteMarks(serverMarks, server: server)
        progress.summary.marksTaken = serverMarks.unread.count + serverMarks.starred.count
        if !missing.isEmpty {
            let found = try await client.articles(withIDs: missing)
            let added = try await store.storeRemoteArticles(found, server: server)
            progress.summary.newArticles += added.count
            progress.summary.added.formUnion(added.prefix(max(0, Report.maxAdded - progress.summary.added.count)))
            progress.summary.articlesFetched += found.count
        }
        return progress
    }
}

/// Totals over the pages of one sync, which arrive through a `@Sendable` closure.
private actor Counter {
    private(set) var totals: (fetched: Int, added: Int, highest: RemoteArticleID?) = (0, 0, nil)

    private(set) var ids: Set<ArticleID> = []

    var fetched: Int { totals.fetched }

    func add(page: [RemoteArticle], added: [ArticleID]) {
        totals.fetched += page.count
        totals.added += added.count
        ids.formUnion(added.prefix(max(0, SyncEngine.Report.maxAdded - ids.count)))
        if let top = page.map(\.id).max() { totals.highest = max(totals.highest ?? top, top) }
    }
}
