import Foundation
@testable @_spi(StoreTesting) import NewsCore
import Testing

/// Forgetting old articles and removed sources.
@Suite struct StorePruneTests {
    let sandbox: StoreSandbox
    let feed = StoreFixtures.feed
    let day: TimeInterval = 86_400
    let now = StoreFixtures.epoch.addingTimeInterval(100 * 86_400)

    init() throws { sandbox = try StoreSandbox() }

    /// Articles dated `ages` days before `now`, first seen long ago, then gone from the feed.
    func storeWithArticles(aged ages: [Int], source: SourceKey? = nil) async throws -> ArticleStore {
        let store = try await sandbox.open()
        let articles = ages.map { age in
            StoreFixtures.article(age, title: "\(age) days old", date: now.addingTimeInterval(-Double(age) * day - 60))
        }
        try await store.merge(Edition(articles: articles), into: source ?? feed, at: now.addingTimeInterval(-200 * day))
        try await store.merge(Edition(articles: []), into: source ?? feed, at: now.addingTimeInterval(-day))
        return store
    }

    @Test(arguments: [(30, ["1 days old", "29 days old"]), (7, ["1 days old"]), (0, [])])
    func oldArticlesGo(keepDays: Int, kept: [String]) async throws {
        let store = try await storeWithArticles(aged: [1, 29, 31, 90])
        let result = try await store.prune(keepDays: keepDays, configured: [feed], now: now)
        #expect(try await store.titles() == kept)
        #expect(result.articles == 4 - kept.count && result.sources == 0)
    }

    @Test func starredArticlesStay() async throws {
        let store = try await storeWithArticles(aged: [1, 90])
        let old = try #require(try await store.all(.source(feed)).last)
        try await store.setStarred(true, for: old.id)
        try await store.prune(configured: [feed], now: now)
        #expect(try await store.titles() == ["1 days old", "90 days old"])
    }

    /// An old item still in the feed stays: deleting it would bring it back as new and unread.
    @Test func articlesStillInTheFeedStay() async throws {
        let store = try await sandbox.open()
        let old = StoreFixtures.article(1, title: "Old but current", date: now.addingTimeInterval(-90 * day))
        try await store.merge(Edition(articles: [old]), into: feed, at: now.addingTimeInterval(-90 * day))
        let stored = try #require(try await store.all(.source(feed)).first)
        try await store.markRead([stored.id])

        try await store.prune(configured: [feed], now: now)
        let again = try await store.merge(Edition(articles: [old]), into: feed, at: now)
        #expect(again.added.isEmpty)
        #expect(try await store.article(stored.id)?.isRead == true)
    }

    @Test func pruningWithoutTheConfigLeavesSourcesAlone() async throws {
        let store = try await storeWithArticles(aged: [1, 2])
        let result = try await store.prune(configured: nil, now: now.addingTimeInterval(365 * day))
        #expect(result.sources == 0 && result.articles == 2)
        #expect(try await store.sources().map(\.key) == [feed])
    }

    /// The removed source's articles are young and still in its feed: only the removal drops them.
    @Test func aRemovedSourceGoesAfterKeepDaysButItsStarredArticlesStay() async throws {
        let gone = SourceKey("gone")
        let store = try await sandbox.open()
        let later = now.addingTimeInterval(31 * day)
        try await store.merge(
            Edition(
                articles: (1...3).map {
                    StoreFixtures.article($0, date: later.addingTimeInterval(-Double($0) * 3_600))
                }), into: gone, at: now)
        try await store.merge(StoreFixtures.edition(1...1), into: feed, at: now)
        let starred = try #require(try await store.all(.source(gone)).first)
        try await store.setStarred(true, for: starred.id)

        // First prune without it: noted as removed, nothing deleted yet.
        var result = try await store.prune(keepDays: 30, configured: [feed], now: now)
        #expect(result == PruneResult())
        #expect(try await store.count(.source(gone)) == 3)

        result = try await store.prune(keepDays: 30, configured: [feed], now: later)
        #expect(result.articles == 2 && result.sources == 0)
        #expect(try await store.titles(.source(gone)) == [starred.article.title])

        try await store.setStarred(false, for: starred.id)
        result = try await store.prune(keepDays: 30, configured: [feed], now: later.addingTimeInterval(day))
        #expect(result.articles == 1 && result.sources == 1)
        #expect(try await store.sources().map(\.key) == [feed])
        #expect(try await store.count(.source(feed)) == 1, "the configured source is untouched")
    }

    @Test func aSourceBackInTheConfigIsKept() async throws {
        let store = try await storeWithArticles(aged: [1, 2])
        try await store.prune(configured: [], now: now)
        try await store.prune(configured: [feed], now: now.addingTimeInterval(10 * day))
        let result = try await store.prune(configured: [feed], now: now.addingTimeInterval(40 * day))
        #expect(result.sources == 0)
        #expect(try await store.sources().map(\.key) == [feed])
    }

    @Test func prunedArticlesLeaveTheSearchIndex() async throws {
        let store = try await sandbox.open()
        try await store.merge(
            Edition(articles: [
                StoreFixtures.article(1, title: "Aardvarks everywhere", date: now.addingTimeInterval(-90 * day))
            ]), into: feed, at: now.addingTimeInterval(-90 * day))
        try await store.merge(Edition(articles: []), into: feed, at: now)
        #expect(try await store.search("aardvarks").count == 1)
        try await store.prune(configured: [feed], now: now)
        #expect(try await store.search("aardvarks").isEmpty)
        let db = try sandbox.rawConnection()
        #expect(try db.integer("SELECT count(*) FROM article_text") == 0)
    }

    /// A prune reads every old article once: it must not grow the page cache (and the
    /// program's memory) by the size of the table.
    @Test func aPruneSweepsThroughASmallPageCache() async throws {
        let store = try await sandbox.open()
        let text = String(repeating: "A long paragraph of an old article. ", count: 60)
        let articles = (0..<3_000).map { number in
            StoreFixtures.article(number, date: now.addingTimeInterval(-90 * day), body: .text(text))
        }
        try await store.merge(Edition(articles: articles), into: feed, at: now.addingTimeInterval(-90 * day))  // all still in the feed
        try await store.executeForTesting("PRAGMA shrink_memory")
        let usual = try await store.integerForTesting("PRAGMA cache_size")

        let result = try await store.prune(configured: [feed], now: now)
        #expect(result.articles == 0)
        let cached = try await store.pageCacheBytesForTesting()
        #expect(cached < 2 * ArticleStore.sweepCacheKiB * 1_024, "the prune left \(cached) bytes of page cache")
        #expect(try await store.integerForTesting("PRAGMA cache_size") == usual)
    }

    /// Old articles gone from the feed, `count` of them, each with a paragraph of text.
    func storeWithManyOldArticles(_ count: Int) async throws -> ArticleStore {
        let store = try await sandbox.open()
        let text = String(repeating: "A long paragraph of an old article. ", count: 30)
        let articles = (0..<count).map { number in
            StoreFixtures.article(number, date: now.addingTimeInterval(-90 * day + Double(number)), body: .text(text))
        }
        try await store.merge(Edition(articles: articles), into: feed, at: now.addingTimeInterval(-90 * day))
        try await store.merge(Edition(articles: []), into: feed, at: now.addingTimeInterval(-day))
        return store
    }

    /// More than a batch: every batch deletes, the starred stay wherever they fall, and a new
    /// cache's file gives back what was freed.
    @Test func manyArticlesGoBatchByBatchAndTheFileShrinks() async throws {
        let total = 3 * ArticleStore.pruneBatch + 100
        let store = try await storeWithManyOldArticles(total)
        let starred = try await store.all(.source(feed)).enumerated().filter { $0.offset % 400 == 0 }.map(\.element)
        for article in starred { try await store.setStarred(true, for: article.id) }
        try await store.indexForSearch()
        let db = try sandbox.rawConnection()
        #expect(try db.integer("PRAGMA auto_vacuum") == 2, "a new cache is made with incremental vacuum")
        let pagesBefore = try db.integer("PRAGMA page_count")

        let result = try await store.prune(configured: [feed], now: now)
        #expect(result.articles == total - starred.count)
        #expect(Set(try await store.titles()) == Set(starred.map(\.article.title)))
        #expect(try db.integer("SELECT count(*) FROM article_text") == starred.count)
        let pagesAfter = try db.integer("PRAGMA page_count")
        #expect(pagesAfter * 4 < pagesBefore, "the file kept \(pagesAfter) of \(pagesBefore) pages")
        #expect(try db.integer("PRAGMA freelist_count") == 0)
    }

    /// Cancelled, a prune stops after the batch it is in, and what it deleted stays deleted.
    @Test func aCancelledPruneStopsBetweenBatches() async throws {
        let total = 3 * ArticleStore.pruneBatch
        let store = try await storeWithManyOldArticles(total)
        let now = self.now
        let feed = self.feed
        let task = Task { try await store.prune(configured: [feed], now: now) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        let left = try await store.count(.source(feed))
        #expect(left < total && left % ArticleStore.pruneBatch == 0, "\(left) of \(total) left")
    }
}
