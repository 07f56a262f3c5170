import Foundation
@testable import NewsCore
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
