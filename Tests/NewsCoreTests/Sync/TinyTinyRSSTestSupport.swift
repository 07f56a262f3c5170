import Foundation
@testable import NewsCore
import TestSupport

/// A fresh cache, an account of its own on the shared TT-RSS server, and a client for it: one test's.
struct TinyTinyRSSSync {
    static let serverName = "Home"

    let server: TinyTinyRSSServer
    let folder: TemporaryFolder
    let store: ArticleStore
    let client: TinyTinyRSSClient

    init() async throws {
        server = try await SyncServerFixture.shared.tinyTinyRSSAccount()
        folder = try TemporaryFolder("sync")
        store = try await ArticleStore.open(at: folder.file("cache.db"))
        client = Self.client(for: server)
    }

    static func client(for server: TinyTinyRSSServer, password: String? = nil, url: URL? = nil) -> TinyTinyRSSClient {
        TinyTinyRSSClient(
            name: serverName, url: url ?? server.url, user: server.user, password: password ?? server.password,
            http: HTTPClient(timeout: 20, deadline: 60))
    }

    func engine(_ client: any SyncClient) -> SyncEngine {
        SyncEngine(server: Self.serverName, client: client, store: store)
    }

    var engine: SyncEngine { engine(client) }

    /// The server's own view, through a session of its own (not the client under test's).
    func serverArticle(_ id: RemoteArticleID) async throws -> (unread: Bool, starred: Bool) {
        let observer = Self.client(for: server)
        let content = try await observer.call("getArticle", [("article_id", .string(id.description))])
        guard let item = content.array?.first else { throw TestFailure("the server has no article \(id)") }
        return (item["unread"] == .bool(true), item["marked"] == .bool(true))
    }

    /// Sets a mark on the server directly, as another device would.
    func setOnServer(_ id: RemoteArticleID, unread: Bool? = nil, starred: Bool? = nil) async throws {
        let observer = Self.client(for: server)
        if let unread {
            _ = try await observer.call("updateArticle", [("article_ids", .string(id.description)), ("field", .int(2)), ("mode", .int(unread ? 1 : 0))])
        }
        if let starred {
            _ = try await observer.call("updateArticle", [("article_ids", .string(id.description)), ("field", .int(0)), ("mode", .int(starred ? 1 : 0))])
        }
    }

    /// The server's ids of one feed's articles, oldest first (the feeds each test picks for itself).
    func serverIDs(feedURL: URL) async throws -> [RemoteArticleID] {
        let feed = try await client.feeds().first { $0.url == feedURL }
        guard let feed else { throw TestFailure("the server has no feed \(feedURL)") }
        let content = try await Self.client(for: server).call(
            "getHeadlines",
            [
                ("feed_id", .int(feed.id.rawValue)), ("view_mode", .string("all_articles")), ("limit", .int(200)),
                ("order_by", .string("date_reverse")),
            ])
        return (content.array ?? []).compactMap { TinyTinyRSSClient.id($0["id"]).map(RemoteArticleID.init) }
    }

    /// How many unread and starred articles the whole account has, by the server's counters.
    func serverTotals() async throws -> (unread: Int, starredOrUnread: Int) {
        let observer = Self.client(for: server)
        var unread = Set<RemoteArticleID>(), starred = Set<RemoteArticleID>()
        for (feed, view) in [(-4, "unread"), (-1, "all_articles")] {
            let content = try await observer.call(
                "getHeadlines",
                [
                    ("feed_id", .int(Int64(feed))), ("view_mode", .string(view)), ("limit", .int(200)),
                ])
            var ids = (content.array ?? []).compactMap { TinyTinyRSSClient.id($0["id"]).map(RemoteArticleID.init) }
            var skip = ids.count
            while ids.count == skip, skip % 200 == 0, skip > 0 {
                let more = try await observer.call(
                    "getHeadlines",
                    [
                        ("feed_id", .int(Int64(feed))), ("view_mode", .string(view)), ("limit", .int(200)), ("skip", .int(Int64(skip))),
                    ])
                let next = (more.array ?? []).compactMap { TinyTinyRSSClient.id($0["id"]).map(RemoteArticleID.init) }
                ids += next
                skip += next.count
                if next.isEmpty { break }
            }
            if feed == -4 { unread.formUnion(ids) } else { starred.formUnion(ids) }
        }
        return (unread.count, unread.union(starred).count)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The real client, cut after `pages` pages of articles: a sync that stops mid-way, as a kill
/// or a lost connection would stop it.
struct CutClient: SyncClient {
    let client: TinyTinyRSSClient
    let pages: Int

    struct Cut: Error {}

    func feeds() async throws -> [RemoteFeed] { try await client.feeds() }
    func articles(after cursor: RemoteArticleID?, receive: @Sendable ([RemoteArticle]) async throws -> Void) async throws {
        let left = Countdown(pages)
        try await client.articles(after: cursor) { page in
            guard await left.take() else { throw Cut() }
            try await receive(page)
        }
    }
    func articles(withIDs ids: [RemoteArticleID]) async throws -> [RemoteArticle] { try await client.articles(withIDs: ids) }
    func marks(comparedWith local: LocalMarks) async throws -> RemoteMarks { try await client.marks(comparedWith: local) }
    func send(_ marks: [MarkChange]) async throws { try await client.send(marks) }
    func requestUpdate(of feed: RemoteFeedID?) async throws { try await client.requestUpdate(of: feed) }
    func subscribe(to url: URL) async throws -> RemoteFeedID { try await client.subscribe(to: url) }
}

private actor Countdown {
    var left: Int
    init(_ left: Int) { self.left = left }
    func take() -> Bool {
        guard left > 0 else { return false }
        left -= 1
        return true
    }
}

/// A loopback port nothing listens on: bound once to learn a free one, then closed.
enum LoopbackPort {
    static func closed() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("no socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw TestFailure("could not bind a loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
