import Foundation
import Synchronization
import Testing
@_spi(StoreTesting) @testable import NewsCore
import TestSupport

/// Fetches never outrun the cache's merges by more than `ConnectionLimits.unmergedEditions`:
/// while merges wait, no more feeds are asked for (a refresh of 5,000 feeds held 200 MiB of
/// editions queued for the store before), and once they go on, every feed is merged.
@Suite("Editions waiting for the cache", .timeLimit(.minutes(1)))
struct UnmergedEditionsTests {
    let sandbox: StoreSandbox

    init() throws { sandbox = try StoreSandbox() }

    @Test func fetchesWaitWhileTheEditionsFetchedWaitForTheCache() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let feeds = 12
        for number in 0..<feeds {
            server.route("/feed-\(number).xml", .text(PageFeedRefreshTests.rss(["Story \(number)"]), contentType: "application/rss+xml"))
        }
        let store = try await sandbox.open()
        // Every merge waits, inside its transaction, until the test opens the gate.
        let gate = Atomic(false)
        await store.setMergeProbe { _ in
            while !gate.load(ordering: .acquiring) { usleep(1_000) }
        }
        let limits = ConnectionLimits(maxConnections: 2, maxPerHost: 2)
        let loader = SourceLoader(store: store, limits: limits)
        let sources = (0..<feeds).map { DocumentSource(service: NewsService(), location: server.url("/feed-\($0).xml")) }
        let refreshes = Task {
            try await withThrowingTaskGroup(of: RefreshReport.self) { group in
                for source in sources { group.addTask { try await loader.refresh(source) } }
                return try await group.reduce(into: 0) { $0 += $1.addedCount }
            }
        }
        // Twice the connections: four editions fetched (one in its merge), and no fifth asked for.
        #expect(await server.waitUntil(timeout: .seconds(10)) { $0.count == 4 })
        #expect(await !server.waitUntil(timeout: .milliseconds(500)) { $0.count > 4 }, "\(server.requests.count) feeds were asked for")
        gate.store(true, ordering: .releasing)
        #expect(try await refreshes.value == feeds)
        #expect(server.requests.count == feeds)
        #expect(try await store.count(.all) == feeds)
    }
}
