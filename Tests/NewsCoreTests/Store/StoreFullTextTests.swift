import Foundation
@testable import NewsCore
import Testing

/// Full texts read from articles' pages, in the cache: kept apart from what the feed sent (a
/// refresh that changes the article leaves them), read back with the article, searched as its
/// body is, checked again when read, and gone with the article.
@Suite struct StoreFullTextTests {
    let sandbox: StoreSandbox
    let feed = StoreFixtures.feed

    init() throws { sandbox = try StoreSandbox() }

    static let page = URL(string: "https://news.example/story-1")!
    static let fullText = FullText(
        html: "<p>The whole story, with the word xylophonist only the page has.</p>", page: page,
        fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))

    @Test func aFullTextIsKeptReadBackAndSurvivesARefresh() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: [StoreFixtures.article(1), StoreFixtures.article(2)]), into: feed)
        let id = try #require(try await store.all(.all).first { $0.article.title == "Article 1" }?.id)
        #expect(try await store.article(id)?.article.fullText == nil)

        #expect(try await store.saveFullText(Self.fullText, of: id))
        #expect(try await store.article(id)?.article.fullText == Self.fullText)
        #expect(try await store.wantingFullText([id]).isEmpty)

        // The feed changes the article: its own text is replaced, the page's is kept.
        var changed = StoreFixtures.article(1)
        changed.description = "A new summary"
        let merged = try await store.merge(Edition(articles: [changed, StoreFixtures.article(2)]), into: feed)
        #expect(merged.updated == [id])
        let stored = try #require(try await store.article(id))
        #expect(stored.article.description == "A new summary" && stored.article.fullText == Self.fullText)
        // Lists never carry it (they do not read it).
        #expect(try await store.all(.all).allSatisfy { $0.article.fullText == nil })
    }

    @Test func searchFindsAWordOnlyTheFullTextHas() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: [StoreFixtures.article(1)]), into: feed)
        let id = try #require(try await store.all(.all).first?.id)
        #expect(try await store.search("xylophonist").isEmpty)
        try await store.saveFullText(Self.fullText, of: id)
        #expect(try await store.search("xylophonist").map(\.id) == [id])
    }

    @Test func aFullTextGoesWithItsArticleAndNeedsOneInTheCache() async throws {
        let store = try await sandbox.open()
        #expect(try await store.saveFullText(Self.fullText, of: ArticleID(999)) == false, "no such article")
        try await store.merge(Edition(articles: [StoreFixtures.article(1)]), into: feed)
        let id = try #require(try await store.all(.all).first?.id)
        try await store.saveFullText(Self.fullText, of: id)
        let db = try sandbox.rawConnection()
        try db.run("PRAGMA foreign_keys = ON")  // as the store's own connection has it
        try db.run("DELETE FROM article WHERE id = ?", id.rawValue)
        #expect(try db.integer("SELECT count(*) FROM full_text") == 0)
    }

    /// The file is trusted no more than the network.
    @Test func aFullTextEditedIntoTheFileIsCheckedAgain() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: [StoreFixtures.article(1), StoreFixtures.article(2)]), into: feed)
        let ids = try await store.all(.all).map(\.id)
        for id in ids { try await store.saveFullText(Self.fullText, of: id) }
        let db = try sandbox.rawConnection()
        try db.run("UPDATE full_text SET page_url = 'javascript:alert(1)' WHERE article_id = ?", ids[0].rawValue)
        try db.run("UPDATE full_text SET html = ? WHERE article_id = ?", String(repeating: "a", count: TextLimits.body + 10), ids[1].rawValue)
        #expect(try await store.article(ids[0])?.article.fullText == nil)
        #expect(try await store.article(ids[1])?.article.fullText?.html.count == TextLimits.body)
    }

    @Test func theArticlesWantingAFullTextHaveALinkAndNoneYet() async throws {
        let store = try await sandbox.open()
        var noLink = StoreFixtures.article(3)
        noLink.url = nil
        try await store.merge(Edition(articles: [StoreFixtures.article(1), StoreFixtures.article(2), noLink]), into: feed)
        let all = try await store.all(.all)
        let first = try #require(all.first { $0.article.title == "Article 1" }?.id)
        let second = try #require(all.first { $0.article.title == "Article 2" }?.id)
        try await store.saveFullText(Self.fullText, of: first)
        let wanted = try await store.wantingFullText(all.map(\.id) + [ArticleID(-4)])
        #expect(wanted.map(\.id) == [second])
    }

    @Test func aDoubtfulFullTextIsKeptSo() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: [StoreFixtures.article(1)]), into: feed)
        let id = try #require(try await store.all(.all).first?.id)
        var doubtful = Self.fullText
        doubtful.doubtful = true
        try await store.saveFullText(doubtful, of: id)
        #expect(try await store.article(id)?.article.fullText?.doubtful == true)
        try await store.saveFullText(Self.fullText, of: id)
        #expect(try await store.article(id)?.article.fullText?.doubtful == false)
    }
}
