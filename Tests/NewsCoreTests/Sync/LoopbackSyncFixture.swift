import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// What the sync tests against a loopback server share: a fresh cache, the engine between it and
/// the server, and the server's own marks on its items. Each server's fixture says how its ids
/// become the cache's remote ids and how its fake is read and changed; the checks that every
/// service must pass alike are written once, here.
protocol LoopbackSyncFixture {
    associatedtype ServerID
    static var serverName: String { get }
    var store: ArticleStore { get }
    var engine: SyncEngine { get }
    /// The server's item ids, in the server's order.
    var serverIDs: [ServerID] { get }
    static func remote(_ id: ServerID) -> RemoteArticleID
    /// The server's marks on its item; nil when it has no such item.
    func onServer(_ id: ServerID) -> (unread: Bool, starred: Bool)?
    func setOnServer(_ id: ServerID, unread: Bool?, starred: Bool?)
}

extension LoopbackSyncFixture {
    /// The cache's read and starred marks for the server's item; nil when the cache lacks it.
    func marks(_ id: ServerID) async throws -> (read: Bool, starred: Bool)? {
        guard let article = try await store.articleID(server: Self.serverName, remote: Self.remote(id)), let stored = try await store.article(article)
        else { return nil }
        return (stored.isRead, stored.isStarred)
    }

    func articleID(_ id: ServerID) async throws -> ArticleID {
        try #require(try await store.articleID(server: Self.serverName, remote: Self.remote(id)))
    }

    /// After a first sync of 10,000 items: 100 read and 10 starred here, 100 read and 10 starred
    /// on the server; the next sync sends the 110 marks made here, fetches nothing new, and takes
    /// the server's, so that 9,800 are left unread on both sides.
    func checkTenThousandItemsSyncAndMarksCrossBothWays(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await engine.sync().newArticles == 10_000, sourceLocation: sourceLocation)
        let ids = serverIDs
        let here = try await ids[0..<100].asyncMap { try await articleID($0) }
        try await store.markRead(here)
        for id in ids[100..<110] { try await store.setStarred(true, for: try await articleID(id)) }
        for id in ids[200..<300] { setOnServer(id, unread: false, starred: nil) }
        for id in ids[300..<310] { setOnServer(id, unread: nil, starred: true) }
        let report = try await engine.sync()
        #expect(report.marksSent == 110 && report.newArticles == 0, "\(report)", sourceLocation: sourceLocation)
        #expect(ids[0..<100].allSatisfy { onServer($0)?.unread == false }, sourceLocation: sourceLocation)
        #expect(ids[100..<110].allSatisfy { onServer($0)?.starred == true }, sourceLocation: sourceLocation)
        #expect(try await store.count(.all, unreadOnly: true) == 9_800, sourceLocation: sourceLocation)
        for id in ids[300..<310] { #expect(try await marks(id)?.starred == true, sourceLocation: sourceLocation) }
    }
}
