import FoundationEssentials
import NewsCore

/// A feed server's side of `--print`: its feeds as the Sources screen orders them (by title),
/// each newest first, as the server gives them (every unread and every starred article, what a
/// first sync takes). As for a feed, nothing is written: the cache is neither opened nor
/// changed and the outbox is not sent, so `--print` from cron runs beside an open interface
/// (which holds the cache) and never moves the cursor the interface's next sync reads after.
enum ServerPrint {
    /// One feed's printed lines, newest first.
    struct Feed {
        var title: String
        var lines: [String]
    }

    /// The server's feeds and their lines; throws the client's `SyncError` (a wrong password,
    /// a server out of reach) for the caller to say in one sentence.
    static func fetch(_ server: ServerConfig, http: HTTPClient, environment: [String: String], json: Bool, log: DiagnosticLog) async throws -> [Feed] {
        if let sentence = ServerTransport.warning(for: server) { warn(sentence, server: server, log: log) }
        let client = try await SyncClients.make(for: server, environment: environment, http: http)
        let feeds = try await client.feeds()
        let collected = Collected()
        // Without a cache, the limit is the first sync's: lines are held to print them in order.
        let limit = server.articleLimit.limit(held: 0)
        // Each page shrunk to its lines as it comes: 10,000 articles' bodies are never held at once.
        try await client.articles(after: nil) { page in
            guard await collected.count + page.count <= limit else {
                throw SyncError.endless(server: server.name, reason: .tooManyArticles(limit: limit, held: 0))
            }
            await collected.add(
                page.map { remote in
                    var article = remote.article
                    if article.sourceName == nil { article.sourceName = feeds.first { $0.id == remote.feed }?.title }
                    return (remote.id, remote.feed, article.publishedAt, json ? PrintFormat.jsonLine(article) : PrintFormat.line(article))
                })
        }
        let byFeed = await collected.byFeed
        let ordered = feeds.sorted { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }
        return ordered.map { feed in
            let rows = (byFeed[feed.id] ?? []).sorted { ($0.date ?? .distantPast) > ($1.date ?? .distantPast) }
            return Feed(title: feed.title, lines: rows.map(\.line))
        }
    }

    /// A server's password going over http://, said where a command without the interface
    /// can say it: on stderr (cron mails it) and in the log.
    static func warn(_ sentence: String, server: ServerConfig, log: DiagnosticLog) {
        Output.error(sentence)
        log.plainTextPassword(server: server.name, warning: sentence)
    }

    /// The printed rows of every page, by feed, each article once (an unread starred article
    /// is in two of TT-RSS's views); pages arrive through a `@Sendable` closure.
    private actor Collected {
        private(set) var byFeed: [RemoteFeedID: [(date: Date?, line: String)]] = [:]
        private var printed = Set<RemoteArticleID>()
        var count: Int { printed.count }

        func add(_ rows: [(RemoteArticleID, RemoteFeedID, Date?, String)]) {
            for (id, feed, date, line) in rows where printed.insert(id).inserted { byFeed[feed, default: []].append((date, line)) }
        }
    }
}
