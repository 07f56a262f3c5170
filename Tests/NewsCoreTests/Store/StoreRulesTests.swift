import Foundation
@_spi(StoreTesting) @testable import NewsCore
import Testing

/// Kill rules and `max-items`: hidden from lists, counts and search, kept in the cache.
@Suite struct StoreRulesTests {
    let sandbox: StoreSandbox
    let feed = StoreFixtures.feed
    let other = SourceKey("other")

    init() throws { sandbox = try StoreSandbox() }

    func filled() async throws -> ArticleStore {
        let store = try await sandbox.open()
        let articles = (1...6).map { StoreFixtures.article($0, title: $0 % 2 == 0 ? "Sponsored: offer \($0)" : "News \($0)", summary: "searchword") }
        try await store.merge(Edition(articles: articles), into: feed)
        try await store.merge(Edition(articles: (7...9).map { StoreFixtures.article($0, title: "Sponsored elsewhere \($0)") }), into: other)
        try await store.indexForSearch()
        return store
    }

    @Test func anIgnoredArticleIsNotShownCountedOrSearchedUntilTheRuleChanges() async throws {
        let store = try await filled()
        try await store.setRules(ArticleRules(ignore: try ArticleFilter("title ~ sponsored")))
        #expect(try await store.titles() == ["News 5", "News 3", "News 1"])
        #expect(try await store.count(.all) == 3)
        #expect(try await store.count(.source(feed), unreadOnly: true) == 3)
        #expect(try await store.search("searchword").map(\.article.title).sorted() == ["News 1", "News 3", "News 5"])
        #expect(try await store.searchCount("searchword") == 3)
        let summaries = try await store.sources()
        #expect(summaries.first { $0.key == feed }?.articleCount == 3)
        #expect(summaries.first { $0.key == feed }?.unreadCount == 3)
        #expect(summaries.first { $0.key == feed }?.hiddenCount == 3)
        #expect(summaries.first { $0.key == other }?.hiddenCount == 3)
        try await store.setRules(ArticleRules())
        #expect(try await store.count(.all) == 9)
        #expect(try await store.sources().first { $0.key == feed }?.hiddenCount == 0)
    }

    @Test func aSourcesOwnRuleHidesOnlyItsArticles() async throws {
        let store = try await filled()
        try await store.setRules(ArticleRules(sourceIgnores: [other: try ArticleFilter("title ~ sponsored")]))
        #expect(try await store.count(.source(feed)) == 6)
        #expect(try await store.count(.source(other)) == 0)
    }

    @Test func maxItemsKeepsTheNewestAndTheStarred() async throws {
        let store = try await filled()
        let oldest = try #require(try await store.all(.source(feed)).last)
        try await store.setStarred(true, for: oldest.id)
        try await store.setRules(ArticleRules(maxItems: 2, sourceMaxItems: [other: 1]))
        #expect(try await store.titles() == ["Sponsored: offer 6", "News 5", "News 1"])
        #expect(try await store.titles(.source(other)) == ["Sponsored elsewhere 9"])
        // A refresh that brings newer articles moves the limit along.
        try await store.merge(Edition(articles: [StoreFixtures.article(20, title: "Newest")]), into: feed)
        #expect(try await store.titles() == ["Newest", "Sponsored: offer 6", "News 1"])
        #expect(try await store.sources().first { $0.key == feed }?.hiddenCount == 4)
    }
}

/// The Search screen's pages over hidden articles: every page is full, and paging on reaches each
/// shown match once (the count is the true one, so a short page would leave a gap).
extension StoreRulesTests {
    /// 90 matches, two of every three hidden by the rule, hidden ones between every shown pair.
    func interleaved() async throws -> ArticleStore {
        let store = try await sandbox.open()
        let articles = (1...90).map {
            StoreFixtures.article($0, title: $0 % 3 == 0 ? "Shown story \($0)" : "Sponsored story \($0)", summary: "pagingword other")
        }
        try await store.merge(Edition(articles: articles), into: feed)
        try await store.indexForSearch()
        try await store.setRules(ArticleRules(ignore: try ArticleFilter("title ~ sponsored")))
        return store
    }

    @Test(arguments: [("pagingword", 1_000), ("pagingword", 7), ("pagingword other", 1_000), ("pagingword other", 7), ("paging*", 7)])
    func everyPageOfASearchIsFullThoughHiddenMatchesFallInIt(_ query: String, rankingLimit: Int) async throws {
        let store = try await interleaved()
        await store.setRankingLimit(rankingLimit)
        let first = try await store.searchWithCount(query, limit: 10)
        #expect(first.total == 30)
        #expect(first.articles.count == 10)
        var seen = first.articles.map(\.article.title)
        while seen.count < 30 {
            let page = try await store.search(query, limit: 10, offset: seen.count)
            #expect(page.count == 10, "a short page at \(seen.count)")
            guard !page.isEmpty else { break }
            seen += page.map(\.article.title)
        }
        #expect(seen.allSatisfy { $0.hasPrefix("Shown") })
        #expect(Set(seen).count == 30)
        #expect(try await store.search(query, limit: 10, offset: 30).isEmpty)
    }
}
