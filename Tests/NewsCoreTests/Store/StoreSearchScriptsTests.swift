import Foundation
@testable import NewsCore
import Testing

/// Search in every script: words of two or more characters inside runs of Chinese, Japanese,
/// Korean and Thai text are found (FTS5's `unicode61` took a whole run as one word), and an
/// index written before this learns them on the upgrade.
@Suite struct StoreSearchScriptsTests {
    let sandbox: StoreSandbox
    let feed = StoreFixtures.feed

    init() throws { sandbox = try StoreSandbox() }

    static let titles = [
        "東京都の天気は晴れ",
        "学习中文很有趣",
        "서울시장 선거 결과",
        "ภาษาไทยวันนี้",
        "iPhone発売日が決定",
        "Harbour cranes return",
    ]

    func storeWithTitles() async throws -> ArticleStore {
        let store = try await sandbox.open()
        try await store.merge(
            Edition(
                articles: Self.titles.enumerated().map {
                    StoreFixtures.article($0.offset + 1, title: $0.element, summary: $0.offset == 1 ? "北京大学的课程" : nil)
                }), into: feed)
        return store
    }

    @Test(arguments: [
        ("東京", ["東京都の天気は晴れ"]),
        ("天気", ["東京都の天気は晴れ"]),
        ("東京都", ["東京都の天気は晴れ"]),
        ("中文", ["学习中文很有趣"]),
        ("北京", ["学习中文很有趣"]),  // in the summary
        ("서울", ["서울시장 선거 결과"]),
        ("선거", ["서울시장 선거 결과"]),
        ("ไทย", ["ภาษาไทยวันนี้"]),
        ("วันนี้", ["ภาษาไทยวันนี้"]),
        ("発売", ["iPhone発売日が決定"]),
        ("iphone", ["iPhone発売日が決定"]),
        ("京都", ["東京都の天気は晴れ"]),  // any two characters in a row, as in "東京都"
        ("都東", []),  // the pair must stand in that order
        ("天晴", []),
        ("cran*", ["Harbour cranes return"]),  // prefixes still work
        ("東京 天気", ["東京都の天気は晴れ"]),
        ("\"都の天気\"", ["東京都の天気は晴れ"]),
    ])
    func wordsInsideRunsAreFound(query: String, expected: [String]) async throws {
        let store = try await storeWithTitles()
        #expect(try await store.search(query).map(\.article.title) == expected, "\(query)")
        #expect(try await store.searchCount(query) == expected.count)
    }

    @Test func pairsAreWrittenForThoseScriptsOnly() {
        #expect(ScriptBigrams.segmented("東京都") == " 東京 京都 ")
        #expect(ScriptBigrams.segmented("in 東京 now") == "in  東京  now")
        #expect(ScriptBigrams.segmented("字") == " 字 ")
        #expect(ScriptBigrams.segmented("plain words") == "plain words")
        #expect(ScriptBigrams.segmented("ไทย") == " ไท ทย ", "a Thai consonant keeps its marks")
        #expect(ScriptBigrams.segmented("東京、大阪") == " 東京 、 大阪 ", "punctuation ends a run")
    }

    @Test func queriesAreWrittenAsTheIndexHoldsThem() {
        #expect(SearchQuery("東京都")?.expression == "\" 東京 京都 \"")
        #expect(SearchQuery("東京都")?.words == ["\"東京\"", "\"京都\""])
        #expect(SearchQuery("ที่นี่")?.words == ["\"ที่นี่\""], "marks stay with their consonants: two characters, one pair")
    }

    /// A cache indexed before pairs were written (version 3) is indexed again on opening.
    @Test func anOlderIndexIsWrittenAgain() async throws {
        do {
            let store = try await storeWithTitles()
            _ = try await store.search("harbour")  // indexed now
        }
        let raw = try sandbox.rawConnection()
        // The index as versions 2 and 3 wrote it: the titles as they are.
        try raw.execute(
            """
            DROP TABLE article_text;
            CREATE VIRTUAL TABLE article_text USING fts5(title, summary, body, tokenize = 'unicode61 remove_diacritics 2');
            INSERT INTO article_text (rowid, title, summary, body) SELECT id, title, coalesce((SELECT summary FROM article_body WHERE article_id = article.id), ''), '' FROM article;
            PRAGMA user_version = 3;
            """)
        let before = try raw.integer("SELECT count(*) FROM article_text WHERE article_text MATCH '\"東京\"'")
        #expect(before == 0, "version 3 could not find it")
        let store = try await sandbox.open()
        #expect(try await store.search("東京").map(\.article.title) == ["東京都の天気は晴れ"])
        #expect(try await store.search("harbour").map(\.article.title) == ["Harbour cranes return"])
        #expect(try sandbox.rawConnection().integer("PRAGMA user_version") == Int64(Schema.latest))
    }

    /// Version 6 puts the body first in the index (a smaller index): a version-4 cache is
    /// indexed again on opening, in the new layout, and finds and ranks as before.
    @Test func aVersion4IndexIsLaidOutAgain() async throws {
        do {
            let store = try await storeWithTitles()
            _ = try await store.search("harbour")  // indexed now
        }
        let raw = try sandbox.rawConnection()
        // The index as version 4 made it: the title first.
        try raw.execute(
            """
            DROP TABLE article_text;
            CREATE VIRTUAL TABLE article_text USING fts5(title, summary, body, tokenize = 'unicode61 remove_diacritics 2');
            INSERT INTO article_text (rowid, title, summary, body) SELECT id, title, coalesce((SELECT summary FROM article_body WHERE article_id = article.id), ''), '' FROM article;
            PRAGMA user_version = 4;
            """)
        let store = try await sandbox.open()
        let columns = try sandbox.rawConnection().rows("SELECT name FROM pragma_table_info('article_text')", []) { $0.text(0) }
        #expect(columns == ["body", "summary", "title"])
        #expect(try await store.search("東京").map(\.article.title) == ["東京都の天気は晴れ"])
        #expect(try await store.search("北京").map(\.article.title) == ["学习中文很有趣"], "in the summary")
        #expect(try await store.searchWithCount("harbour", limit: 10).total == 1)
        #expect(try sandbox.rawConnection().integer("PRAGMA user_version") == Int64(Schema.latest))
    }
}
