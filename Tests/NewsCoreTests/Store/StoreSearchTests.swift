import Foundation
@_spi(StoreTesting) @testable import NewsCore
import Testing

/// Full-text search through the store: what it finds, in which order.
@Suite struct StoreSearchTests {
    let sandbox: StoreSandbox
    let feed = StoreFixtures.feed

    init() throws { sandbox = try StoreSandbox() }

    func storeWithCorpus() async throws -> ArticleStore {
        let store = try await sandbox.open()
        try await store.merge(
            Edition(articles: [
                StoreFixtures.article(1, title: "Harbour cranes return to the port", summary: "Dock workers welcome the machines."),
                StoreFixtures.article(
                    2, title: "A quiet week", summary: "Nothing of note.",
                    body: .html("<p>Deep in the text: the <b>zeppelin</b> festival &amp; more.</p><script>var hidden = 'scriptword';</script>")),
                StoreFixtures.article(3, title: "Crane operators strike", summary: "The strike began at dawn."),
                StoreFixtures.article(4, title: "Café owners and the port", summary: "Espresso prices rise near the harbour."),
                StoreFixtures.article(5, title: "Weather", summary: "Rain.", body: .text("Plain text body with the word lighthouse.")),
            ]), into: feed)
        return store
    }

    func titles(_ store: ArticleStore, _ query: String) async throws -> [String] {
        try await store.search(query).map(\.article.title)
    }

    @Test(arguments: [
        ("zeppelin", ["A quiet week"]),  // only in the HTML full text
        ("lighthouse", ["Weather"]),  // only in a plain-text body
        ("FESTIVAL", ["A quiet week"]),
        ("cafe", ["Café owners and the port"]),  // diacritics folded
        ("crane*", ["Crane operators strike", "Harbour cranes return to the port"]),
        ("strike dawn", ["Crane operators strike"]),  // every word must match
        ("strike harbour", []),
        ("\"cranes return\"", ["Harbour cranes return to the port"]),
        ("\"return cranes\"", []),
        ("\"harbour cranes", ["Harbour cranes return to the port"]),  // unclosed quote: a phrase to the end
        ("scriptword", []),  // scripts are not text
        ("b", []),  // tags are not text
    ])
    func finds(query: String, expected: [String]) async throws {
        let store = try await storeWithCorpus()
        #expect(try await titles(store, query) == expected)
    }

    /// Anything typed is a query or nothing: never an SQL or FTS5 syntax error.
    @Test(arguments: [
        "", "   ", "*", "**", "\"", "\"\"", "\"\"\"", "NEAR", "NEAR(port crane)", "port NEAR crane", "AND", "OR", "NOT",
        "port AND", "OR port", "NOT port", "(", ")", "(port", "port)", "title:port", "port:", "^port", "-port", "+port",
        "port -crane", "{title summary}: port", "'; DROP TABLE article; --", "port' OR '1'='1", "\\", "%", "_", "port*crane",
        "\u{0}", "\u{1B}[31mport", String(repeating: "port ", count: 1_000), String(repeating: "\"", count: 501),
        "日本語", "🙂", "a*b*c*", "*port", "port**", "\"port\"*", "col:\"x\"",
    ])
    func hostileQueriesNeverFail(query: String) async throws {
        let store = try await storeWithCorpus()
        _ = try await store.search(query)
    }

    @Test func keywordsTypedAreSearchedAsWords() async throws {
        let store = try await sandbox.open()
        try await store.merge(
            Edition(articles: [
                StoreFixtures.article(1, title: "Ships NEAR the coast"),
                StoreFixtures.article(2, title: "The coast"),
            ]), into: feed)
        #expect(try await titles(store, "near coast") == ["Ships NEAR the coast"])
        #expect(try await titles(store, "NEAR").count == 1)
    }

    /// A word in the title outranks the same word in the body; equal scores go newest first
    /// (the most recently stored: a feed lists its newest first, and is stored from its end).
    @Test func rankingAndTieOrder() async throws {
        let store = try await sandbox.open()
        let filler = String(repeating: "other words here ", count: 20)
        try await store.merge(
            Edition(articles: [
                StoreFixtures.article(4, title: "Otters", summary: "Same text."),
                StoreFixtures.article(3, title: "Otters", summary: "Same text."),
                StoreFixtures.article(2, title: "Otters", summary: "Same text."),
                StoreFixtures.article(1, title: "Nothing here", body: .text("A mention of otters deep in the text. " + filler)),
            ]), into: feed)
        try await store.merge(Edition(articles: [StoreFixtures.article(5, title: "Otters", summary: "Same text.")]), into: StoreFixtures.feed)
        let found = try await store.search("otters")
        #expect(found.map(\.article.title) == ["Otters", "Otters", "Otters", "Otters", "Nothing here"])
        #expect(found.prefix(4).map(\.article.url?.lastPathComponent) == ["5", "4", "3", "2"], "ties: newest first")
    }

    /// Ranking is bounded when every word is common: only the newest matches are ranked, and
    /// the older ones follow them, newest first, so every match is found (and counted).
    /// A query with one word rarer than the bound is exact.
    @Test func commonWordsRankOnlyTheNewestMatches() async throws {
        let store = try await sandbox.open()
        await store.setRankingLimit(3)
        try await store.merge(
            Edition(
                articles: (1...10).map {
                    StoreFixtures.article($0, title: "Common words \($0)" + ($0 == 2 ? " unusual" : ""))
                }), into: feed)
        let every = (1...10).map { "Common words \($0)" + ($0 == 2 ? " unusual" : "") }
        let found = try await titles(store, "common words")
        #expect(found.count == 10 && Set(found) == Set(every))
        #expect(try await titles(store, "\"common words\"").count == 10)
        #expect(try await titles(store, "common unusual") == ["Common words 2 unusual"])
        #expect(try await titles(store, "wor*").count == 10)
        #expect(try await store.searchCount("common words") == 10)
        #expect(try await store.searchCount("wor*") == 10)
        #expect(try await store.searchCount("common unusual") == 1)
        #expect(try await store.searchCount("  ") == 0)
    }

    /// Pages through a bounded ranking: the ranked matches, then the older ones, each once.
    @Test(arguments: [1, 2, 3, 4, 7])
    func pagesReachEveryMatchPastTheRanking(pageSize: Int) async throws {
        let store = try await sandbox.open()
        await store.setRankingLimit(3)
        try await store.merge(Edition(articles: (1...20).map { StoreFixtures.article($0, title: "Robots \($0)") }), into: feed)
        var found: [String] = []
        while true {
            let page = try await store.search("robots", limit: pageSize, offset: found.count)
            found += page.map(\.article.title)
            if page.count < pageSize { break }
        }
        #expect(found.count == 20 && Set(found) == Set((1...20).map { "Robots \($0)" }), "every match once: \(found)")
        let ranked = try await store.search("robots", limit: 3).map(\.article.title)
        #expect(Array(found.prefix(3)) == ranked, "the ranked matches first")
        #expect(try await store.searchCount("robots") == 20)
    }

    /// 3,000 matches: counted whole, and found whole page after page.
    @Test func aCommonWordIsCountedWhole() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: (1...3_000).map { StoreFixtures.article($0, title: "Robots \($0)") }), into: feed)
        #expect(try await store.searchCount("robots") == 3_000)
        #expect(try await store.searchCount("rob*") == 3_000)
        var ids = Set<ArticleID>()
        while true {
            let page = try await store.search("robots", limit: 1_000, offset: ids.count)
            ids.formUnion(page.map(\.id))
            if page.count < 1_000 { break }
        }
        #expect(ids.count == 3_000)
    }

    @Test func resultsComeInPages() async throws {
        let store = try await sandbox.open()
        // Newest first, as a feed lists them.
        try await store.merge(Edition(articles: (1...30).reversed().map { StoreFixtures.article($0, title: "Robots \($0)") }), into: feed)
        let first = try await store.search("robots", limit: 10)
        let second = try await store.search("robots", limit: 10, offset: 10)
        let rest = try await store.search("robots", limit: 50, offset: 20)
        let all = (first + second + rest).map(\.article.title)
        #expect(all == (1...30).reversed().map { "Robots \($0)" })
    }

    @Test func updatedArticlesAreFoundByTheirNewText() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: [StoreFixtures.article(1, title: "Early report")]), into: feed)
        try await store.merge(Edition(articles: [StoreFixtures.article(1, title: "Corrected report")]), into: feed)
        #expect(try await titles(store, "early").isEmpty)
        #expect(try await titles(store, "corrected") == ["Corrected report"])
        #expect(try await store.search("report").count == 1)
    }

    @Test func readAndStarredStateComeWithResults() async throws {
        let store = try await storeWithCorpus()
        let hit = try #require(try await store.search("zeppelin").first)
        try await store.markRead([hit.id])
        try await store.setStarred(true, for: hit.id)
        let again = try #require(try await store.search("zeppelin").first)
        #expect(again.isRead && again.isStarred && again.id == hit.id)
    }
}

/// The query translation on its own.
@Suite struct SearchQueryTests {
    @Test(arguments: [
        ("port", "\"port\""),
        ("Port crane", "\"Port\" \"crane\""),
        ("crane*", "\"crane\"*"),
        ("\"cranes return\"", "\"cranes return\""),
        ("\"cranes return\"*", "\"cranes return\"*"),
        ("\"open ended", "\"open ended\""),
        ("NEAR(a b)", "\"NEAR(a\" \"b)\""),
        ("a OR b", "\"a\" \"OR\" \"b\""),
        ("title:x", "\"title:x\""),
        ("* port *", "\"port\""),
        ("don't", "\"don't\""),
        ("ka*", "\"ka\""),  // too short a prefix: the word itself
        ("kai*", "\"kai\"*"),
        ("\"big ka\"*", "\"big ka\""),
        ("x\"y\"z", "\"x\" \"y\" \"z\""),
    ])
    func translation(text: String, expression: String) {
        #expect(SearchQuery(text)?.expression == expression)
    }

    @Test(arguments: [
        ("port crane", ["\"port\"", "\"crane\""]),
        ("\"harbour cranes\" ret*", ["\"harbour\"", "\"cranes\"", "\"ret\"*"]),
        ("\"big crane\"*", ["\"big\"", "\"crane\"*"]),
        ("don't", ["\"don\"", "\"t\""]),
    ])
    func wordsForBounding(text: String, words: [String]) {
        #expect(SearchQuery(text)?.words == words)
    }

    @Test(arguments: ["", "  ", "*", "\"\"", "\" \"", "- + ( ) :", "\"*\"", "^", "\u{301}"])
    func nothingToSearchFor(text: String) {
        #expect(SearchQuery(text) == nil)
    }

    @Test func longInputIsBounded() throws {
        let query = try #require(SearchQuery(String(repeating: "word ", count: 10_000)))
        #expect(query.terms.count == SearchQuery.maxTerms)
    }
}

/// The plain text the index sees of an HTML body.
@Suite struct SearchableTextTests {
    @Test(arguments: [
        ("<p>One<br>two</p>", " One two "),
        ("a<!-- hidden words -->b", "a b"),
        ("x<script type=\"text/javascript\">var s = '<p>';</script>y", "x y"),
        ("x<STYLE>p { color: red }</STYLE>y", "x y"),
        ("<scripted>kept</scripted>", " kept "),
        ("caf&eacute; &amp; bar", "café & bar"),
        ("日本<b>語</b>", "日本 語 "),
        ("unclosed <tag", "unclosed  "),
        ("no tags", "no tags"),
        // A "<" that opens no tag is text, as in the article's own reading of it.
        ("a < b<br>c", "a < b c"),
    ])
    func plainText(html: String, expected: String) {
        #expect(SearchableText.plainText(of: .html(html)) == expected)
    }
}

/// Merges leave indexing for later; search catches up first, so it never misses an article.
@Suite struct StoreSearchIndexingTests {
    let sandbox: StoreSandbox

    init() throws { sandbox = try StoreSandbox() }

    func pending() throws -> Int64 { try sandbox.rawConnection().integer("SELECT count(*) FROM search_pending") }

    @Test func mergesMarkArticlesAndIndexingClearsThem() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: (1...600).map { StoreFixtures.article($0, title: "Walrus \($0)") }), into: StoreFixtures.feed)
        #expect(try pending() == 600)
        try await store.indexForSearch()
        #expect(try pending() == 0)
        #expect(try sandbox.rawConnection().integer("SELECT count(*) FROM article_text WHERE article_text MATCH 'walrus'") == 600)

        try await store.merge(Edition(articles: [StoreFixtures.article(5, title: "Seal 5")]), into: StoreFixtures.feed)
        #expect(try pending() == 1, "only the changed article")
        #expect(try await store.search("seal").map(\.article.title) == ["Seal 5"])
        #expect(try await store.search("walrus", limit: 1_000).count == 599)
    }

    /// A crash after a merge leaves its articles pending; the next run indexes them.
    @Test func pendingArticlesSurviveAReopen() async throws {
        do {
            let store = try await sandbox.open()
            try await store.merge(Edition(articles: [StoreFixtures.article(1, title: "Manatee")]), into: StoreFixtures.feed)
        }
        #expect(try pending() == 1)
        let store = try await sandbox.open()
        #expect(try await store.search("manatee").count == 1)
    }

    @Test func cancelledIndexingStopsAndLeavesTheRestPending() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: (1...600).map { StoreFixtures.article($0) }), into: StoreFixtures.feed)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await store.indexForSearch()
        }
        try await task.value
        #expect(try pending() == 600)
    }
}
