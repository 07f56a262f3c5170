import CSQLite

/// How search results are ordered: BM25 over the title, summary and body, a word in the title
/// counting most. A query of one phrase (one word, prefix, quoted phrase or CJK word) ranks with
/// `headlines_rank` (Sources/CSQLite/headlines_rank.h): the same order as FTS5's `bm25` without
/// its pass over the whole index to weigh each phrase, which cannot change the order of one.
enum SearchRanking {
    /// Ranking weights of the indexed columns.
    static let weights = (title: 10.0, summary: 4.0, body: 1.0)
    /// The weights in the index's column order (body, summary, title: schema version 6).
    static let weightArguments = "\(weights.body), \(weights.summary), \(weights.title)"

    /// Makes `headlines_rank` known to `db` (once per connection).
    static func register(_ db: SQLiteConnection) throws {
        let code = hl_register_rank(db.handle)
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, message: "the search ranking could not be set up: " + String(cString: sqlite3_errstr(code)))
        }
    }

    /// The SQL scoring a match of `query` in `article_text` (lower is better).
    static func score(_ query: SearchQuery) -> String {
        let function = query.alternatives ? "headlines_rank_any" : query.terms.count == 1 ? "headlines_rank" : "bm25"
        return "\(function)(article_text, \(weightArguments))"
    }

    /// For a query of one phrase, in a WHERE clause: fills in the `hl_newest` bound to its `?`
    /// (see `NewestMatches`).
    static let newestScore = "headlines_rank_newest(article_text, ?, \(weightArguments))"
}
