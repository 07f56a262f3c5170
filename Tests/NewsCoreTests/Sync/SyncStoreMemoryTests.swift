import Foundation
@testable @_spi(StoreTesting) import NewsCore
import Testing

/// What a sync costs the cache's page cache: a first sync of a large account reads and writes
/// every article once, and must not grow the page cache (and the program's peak memory) by the
/// size of the table.
@Suite struct SyncStoreMemoryTests {
    let sandbox: StoreSandbox
    let server = "Home"

    init() throws { sandbox = try StoreSandbox() }

    /// 3,000 articles of a few KiB each under two feeds, stored as a first sync stores them.
    func storeWithServerArticles() async throws -> ArticleStore {
        let store = try await sandbox.open()
        let feeds = [RemoteFeed(id: RemoteFeedID(1), title: "One"), RemoteFeed(id: RemoteFeedID(2), title: "Two")]
        try await store.storeServerFeeds(feeds, server: server)
        let text = String(repeating: "A long paragraph of a server's article. ", count: 60)
        for start in stride(from: 1, through: 3_000, by: 200) {
            let page = (start..<start + 200).map { number in
                RemoteArticle(
                    id: RemoteArticleID(Int64(number)), feed: RemoteFeedID(Int64(1 + number % 2)),
                    article: StoreFixtures.article(number, body: .html("<p>\(text)</p>")), unread: true, starred: number % 7 == 0)
            }
            try await store.storeRemoteArticles(page, server: server)
        }
        try await store.executeForTesting("PRAGMA shrink_memory")
        return store
    }

    @Test func theCacheMarksAreReadThroughASmallPageCache() async throws {
        let store = try await storeWithServerArticles()
        let usual = try await store.integerForTesting("PRAGMA cache_size")

        let marks = try await store.localMarks(server)
        #expect(marks.unread.count == 3_000 && marks.starred.count == 3_000 / 7)
        #expect(marks.counts[RemoteFeedID(1)] == MarkCounts(unread: 1_500, starred: 214))
        let cached = try await store.pageCacheBytesForTesting()
        #expect(cached < 2 * ArticleStore.sweepCacheKiB * 1_024, "reading the marks left \(cached) bytes of page cache")
        #expect(try await store.integerForTesting("PRAGMA cache_size") == usual)
    }

    @Test func theServerMarksForTheWholeAccountAreTakenThroughASmallPageCache() async throws {
        let store = try await storeWithServerArticles()
        let usual = try await store.integerForTesting("PRAGMA cache_size")

        // Complete for the whole account: the first half read elsewhere, nothing starred.
        let unread = Set((1_501...3_000).map { RemoteArticleID(Int64($0)) })
        let missing = try await store.applyRemoteMarks(RemoteMarks(unread: unread, starred: []), server: server)
        let cached = try await store.pageCacheBytesForTesting()
        #expect(cached < 2 * ArticleStore.sweepCacheKiB * 1_024, "taking the marks left \(cached) bytes of page cache")
        #expect(try await store.integerForTesting("PRAGMA cache_size") == usual)
        #expect(missing.isEmpty)
        let marks = try await store.localMarks(server)
        #expect(marks.unread == unread && marks.starred.isEmpty)
    }

    /// Marks complete for more feeds than SQLite takes variables (32,766): taken in batches,
    /// the feeds held among them marked as the server says.
    @Test func marksForMoreFeedsThanSQLiteHasVariablesAreTakenInBatches() async throws {
        let store = try await storeWithServerArticles()
        let feeds = Set((1...40_001).map { RemoteFeedID(Int64($0)) })
        let unread = Set((1...3_000).filter { $0 % 2 == 0 }.map { RemoteArticleID(Int64($0)) })
        let missing = try await store.applyRemoteMarks(
            RemoteMarks(unread: unread, starred: [], unreadFeeds: feeds, starredFeeds: feeds), server: server)
        #expect(missing.isEmpty)
        let marks = try await store.localMarks(server)
        #expect(marks.unread == unread && marks.starred.isEmpty)
    }
}
