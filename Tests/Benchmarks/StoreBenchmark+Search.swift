import Foundation
import HeadlinesUI
import NewsCore

extension StoreBenchmark {
    /// Searches of several shapes, each to its first 50 results; SQLite's `LIKE` over the same
    /// columns as the reference (a rare word: the scan reads every article), through the
    /// `sqlite3` program when it is installed.
    static func searchFigures(
        _ store: ArticleStore, corpus: StoreCorpus, file: URL, rounds: Int, options: BenchmarkOptions
    ) async throws -> (lines: [String], met: Bool) {
        let medium = corpus.word(rank: 300)
        // Two adjacent words of a stored title: a phrase someone might remember.
        let title = try await store.page(.source(key(3)), limit: 1).articles.first?.article.title ?? ""
        let titleWords = title.lowercased().split(separator: " ").map(String.init)
        let remembered = titleWords.count > 2 ? "\"\(titleWords[1]) \(titleWords[2])\"" : medium
        let broadPrefix = String(corpus.word(rank: 60).prefix(4))
        let commonLongWord = corpus.vocabulary.prefix(300).first { $0.count >= 9 } ?? medium
        let mediumLongWord = corpus.vocabulary[300..<3_000].first { $0.count >= 9 } ?? medium
        func words(startingWith prefix: String) -> Int { corpus.vocabulary.filter { $0.hasPrefix(prefix) }.count }
        let queries = [
            ("a word in most articles", corpus.word(rank: 5)),
            ("a word in 1 of 15", medium),
            ("a rare word", corpus.word(rank: 15_000)),
            ("two words", "\(corpus.word(rank: 40)) \(corpus.word(rank: 400))"),
            ("a prefix of \(words(startingWith: broadPrefix)) different words", broadPrefix + "*"),
            ("a prefix of a common word", String(commonLongWord.prefix(7)) + "*"),
            ("a prefix of a less common word", String(mediumLongWord.prefix(7)) + "*"),
            ("a phrase of the two commonest words", "\"\(corpus.word(rank: 0)) \(corpus.word(rank: 1))\""),
            ("a phrase from a title", remembered),
            // Chinese and Japanese words inside runs of text with no spaces (1 article in 5).
            ("a common CJK word", corpus.cjkVocabulary[5]),
            ("a CJK word in 1 of 15 of them", corpus.cjkVocabulary[300]),
            ("a rare CJK word", corpus.cjkVocabulary[15_000]),
        ]
        // What `S` reads first on a 100×30 terminal (28 rows of results).
        let screenfulRows = SearchScreen.firstRead(bodyRows: 28)
        var lines: [String] = []
        var met = true
        for (name, query) in queries {
            var series = Series()
            var screenful = Series()
            var found = 0
            var total = 0
            for round in 0...rounds {  // round 0 warms the cache, untimed
                let run = try await measure { try await store.search(query, limit: pageSize) }
                found = run.result.count
                // What `S` reads before its first frame: its first page of results, and how many there are in all.
                let screen = try await measure { try await store.searchWithCount(query, limit: screenfulRows) }
                total = screen.result.total
                if round > 0 {
                    series.append(run.time)
                    screenful.append(screen.time)
                }
            }
            let pass = series.wall.median <= searchGoal && screenful.wall.median <= searchGoal
            met = met && pass
            lines.append(
                "search \(name) (\(query)) to \(found) results: \(describe(series)); "
                    + "`S`'s first \(screenfulRows) (two screenfuls at 100×30) with the true count (\(total)): \(describe(screenful)); goal ≤ 20 ms: "
                    + (pass ? "PASS" : "MISS"))
        }
        if !options.swiftOnly, ExternalCommand.find("sqlite3") != nil {
            let like = "'%\(corpus.word(rank: 15_000))%'"
            // The timer works only on commands read from input, hence a script.
            let script = file.deletingLastPathComponent().appendingPathComponent("like.sql")
            try Data(
                """
                .timer on
                SELECT count(*) FROM (SELECT a.id FROM article a LEFT JOIN article_body b ON b.article_id = a.id
                    WHERE a.title LIKE \(like) OR b.summary LIKE \(like) OR b.body LIKE \(like)
                    ORDER BY a.sort_time DESC LIMIT \(pageSize));
                """.utf8
            ).write(to: script)
            let output = try ExternalCommand.output("sqlite3", [file.path, ".read \(script.path)"])
            // "Run Time: real 0.123 user 0.1 sys 0.02"
            let seconds = output.split(separator: "\n").first { $0.hasPrefix("Run Time:") }
                .flatMap { $0.split(separator: " ").dropFirst(3).first }.flatMap { Double($0) }
            if let seconds {
                lines.append(
                    "  reference: sqlite3's LIKE scan for the rare word, newest \(pageSize) (what other readers do): "
                        + "\(Format.milliseconds(.fractionalSeconds(seconds))) ms")
            }
        }
        return (lines, met)
    }

    /// Opening the file (as a new run would) to the first page of a 10,000-article source.
    static func openFigure(_ file: URL, rounds: Int, articles: Int) async throws -> String {
        var opens = Series()
        var pages = Series()
        for round in 0...rounds {  // round 0 warms the file cache, untimed
            let opened = try await measure { try await ArticleStore.open(at: file) }
            let page = try await measure { try await opened.result.page(.source(key(1)), limit: pageSize) }
            guard page.result.articles.count == pageSize else { throw BenchmarkFailure("open: expected a full first page") }
            if round > 0 {
                opens.append(opened.time)
                pages.append(page.time)
            }
        }
        return "open to the first \(pageSize) rows of a \(articles)-article source: "
            + "\(Format.milliseconds(opens.wall.median + pages.wall.median)) ms "
            + "(open \(describe(opens)); first page \(describe(pages)))"
    }
}
