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

    public init(server: String, client: any SyncClient, store: ArticleStore) {
        self.server = server
        self.client = client
        self.store = store
    }

    /// What a sync did.
    public struct Report: Sendable, Equatable {
        public var marksSent = 0
        public var feeds = 0
        public var newArticles = 0
        public var articlesFetched = 0
        public var marksTaken = 0
        public init() {}
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

    /// Sends the outbox only (after a mark, so that it reaches the server at once when it can).
    @discardableResult
    public func sendMarks() async throws -> Int {
        var sent = 0
        while true {
            try Task.checkCancellation()
            let batch = try await store.pendingMarks(server, limit: Self.marksPerBatch)
            if batch.isEmpty { return sent }
            try await client.send(batch)
            try await store.removeSentMarks(batch, server: server)
            sent += batch.count
        }
    }

    private struct Progress: Sendable {
        var summary = Report()
        var cursor: RemoteArticleID?
    }

    private func run(refreshing feed: RemoteFeedID?) async throws -> Progress {
        var progress = Progress()
        progress.summary.marksSent = try await sendMarks()
        if let feed { try await client.requestUpdate(of: feed) }

        let feeds = try await client.feeds()
        try await store.storeServerFeeds(feeds, server: server)
        progress.summary.feeds = feeds.count

        let record = try await store.serverRecord(server)
        let counter = Counter()
        let store = store, server = server
        try await client.articles(after: record.cursor) { page in
            let added = try await store.storeRemoteArticles(page, server: server)
            await counter.add(page: page, added: added)
        }
        let counted = await counter.totals
        progress.summary.articlesFetched = counted.fetched
        progress.summary.newArticles = counted.added
        progress.cursor = counted.highest ?? record.cursor

        let marks = try await client.marks(comparedWith: try await store.localMarks(server))
        let missing = try await store.applyRemoteMarks(marks, server: server)
        progress.summary.marksTaken = marks.unread.count + marks.starred.count
        if !missing.isEmpty {
            let found = try await client.articles(withIDs: missing)
            let added = try await store.storeRemoteArticles(found, server: server)
            progress.summary.newArticles += added
            progress.summary.articlesFetched += found.count
        }
        return progress
    }
}

/// Totals over the pages of one sync, which arrive through a `@Sendable` closure.
private actor Counter {
    private(set) var totals: (fetched: Int, added: Int, highest: RemoteArticleID?) = (0, 0, nil)

    func add(page: [RemoteArticle], added: Int) {
        totals.fetched += page.count
        totals.added += added
        if let top = page.map(\.id).max() { totals.highest = max(totals.highest ?? top, top) }
    }
}
