/// The account on a feed server whose sync brings a source's articles (a TT-RSS, Miniflux,
/// Fever, Google Reader or Nextcloud News account): one sync refreshes every feed of it, and the
/// marks made on its articles go back through it. The session asks a source for its account
/// (`NewsSource.account`) rather than asking what type of source it is.
public protocol SourceAccount: Sendable {
    /// The account's name in the config (`[server "Name"]`): the same for each of its feeds.
    var name: String { get }
    /// The account's feeds as the cache lists them after its last sync, each with its category;
    /// the account alone (a source named for it) before a sync has listed any.
    func feedSources() async -> [AccountFeed]
    /// Sends the marks waiting in the cache's outbox now, when the server answers; a failure
    /// leaves them for the next sync. Returns how many were sent, and how many the server
    /// refused (set aside, with its sentence).
    func sendMarks() async throws -> SyncEngine.MarksSent
}

/// One feed of an account, as a source, and the category the server files it under.
public struct AccountFeed: Sendable {
    public let source: any NewsSource
    public let category: String?

    public init(source: any NewsSource, category: String?) {
        self.source = source
        self.category = category
    }
}
