import CSQLite

/// Full-text search over every stored article.
extension ArticleStore {
    /// When every word of a query is in more articles than this, only the most recently stored
    /// articles are ranked (about this many): ranking costs about 1.5 µs a match (mostly reading
    /// the article's length), a phrase or prefix more, and a query made only of words that
    /// common says little. At 10,000, ranking a common word took 21 ms of the Search screen's
    /// 20 ms at 100,000 articles.
    static let maxRanked = 2_000
    /// Words of a query looked at to find that bound.
    static let maxBoundingWords = 8
    /// Articles indexed per transaction by `indexForSearch`; other calls run between batches.
    static let indexBatch = 250

    /// Articles matching `text` (words, `prefix*`, `"phrases"`; see `SearchQuery`), best first
    /// by BM25, the most recently stored first among equals, `limit` from `offset`: paging on reaches every
    /// match (`searchCount` says how many). Text with nothing to search for finds nothing.
    public func search(_ text: String, limit: Int = 50, offset: Int = 0) async throws -> [StoredArticle] {
        guard let query = SearchQuery(text) else { return [] }
        return try await search(query, limit: limit, offset: offset)
    }

    /// When the query is common enough that only the newest matches are ranked, the older ones
    /// follow them, the most recently stored first: every match is on some page.
    public func search(_ query: SearchQuery, limit: Int = 50, offset: Int = 0) async throws -> [StoredArticle] {
        try await indexBeforeSearching()
        let limit = min(max(limit, 1), Self.maxPageSize)
        let offset = max(offset, 0)
        let maxRanked = rankingLimit
        let shown = Shown(visibleCondition())
        return try reading { db in
            let query = try query.expandingPrefix(db)
            let oldest = try Self.oldestRanked(query, limit: maxRanked, db)
            return try Self.page(query, from: oldest, limit: limit, offset: offset, shown, db)
        }
    }

    /// The articles the rules hide are not searched: every read of matches joins the article and
    /// keeps those a list would show, so pages are full and offsets count shown matches only.
    struct Shown {
        /// Joined to `article_text` (nothing when the rules hide nothing).
        let join: String
        /// True for a match the rules leave shown (over the joined `a`; `1` when they hide nothing).
        let test: String
        let values: [(any SQLiteBindable)?]
        /// `test` as the end of a WHERE clause.
        var condition: String { join.isEmpty ? "" : " AND " + test }

        init(_ visible: FilterSQL) {
            join = visible.sql.isEmpty ? "" : " JOIN article a ON a.id = article_text.rowid"
            test = visible.sql.isEmpty ? "1" : "(\(visible.sql) 1)"
            values = visible.values
        }
    }

    /// What the Search screen shows first: the first `limit` matches of `text`, in `search`'s
    /// order, and how many there are in all, in one read (the count is the true one).
    public func searchWithCount(_ text: String, limit: Int) async throws -> (articles: [StoredArticle], total: Int) {
        guard let query = SearchQuery(text) else { return ([], 0) }
        try await indexBeforeSearching()
        let limit = min(max(limit, 1), Self.maxPageSize)
        let maxRanked = rankingLimit
        let visible = visibleCondition()
        let shown = Shown(visible)
        return try reading { db in
            // One pass over FTS5's own prefix ranks and counts sooner than alternatives, which
            // need a pass each (see `firstPageOfOneWord`).
            let query = visible.sql.isEmpty && query.words.count == 1 ? query : try query.expandingPrefix(db)
            guard query.words.count > 1 else {
                return try Self.firstPageOfOneWord(query, visible: visible, limit: limit, maxRanked: maxRanked, shown, db)
            }
            let total = try Self.count(query, visible: visible, db)
            let oldest = try Self.oldestRanked(query, limit: maxRanked, db)
            return (try Self.page(query, from: oldest, limit: limit, offset: 0, shown, db), total)
        }
    }

    /// A page of matches: the ranked ones (from article `oldest` on; all when 0), then the
    /// older ones, the most recently stored first.
    static func page(
        _ query: SearchQuery, from oldest: Int64, limit: Int, offset: Int, _ shown: Shown, _ db: SQLiteConnection
    ) throws -> [StoredArticle] {
        // The first page never needs to know where the ranked matches end.
        let ranked =
            oldest == 0 || offset == 0
            ? Int.max
            : try db.firstRow(
                "SELECT count(*) FROM article_text\(shown.join) WHERE article_text MATCH ? AND article_text.rowid >= ?\(shown.condition)",
                values: [query.expression, oldest] + shown.values, map: { $0.int(0) }) ?? 0
        var found: [StoredArticle] = []
        if offset < ranked {
            found = try Self.rankedPage(query, from: oldest, limit: limit, offset: offset, shown, db)
        }
        guard oldest > 0, found.count < limit else { return found }
        let olderOffset = max(0, offset - (ranked == Int.max ? found.count : ranked))
        return found + (try olderPage(query, below: oldest, limit: limit - found.count, offset: olderOffset, shown, db))
    }

    /// Matches stored before article `oldest` (those not ranked), the most recently stored first.
    static func olderPage(
        _ query: SearchQuery, below oldest: Int64, limit: Int, offset: Int, _ shown: Shown, _ db: SQLiteConnection
    ) throws -> [StoredArticle] {
        try db.rows(
            """
            SELECT \(ArticleRow.columns) FROM (
                SELECT article_text.rowid AS id FROM article_text\(shown.join)
                WHERE article_text MATCH ? AND article_text.rowid < ?\(shown.condition)
                ORDER BY article_text.rowid DESC LIMIT ? OFFSET ?
            ) AS hit
            JOIN article a ON a.id = hit.id \(ArticleRow.joins) ORDER BY a.id DESC
            """, [query.expression, oldest] + shown.values + [limit, offset]
        ) { ArticleRow.decode($0) }
    }

    /// The first page of a query of one word (or one prefix), and how many articles a list
    /// would show of its matches. Its ranked matches are its newest `maxRanked` (`oldestRanked`
    /// bounds them so): one read finds and scores them together, newest first, where `search`
    /// finds the bound, then the matches from it on. A prefix is expanded by FTS5 at each read
    /// (12 ms for one of 82 words at 100,000 articles): when no rule hides anything, the same
    /// pass counts every match too (`NewestMatches`), saving the count's expansion.
    static func firstPageOfOneWord(
        _ query: SearchQuery, visible: FilterSQL, limit: Int, maxRanked: Int, _ shown: Shown, _ db: SQLiteConnection
    ) throws -> (articles: [StoredArticle], total: Int) {
        let newest: [(id: Int64, score: Double, shown: Bool)]
        let total: Int
        if visible.sql.isEmpty {
            let matches = try NewestMatches(query, limit: maxRanked, db)
            newest = matches.newest.map { (id: $0.id, score: $0.score, shown: true) }
            total = matches.count
        } else {
            // The newest matches, hidden ones too, so that they end where `oldestRanked` says
            // the ranked ones end for the later pages; each says whether it is shown.
            total = try count(query, visible: visible, db)
            newest = try db.rows(
                """
                SELECT article_text.rowid, \(SearchRanking.score(query)), \(shown.test) FROM article_text\(shown.join)
                WHERE article_text MATCH ? ORDER BY article_text.rowid DESC LIMIT ?
                """, shown.values + [query.expression, maxRanked]
            ) { (id: $0.int64(0), score: $0.double(1) ?? 0, shown: $0.int(2) != 0) }
        }
        let ranked = newest.filter(\.shown)
        // Best first, the most recently stored first among equals: `rankedPage`'s order.
        let best = ranked.sorted { $0.score != $1.score ? $0.score < $1.score : $0.id > $1.id }.prefix(limit).map(\.id)
        let rows = try db.rows(
            """
            SELECT \(ArticleRow.columns) FROM article a \(ArticleRow.joins)
            WHERE a.id IN (SELECT value FROM json_each(?))
            """, ["[" + best.map(String.init).joined(separator: ",") + "]"]
        ) { ArticleRow.decode($0) }
        let byID = Dictionary(rows.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        let found = best.compactMap { byID[$0] }
        guard found.count < limit, total > ranked.count, let oldest = newest.last?.id else { return (found, total) }
        return (found + (try olderPage(query, below: oldest, limit: limit - found.count, offset: 0, shown, db)), total)
    }

    /// A page of the ranked matches (those from article `oldest` on), in one total order: best
    /// first, the most recently stored first among equals (articles are stored oldest first,
    /// so that is newest first). Ties are broken inside the index by the row id, so the ranking
    /// stops at the page's end however many articles share a score (short titles often do), and
    /// pages neither repeat nor skip one; article rows are read for the page only.
    static func rankedPage(
        _ query: SearchQuery, from oldest: Int64, limit: Int, offset: Int, _ shown: Shown, _ db: SQLiteConnection
    ) throws -> [StoredArticle] {
        try db.rows(
            """
            SELECT \(ArticleRow.columns) FROM (
                SELECT article_text.rowid AS id, \(SearchRanking.score(query)) AS score
                FROM article_text\(shown.join) WHERE article_text MATCH ? AND article_text.rowid >= ?\(shown.condition)
                ORDER BY score, article_text.rowid DESC LIMIT ?
            ) AS hit
            JOIN article a ON a.id = hit.id \(ArticleRow.joins)
            ORDER BY hit.score, hit.id DESC LIMIT ? OFFSET ?
            """, [query.expression, oldest] + shown.values + [offset + limit, limit, offset]
        ) { ArticleRow.decode($0) }
    }

    /// How many articles match `text`: all of them, not a page's worth.
    public func searchCount(_ text: String) async throws -> Int {
        guard let query = SearchQuery(text) else { return 0 }
        try await indexBeforeSearching()
        let visible = visibleCondition()
        return try reading { db in try Self.count(try query.expandingPrefix(db), visible: visible, db) }
    }

    /// The matches a list would show: those the rules hide are not counted.
    static func count(_ query: SearchQuery, visible: FilterSQL, _ db: SQLiteConnection) throws -> Int {
        if visible.sql.isEmpty, query.alternatives, let counted = try countOfAlternatives(query, db) {
            return counted
        }
        if visible.sql.isEmpty {
            return try db.firstRow("SELECT count(*) FROM article_text WHERE article_text MATCH ?", query.expression, map: { $0.int(0) }) ?? 0
        }
        return try db.firstRow(
            "SELECT count(*) FROM article_text JOIN article a ON a.id = article_text.rowid WHERE article_text MATCH ? AND \(visible.sql) 1",
            values: [query.expression] + visible.values, map: { $0.int(0) }) ?? 0
    }

    /// How many articles match any of a query's alternatives, by `headlines_count_any`
    /// (Sources/CSQLite/headlines_rank.h) over the range of article ids; nil when a match lies
    /// outside it (an index out of step with its articles), for `count(*)` to answer.
    static func countOfAlternatives(_ query: SearchQuery, _ db: SQLiteConnection) throws -> Int? {
        do {
            return try db.firstRow(
                """
                SELECT headlines_count_any(article_text, (SELECT min(id) FROM article), (SELECT max(id) FROM article))
                FROM article_text WHERE article_text MATCH ? LIMIT 1
                """, query.expression, map: { $0.int(0) }) ?? 0
        } catch let error as SQLiteError where error.code == SQLITE_RANGE {
            return nil
        }
    }

    /// Read-only (the file, or another instance's lock): search what is indexed so far rather
    /// than wait out the busy timeout on every search; `access` already says so.
    private func indexBeforeSearching() async throws {
        guard access == .readWrite else { return }
        do {
            try await indexForSearch()
        } catch StoreError.busy {
            // The lock was taken meanwhile: likewise.
        }
    }

    /// The smallest article id worth ranking: 0 (all) when some word of the query is in fewer
    /// than `limit` articles, else the newest id below which every word's newest `limit`
    /// articles lie. Each word alone is cheap to find (its own list in the index, newest first).
    static func oldestRanked(_ query: SearchQuery, limit: Int, _ db: SQLiteConnection) throws -> Int64 {
        var oldest: Int64 = 0
        for word in query.words.prefix(maxBoundingWords) {
            let bound = try db.firstRow(
                "SELECT rowid FROM article_text WHERE article_text MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?",
                word, limit - 1, map: { $0.int64(0) })
            guard let bound else { return 0 }
            oldest = max(oldest, bound)
        }
        return oldest
    }

    /// Indexes the articles merged since the last call, `indexBatch` per transaction, letting
    /// other calls run between batches; stops early when its task is cancelled. Search does
    /// this first; calling it after refreshes means the next search has nothing left to do.
    /// `wait`: see `LockWait` (the interface's indexing in the background is `.brief`).
    public func indexForSearch(wait: LockWait = .busyTimeout) async throws {
        while !Task.isCancelled {
            let indexed = try writing(wait: wait) { try SearchIndex.indexPending($0, limit: Self.indexBatch) }
            if indexed < Self.indexBatch { return }
            await Task.yield()
        }
    }
}
