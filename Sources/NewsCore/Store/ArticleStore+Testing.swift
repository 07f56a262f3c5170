import CSQLite

/// Hooks for the store's own tests (a crash mid-transaction, a full disk). Not for use elsewhere.
@_spi(StoreTesting)
extension ArticleStore {
    /// `probe` is told, inside a merge's transaction, the number of rows written after each.
    public func setMergeProbe(_ probe: (@Sendable (Int) -> Void)?) {
        mergeProbe = probe
    }

    /// Lowers the number of matches that common words rank among (see `maxRanked`).
    public func setRankingLimit(_ limit: Int) {
        rankingLimit = max(limit, 1)
    }

    /// Runs SQL on the store's own connection (`PRAGMA max_page_count`, `cache_size`).
    public func executeForTesting(_ sql: String) throws {
        try reading { try $0.execute(sql) }
    }

    /// One integer from SQL on the store's own connection (`PRAGMA cache_size`).
    public func integerForTesting(_ sql: String) throws -> Int64 {
        try reading { try $0.integer(sql) }
    }

    /// The bytes the connection's page cache holds now.
    public func pageCacheBytesForTesting() throws -> Int {
        try reading { db in
            var current: Int32 = 0
            var highest: Int32 = 0
            _ = sqlite3_db_status(db.handle, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
            return Int(current)
        }
    }
}

/// The search index's size, for the store benchmark.
@_spi(StoreTesting)
extension ArticleStore {
    /// The bytes of the search index (its blocks), and, for the newest `sample` articles, the
    /// bytes of an index written with pairs for Chinese, Japanese, Korean and Thai runs (as the
    /// store does) beside one of `unicode61` alone (as version 2 did): what the pairs cost.
    public func searchIndexSizes(sample: Int) throws -> (index: Int, paired: Int, plain: Int) {
        try writing { db in
            let index = try db.firstRow("SELECT sum(length(block)) FROM article_text_data", map: { $0.int(0) }) ?? 0
            let articles = try db.rows(
                "SELECT a.title, b.summary, b.content, b.body_kind, b.body FROM article a LEFT JOIN article_body b ON b.article_id = a.id "
                    + "ORDER BY a.id DESC LIMIT ?", [sample]
            ) { row in
                (
                    row.text(0) ?? "", SearchableText.summary(description: row.text(1), content: row.text(2)),
                    ArticleRow.body(kind: row.text(3), text: row.text(4)).map(SearchableText.plainText(of:)) ?? ""
                )
            }
            // Both made as the store's own table is (its columns, their order, its tokenizer).
            let table = "CREATE VIRTUAL TABLE article_text"
            let definition = try db.firstRow("SELECT sql FROM sqlite_master WHERE name = 'article_text'", map: { $0.text(0) })
            guard let definition, definition.hasPrefix(table) else { throw StoreError.failed(reason: "the search index is missing") }
            var sizes: [Int] = []
            for (name, paired) in [("size_paired", true), ("size_plain", false)] {
                try db.execute("CREATE VIRTUAL TABLE temp.\(name)" + definition.dropFirst(table.count))
                for (title, summary, body) in articles {
                    let fields = paired ? [title, summary, body].map(ScriptBigrams.segmented) : [title, summary, body]
                    try db.run("INSERT INTO temp.\(name) (title, summary, body) VALUES (?, ?, ?)", fields[0], fields[1], fields[2])
                }
                sizes.append(try db.firstRow("SELECT sum(length(block)) FROM temp.\(name)_data", map: { $0.int(0) }) ?? 0)
                try db.execute("DROP TABLE temp.\(name)")
            }
            return (index, sizes[0], sizes[1])
        }
    }
}

/// Where a cache's bytes go, for the store benchmark.
@_spi(StoreTesting)
extension ArticleStore {
    /// Each table's and index's bytes (its pages), largest first, from SQLite's `dbstat`.
    public func spaceByTable() throws -> [(name: String, bytes: Int)] {
        try reading { db in
            try db.rows("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC", []) { row in
                (name: row.text(0) ?? "", bytes: row.int(1))
            }
        }
    }
}
