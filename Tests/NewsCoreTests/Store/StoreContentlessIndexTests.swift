import Foundation
@testable import NewsCore
import Testing

/// The search index keeps no copy of the text (FTS5's contentless table), so removing an
/// article's words takes the text they were made from: whatever changes an indexed article
/// (a refresh, a full text, a delete, a hand-written UPDATE) leaves no word behind that the
/// article no longer has, and the new words are found.
@Suite struct StoreContentlessIndexTests {
    let sandbox: StoreSandbox
    let feed = StoreFixtures.feed

    init() throws { sandbox = try StoreSandbox() }

    /// Every word the index holds, as FTS5 reads its segments now (delete markers applied).
    func indexedWords() throws -> Set<String> {
        let db = try sandbox.rawConnection()
        try db.execute("CREATE VIRTUAL TABLE temp.words USING fts5vocab(main, article_text, row)")
        return Set(try db.rows("SELECT term FROM temp.words", []) { $0.text(0) ?? "" })
    }

    static func fullText(_ words: String) -> FullText {
        FullText(
            html: "<p>\(words)</p>", page: URL(string: "https://example.com/articles/1")!,
            fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test func theIndexKeepsNoCopyOfTheText() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...5), into: feed)
        #expect(try await store.search("article").count == 5)
        let db = try sandbox.rawConnection()
        #expect(try db.integer("SELECT count(*) FROM sqlite_master WHERE name = 'article_text_content'") == 0)
        #expect(try db.integer("SELECT count(*) FROM article_text") == 5, "one entry an article")
    }

    @Test func aRefreshThatChangesAnArticleLeavesNoOldWord() async throws {
        let store = try await sandbox.open()
        let first = StoreFixtures.article(
            1, title: "Walrus sighted", summary: "A walrus off the pier", body: .html("<p>Tusks <b>gleamed</b></p>"))
        try await store.merge(Edition(articles: [first]), into: feed)
        #expect(try await store.search("walrus").count == 1)
        #expect(try indexedWords().isSuperset(of: ["walrus", "tusks", "gleamed", "pier"]))

        let changed = StoreFixtures.article(
            1, title: "Penguin sighted", summary: "A penguin off the jetty", body: .text("Flippers flapped"))
        let merged = try await store.merge(Edition(articles: [changed]), into: feed)
        #expect(merged.updated.count == 1)
        #expect(try await store.search("walrus").isEmpty)
        #expect(try await store.search("penguin").count == 1)
        #expect(try await store.search("flippers").count == 1)
        let words = try indexedWords()
        #expect(words.isDisjoint(with: ["walrus", "tusks", "gleamed", "pier"]), "left behind: \(words)")
        #expect(words.isSuperset(of: ["penguin", "jetty", "flippers"]))
    }

    @Test func anArticleChangedTwiceBeforeIndexingIsIndexedOnce() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: [StoreFixtures.article(1, title: "Heron")]), into: feed)
        try await store.merge(Edition(articles: [StoreFixtures.article(1, title: "Egret")]), into: feed)
        try await store.merge(Edition(articles: [StoreFixtures.article(1, title: "Crane")]), into: feed)
        #expect(try await store.search("crane").count == 1)
        #expect(try indexedWords().isDisjoint(with: ["heron", "egret"]))
        #expect(try sandbox.rawConnection().integer("SELECT count(*) FROM article_text") == 1)
    }

    @Test func aReplacedFullTextLeavesNoOldWord() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: [StoreFixtures.article(1)]), into: feed)
        let id = try #require(try await store.all(.all).first?.id)
        _ = try await store.search("article")  // indexed without a full text
        try await store.saveFullText(Self.fullText("the xylophonist played"), of: id)
        #expect(try await store.search("xylophonist").map(\.id) == [id])
        try await store.saveFullText(Self.fullText("the accordionist played"), of: id)
        #expect(try await store.search("xylophonist").isEmpty)
        #expect(try await store.search("accordionist").map(\.id) == [id])
        #expect(try await store.search("article").map(\.id) == [id], "the feed's own words stay")
        #expect(try !indexedWords().contains("xylophonist"))
    }

    @Test func deletedArticlesLeaveNoWord() async throws {
        let store = try await sandbox.open()
        try await store.merge(
            Edition(articles: (1...3).map { StoreFixtures.article($0, title: "Osprey \($0)", summary: "fishing hawk") }), into: feed)
        let ids = try await store.all(.all).map(\.id)
        try await store.saveFullText(Self.fullText("talons"), of: ids[0])
        #expect(try await store.search("osprey").count == 3)
        let db = try sandbox.rawConnection()
        try db.run("PRAGMA foreign_keys = ON")  // as the store's own connection has it
        try db.run("DELETE FROM article")
        #expect(try indexedWords().isEmpty)
        #expect(try db.integer("SELECT count(*) FROM article_text") == 0)
        #expect(try db.integer("SELECT count(*) FROM search_pending") == 0)
    }

    /// A hand-written UPDATE (another program, a repair) is caught as the store's own writes are.
    @Test func aChangeWrittenByHandIsIndexedAgain() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: [StoreFixtures.article(1, title: "Kestrel hovering")]), into: feed)
        #expect(try await store.search("kestrel").count == 1)
        try sandbox.rawConnection().run("UPDATE article SET title = 'Merlin hovering'")
        #expect(try await store.search("kestrel").isEmpty)
        #expect(try await store.search("merlin").count == 1)
        #expect(try !indexedWords().contains("kestrel"))
    }

    /// Marks change no indexed field: the article keeps its entries and is not indexed again.
    @Test func marksLeaveTheIndexAlone() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...3), into: feed)
        _ = try await store.search("article")
        let ids = try await store.all(.all).map(\.id)
        try await store.markRead(ids)
        try await store.setStarred(true, for: ids[0])
        #expect(try sandbox.rawConnection().integer("SELECT count(*) FROM search_pending") == 0)
    }
}
