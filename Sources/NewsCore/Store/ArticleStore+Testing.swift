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
