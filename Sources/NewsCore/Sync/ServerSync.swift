import FoundationEssentials

/// One configured server for the life of the app: its client (made once, its password read
/// once), and at most one sync at a time. Every feed of the server refreshes through it, so
/// `R` over fifty feeds of one server is one sync, which they all wait for.
public actor ServerSync {
    public nonisolated let config: ServerConfig
    public nonisolated let store: ArticleStore
    let http: HTTPClient
    let environment: [String: String]
    private var client: (any SyncClient)?
    /// The sync running, which every caller joins: it is cancelled only when the last of them is.
    private var running = SharedRun<SyncEngine.Report>()
    private var refreshFeed: RemoteFeedID?
    /// Told `ServerTransport.warning` once, before the password first goes to an http:// address.
    private let warn: @Sendable (String) -> Void
    private var warned = false

    public init(
        config: ServerConfig, store: ArticleStore, http: HTTPClient, environment: [String: String], warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.config = config
        self.store = store
        self.http = http
        self.environment = environment
        self.warn = warn
    }

    public nonisolated var name: String { config.name }

    /// Syncs, or joins the sync already running. `refreshing` asks the server to fetch that
    /// feed first (when a sync starts for it). A server out of reach throws `SourceUnreachable`
    /// ("Offline since …") once it has answered before.
    public func sync(refreshing feed: RemoteFeedID? = nil) async throws -> SyncEngine.Report {
        // A sync all of whose callers left (a refresh that replaced the one before it, `R` during a
        // first sync) is not joined: a new one starts once it has stopped. Joined before any
        // suspension, so that a second caller finds it.
        let ticket = running.join { stopping in
            Task {
                _ = await stopping?.result
                return try await self.makeEngine().sync(refreshing: feed)
            }
        }
        do {
            let report = try await ticket.result().get()
            running.end(ticket.task)
            return report
        } catch {
            running.end(ticket.task)
            // A cache that cannot say when the server last answered leaves the network failure as it is.
            if let failure = error as? SyncError, failure.isUnreachable, case .network(_, let reason) = failure,
                let since = try? await store.serverRecord(name).syncedAt
            {
                throw SourceUnreachable(reason: reason, since: since, now: Date())
            }
            throw error
        }
    }

    /// Sends the outbox now, when the server answers; a failure leaves it for the next sync.
    public func sendMarks() async throws -> SyncEngine.MarksSent {
        try await makeEngine().sendMarks()
    }

    private func makeEngine() async throws -> SyncEngine {
        if let client { return SyncEngine(server: name, client: client, store: store, articleLimit: config.articleLimit) }
        // Once per run, though a client that could not be made (a password-command that failed) is tried again.
        if !warned, let sentence = ServerTransport.warning(for: config) {
            warned = true
            warn(sentence)
        }
        let made: any SyncClient
        do {
            made = try await SyncClients.make(for: config, environment: environment, http: http)
        } catch {
            // A password-command stopped by a cancel is no failure of the server's.
            if !Task.isCancelled {
                try? await store.recordSyncFailure(name, message: error.message)  // the failure itself is what the person hears
            }
            throw error
        }
        client = made
        return SyncEngine(server: name, client: made, store: store, articleLimit: config.articleLimit)
    }
}

/// One feed of a server, as the Sources screen lists it: refreshing it syncs its server, which
/// stores the articles itself (`SourceRefresh.synced`), rather than handing an edition to
/// `SourceLoader` to merge.
public struct ServerFeedSource: NewsSource {
    public let server: ServerSync
    /// Nil for the server itself, shown before its first sync has listed its feeds.
    public let feed: RemoteFeedID?
    public let name: String

    public init(server: ServerSync, feed: RemoteFeedID?, name: String) {
        self.server = server
        self.feed = feed
        self.name = name
    }

    public var key: SourceKey {
        feed.map { .serverFeed(server: server.name, feed: $0) } ?? SourceKey("\u{1F}server\u{1F}\(server.name)")
    }

    public var host: String? { server.config.url.host?.lowercased() }
    public var location: URL { server.config.url }
    public var account: (any SourceAccount)? { server }

    public var refresh: SourceRefresh { .synced { [server, feed] in try await Self.sync(server, refreshing: feed) } }

    /// One sync of the server (joined by its other feeds' refreshes), as the library hears of it.
    private static func sync(_ server: ServerSync, refreshing feed: RemoteFeedID?) async throws -> SyncedArticles {
        let report = try await server.sync(refreshing: feed)
        var notes = report.newArticles > 0 ? ["\(report.newArticles) new from \(server.name)."] : []
        var alert: String?
        if report.marksRefused > 0, let refusal = report.refusal {
            alert = SyncEngine.MarksSent(refused: report.marksRefused, refusal: refusal).refusedSentence ?? refusal
            notes.append(alert ?? refusal)
        }
        return SyncedArticles(
            added: report.added, unlisted: max(0, report.newArticles - report.added.count), isFirstSync: report.isFirstSync, notes: notes,
            alert: alert)
    }
}
