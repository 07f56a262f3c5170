import CSQLite

/// The newest matches of a query of one phrase, scored, and how many matches there are in all,
/// found in one pass by `headlines_rank_newest` (Sources/CSQLite/headlines_rank.h): a count and
/// a ranking read separately cost two passes, and FTS5 expands a prefix anew for each.
struct NewestMatches {
    /// The newest `limit` matches (fewer when there are fewer), newest first, with their
    /// scores (lower is better).
    let newest: [(id: Int64, score: Double)]
    /// Every match, hidden articles included.
    let count: Int

    init(_ query: SearchQuery, limit: Int, _ db: SQLiteConnection) throws {
        let limit = max(limit, 1)
        let rowids = UnsafeMutablePointer<Int64>.allocate(capacity: limit)
        let scores = UnsafeMutablePointer<Double>.allocate(capacity: limit)
        let filled = UnsafeMutablePointer<hl_newest>.allocate(capacity: 1)
        defer {
            rowids.deallocate()
            scores.deallocate()
            filled.deallocate()
        }
        filled.initialize(to: hl_newest(limit: Int64(limit), count: 0, scored: 0, rowids: rowids, scores: scores))
        // The function fills `filled` in and is false: no row comes back.
        _ = try db.rows(
            "SELECT rowid FROM article_text WHERE article_text MATCH ? AND \(SearchRanking.newestScore) ORDER BY rowid DESC",
            [query.expression, Filled(pointer: filled)]
        ) { _ -> Int? in nil }
        newest = (0..<Int(filled.pointee.scored)).map { (rowids[$0], scores[$0]) }
        count = Int(filled.pointee.count)
    }

    /// Binds what the function fills in (as a pointer only that function can read).
    private struct Filled: SQLiteBindable {
        let pointer: UnsafeMutablePointer<hl_newest>
        func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { hl_bind_newest(statement, index, pointer) }
    }
}
