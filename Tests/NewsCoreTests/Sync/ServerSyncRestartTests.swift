import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// A refresh during a server's sync (`R` during its first) restarts it, as a feed source's
/// load restarts: the caller that replaced the cancelled one gets a whole sync, not the
/// cancelled sync's "The load was cancelled.".
@Suite struct ServerSyncRestartTests {
    @Test func aRefreshThatReplacesACancelledSyncGetsAWholeOne() async throws {
        let server = try HostileFever(.honest(feed: "Slow", items: 3, delay: .milliseconds(300)))
        let folder = try TemporaryFolder("restart")
        let store = try await ArticleStore.open(at: folder.file("cache.db"))
        let config = ServerConfig(name: "Home", kind: .fever, url: server.url, user: "u", password: .inline("p"))
        let sync = ServerSync(config: config, store: store, http: HTTPClient(timeout: 10, deadline: 30), environment: [:])
        let first = Task { try await sync.sync() }
        #expect(await server.server.waitUntil(timeout: .seconds(10)) { !$0.isEmpty }, "the first sync never asked the server")
        first.cancel()
        let second = try await sync.sync()
        #expect(second.newArticles == 3)
        #expect(try await store.count(.all) == 3)
        _ = await first.result
    }
}
