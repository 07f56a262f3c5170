import FoundationEssentials

/// What Headlines needs from a feed server (Tiny Tiny RSS, Fever): its feeds, its articles
/// after a cursor with their full text, its read and starred marks, and taking ours. The
/// `SyncEngine` drives a client and keeps the cache; a client only speaks its protocol.
///
/// Every method may throw `SyncError` (the one sentence a person reads), `CancellationError`,
/// or what a `receive` closure threw. Requests go through `HTTPClient`, so each is bounded by
/// the same caps and deadlines as a feed.
public protocol SyncClient: Sendable {
    /// The server's feeds, each with the category (group) it is filed under.
    func feeds() async throws -> [RemoteFeed]

    /// Articles with their full text and marks, page by page, each page handed to `receive`
    /// before the next is asked for (so that a cut sync keeps what it got).
    /// - `after: nil` (the first sync): every unread and every starred article.
    /// - `after: id`: every article whose id is greater than `id`.
    func articles(after cursor: RemoteArticleID?, receive: @Sendable ([RemoteArticle]) async throws -> Void) async throws

    /// The given articles (marked unread or starred elsewhere, older than the cursor), as far as
    /// the server still has them.
    func articles(withIDs ids: [RemoteArticleID]) async throws -> [RemoteArticle]

    /// The server's unread and starred articles, for the feeds `RemoteMarks` says they are
    /// complete for. `local` is what the cache holds: a client whose server has counters may
    /// ask only about the feeds where the server's marks differ from it.
    func marks(comparedWith local: LocalMarks) async throws -> RemoteMarks

    /// Sends marks made here, in as few requests as the protocol allows. Marks are idempotent:
    /// sending one twice (a batch cut mid-way, then resent) changes nothing more.
    func send(_ marks: [MarkChange]) async throws

    /// Asks the server to fetch its feeds (or `feed`) now, where the protocol can; else nothing.
    func requestUpdate(of feed: RemoteFeedID?) async throws

    /// Subscribes the account to `url`; throws `SyncError.unsupported` where the protocol cannot.
    func subscribe(to url: URL) async throws -> RemoteFeedID
}
