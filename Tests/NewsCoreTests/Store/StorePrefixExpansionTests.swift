import Foundation
@_spi(StoreTesting) @testable import NewsCore
import Testing
import TestSupport

/// A prefix of ASCII letters is searched as the index's words that start with it, written out
/// as alternatives: the same matches, the same order and the same count as FTS5's own prefix
/// (`StoreSearchRankingTests` compares the orders and the first pages); anything else is left
/// to FTS5.
@Suite struct StorePrefixExpansionTests {
    let screenful: StoreSearchScreenfulTests

    init() throws { screenful = try StoreSearchScreenfulTests() }

    func expanded(_ text: String, _ db: SQLiteConnection) throws -> SearchQuery {
        try #require(SearchQuery(text)).expandingPrefix(db)
    }

    @Test func aPrefixBecomesTheIndexsWordsStartingWithIt() async throws {
        let store = try await screenful.storeWithCorpus(rankingLimit: 100)
        #expect(try await store.searchCount("robots") == 60)  // indexed now
        let db = try screenful.sandbox.rawConnection()
        let robots = try expanded("rob*", db)
        #expect(robots.expression == "\"robin\" OR \"robots\"" && robots.alternatives)
        #expect(robots.terms == ["rob*"], "read back as typed")
        // The tokenizer lowers the case of ASCII letters; a prefix of one word is that word.
        let one = try expanded("ROBOT*", db)
        #expect(one.expression == "\"robots\"" && !one.alternatives)
        // No word starts so: FTS5's prefix finds nothing as cheaply.
        #expect(try expanded("robx*", db) == SearchQuery("robx*"))
        // Not one prefix of ASCII letters and digits: left to FTS5.
        for text in ["robots", "\"robots rov\"*", "rob* rover", "東京*", "röb*", "ro*"] {
            #expect(try expanded(text, db) == SearchQuery(text), "\(text)")
        }
    }

    @Test func aPrefixOfMoreWordsThanAlternativesIsLeftToFTS5() async throws {
        let store = try await screenful.sandbox.open()
        let count = SearchQuery.maxAlternatives + 2
        try await store.merge(
            Edition(articles: (1...count).map { StoreFixtures.article($0, title: "Zeta\(1_000 + $0) report") }), into: StoreFixtures.feed)
        #expect(try await store.searchCount("zeta1*") == count)
        let db = try screenful.sandbox.rawConnection()
        #expect(try expanded("zeta1*", db) == SearchQuery("zeta1*"))
        #expect(try expanded("zeta100*", db).alternatives, "10 words")
        #expect(try await store.search("zeta1*", limit: 500).count == count)
        #expect(try await store.searchCount("zeta100*") == 9)
    }

    /// `headlines_count_any` marks the row ids between the articles' lowest and highest; a
    /// match outside them (an index out of step with its articles) is counted by FTS5 instead
    /// of failing the search.
    @Test func aMatchOutsideTheArticlesIdsIsStillCounted() async throws {
        let store = try await screenful.storeWithCorpus(rankingLimit: 100)
        #expect(try await store.searchCount("rob*") == 60)
        let db = try screenful.sandbox.rawConnection()
        try db.run("INSERT INTO article_text (rowid, title, summary, body) VALUES (100000, 'robin', '', '')")
        try SearchRanking.register(db)
        #expect(try ArticleStore.countOfAlternatives(try expanded("rob*", db), db) == nil)
        #expect(try await store.searchCount("rob*") == 61)
    }
}
