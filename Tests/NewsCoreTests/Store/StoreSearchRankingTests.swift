import Foundation
@_spi(StoreTesting) @testable import NewsCore
import Testing
import TestSupport

/// A query of one phrase is ranked by the store's own `headlines_rank`, which skips `bm25`'s
/// pass over the whole index: its order must be `bm25`'s, tie order included, and a query of
/// several phrases still ranks by `bm25` itself.
@Suite struct StoreSearchRankingTests {
    let sandbox: StoreSandbox

    init() throws { sandbox = try StoreSandbox() }

    /// 120 articles of a small vocabulary (so words repeat, in every column, at many lengths),
    /// one in four Japanese.
    func storeWithCorpus() async throws -> ArticleStore {
        var random = SplitMix64(seed: 0x5241_4E4B)
        let words = ["harbour", "crane", "cranes", "port", "dock", "strike", "weather", "ship", "shipping", "tide"]
        let japanese = ["東京", "天気", "港", "船", "晴れ", "東京都"]
        func text(_ count: Int, cjk: Bool) -> String {
            cjk
                ? (0..<count).map { _ in random.pick(japanese) }.joined()
                : (0..<count).map { _ in random.pick(words) }.joined(separator: " ")
        }
        let store = try await sandbox.open()
        await store.setRankingLimit(10_000)
        let articles = (1...120).map { number in
            let cjk = number % 4 == 0
            return StoreFixtures.article(
                number, title: text(random.int(1...6), cjk: cjk), summary: text(random.int(0...20), cjk: cjk),
                body: .text(text(random.int(0...80), cjk: cjk)))
        }
        try await store.merge(Edition(articles: articles.reversed()), into: StoreFixtures.feed)
        return store
    }

    /// Article ids as FTS5's own `bm25` orders them (the most recently stored first among equals).
    func bm25Order(_ text: String) throws -> [Int64] {
        let query = try #require(SearchQuery(text))
        return try sandbox.rawConnection().rows(
            """
            SELECT rowid FROM article_text WHERE article_text MATCH ?
            ORDER BY bm25(article_text, \(SearchRanking.weightArguments)), rowid DESC
            """, [query.expression]
        ) { $0.int64(0) }
    }

    @Test(arguments: ["crane", "ship*", "\"harbour crane\"", "東京", "東京都", "天気", "harbour crane", "dock 東京"])
    func ordersAsBM25(query: String) async throws {
        let store = try await storeWithCorpus()
        let found = try await store.search(query, limit: 1_000).map(\.id.rawValue)
        let expected = try bm25Order(query)
        #expect(!expected.isEmpty || query == "dock 東京")
        #expect(found == expected, "\(query)")
        #expect(try await store.searchCount(query) == expected.count)
    }

    @Test func onePhraseRanksByTheStoresFunction() throws {
        #expect(SearchRanking.score(try #require(SearchQuery("crane"))).hasPrefix("headlines_rank("))
        #expect(SearchRanking.score(try #require(SearchQuery("\"harbour crane\""))).hasPrefix("headlines_rank("))
        #expect(SearchRanking.score(try #require(SearchQuery("harbour crane"))).hasPrefix("bm25("))
    }
}

/// The Search screen's first read (`searchWithCount`): the same first page as `search`, and the
/// true count, whether the query is one word (found and scored in one read) or more, and whether
/// its ranking is bounded or not.
@Suite struct StoreSearchScreenfulTests {
    let sandbox: StoreSandbox

    init() throws { sandbox = try StoreSandbox() }

    /// 60 articles: "robots" in all, "rover" in every third, "rob*" also matching "robin" in every
    /// fifth; Japanese in every fourth.
    func storeWithCorpus(rankingLimit: Int) async throws -> ArticleStore {
        let store = try await sandbox.open()
        await store.setRankingLimit(rankingLimit)
        try await store.merge(
            Edition(
                articles: (1...60).reversed().map { number in
                    StoreFixtures.article(
                        number, title: "Robots \(number)" + (number % 3 == 0 ? " rover" : "") + (number % 4 == 0 ? " 東京都の天気" : ""),
                        summary: String(repeating: "robots ", count: number % 7) + (number % 5 == 0 ? "robin" : ""))
                }), into: StoreFixtures.feed)
        return store
    }

    /// Every match, counted by reading every page (not by `searchCount`).
    func everyMatch(_ store: ArticleStore, _ query: String) async throws -> Int {
        var count = 0
        while true {
            let page = try await store.search(query, limit: 7, offset: count)
            count += page.count
            if page.count < 7 { return count }
        }
    }

    @Test(arguments: [3, 10, 100], ["robots", "rover", "rob*", "robi*", "東京", "東京都", "robots rover", "\"robots rover\"", "nothing", "  "])
    func firstPageAndCountAreSearchs(rankingLimit: Int, query: String) async throws {
        let store = try await storeWithCorpus(rankingLimit: rankingLimit)
        for limit in [1, 5, 20, 200] {
            let screenful = try await store.searchWithCount(query, limit: limit)
            #expect(screenful.articles.map(\.id) == (try await store.search(query, limit: limit)).map(\.id), "\(query) \(limit)")
            #expect(screenful.total == (try await everyMatch(store, query)), "\(query)")
        }
    }
}

/// The Search screen's one pass over the matches of one word: `headlines_rank_newest` scores the
/// newest as `headlines_rank` does and skips the rest, and articles the rules hide are neither
/// counted nor shown.
@Suite struct StoreSearchOnePassTests {
    let screenful: StoreSearchScreenfulTests

    init() throws { screenful = try StoreSearchScreenfulTests() }

    @Test func theNewestAreScoredAndEveryMatchCounted() async throws {
        let store = try await screenful.storeWithCorpus(rankingLimit: 100)
        #expect(try await store.searchCount("robots") == 60)  // indexed now
        let db = try screenful.sandbox.rawConnection()
        try SearchRanking.register(db)
        let query = try #require(SearchQuery("rob*"))
        let scored = try db.rows(
            """
            SELECT rowid, headlines_rank(article_text, \(SearchRanking.weightArguments)) FROM article_text
            WHERE article_text MATCH ? ORDER BY rowid DESC
            """, [query.expression]
        ) { (id: $0.int64(0), score: $0.double(1)) }
        #expect(scored.count == 60)
        let matches = try NewestMatches(query, limit: 5, db)
        #expect(matches.count == 60)
        #expect(matches.newest.map(\.id) == scored.prefix(5).map(\.id))
        #expect(matches.newest.map(\.score) == scored.prefix(5).map(\.score))
        let all = try NewestMatches(query, limit: 100, db)
        #expect(all.count == 60 && all.newest.map(\.id) == scored.map(\.id))
    }

    @Test(arguments: [3, 10, 100], ["robots", "rob*", "rover", "東京"])
    func hiddenArticlesAreNeitherCountedNorShown(rankingLimit: Int, query: String) async throws {
        let store = try await screenful.storeWithCorpus(rankingLimit: rankingLimit)
        try await store.setRules(ArticleRules(ignore: try ArticleFilter("title ~ rover")))
        for limit in [1, 5, 20, 200] {
            let first = try await store.searchWithCount(query, limit: limit)
            #expect(first.articles.map(\.id) == (try await store.search(query, limit: limit)).map(\.id), "\(query) \(limit)")
            #expect(!first.articles.contains { $0.article.title.contains("rover") })
            #expect(first.total == (try await store.searchCount(query)), "\(query)")
        }
        #expect(try await store.searchWithCount(query, limit: 5).total == ["robots": 40, "rob*": 40, "rover": 0, "東京": 10][query])
    }
}
