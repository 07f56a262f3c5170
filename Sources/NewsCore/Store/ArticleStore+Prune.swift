import FoundationEssentials

/// Forgetting old articles, run in the background at start.
extension ArticleStore {
    /// Deletes articles older than `keepDays` (by date, else first-seen time) that are neither
    /// starred nor still in their source's latest edition (deleting those would bring them
    /// back as new on the next refresh). With `configured` given, sources missing from it are
    /// noted as removed, and `keepDays` after that their articles go too, starred ones
    /// excepted; a removed source goes once it has none left. A source that comes back in the
    /// config is kept again. Pass nil when the run does not know the whole config (`--source`).
    /// `wait`: see `LockWait`.
    ///
    /// A million articles take minutes to delete (the search index's entries go with each), so
    /// they go `pruneBatch` at a time, each in a write of its own: between two, the store's other
    /// work (the lists' reads, a mark) runs and another instance may write. Cancelling the task
    /// stops it between two batches, with what was deleted kept deleted. In a cache made with
    /// incremental vacuum, the file gives back the pages each batch freed.
    @discardableResult
    public func prune(keepDays: Int = 30, configured: Set<SourceKey>?, now: Date = Date(), wait: LockWait = .busyTimeout) async throws -> PruneResult {
        let cutoff = now.addingTimeInterval(-Double(max(keepDays, 0)) * 86_400)
        if let configured { try writing(wait: wait) { db in try Self.noteRemovedSources(db, configured: configured, now: now) } }
        var result = PruneResult()
        // Old articles, from the oldest on: the cursor skips those kept, so no batch reads them again.
        var cursor: (time: Double, id: Int64) = (-1e18, 0)
        while true {
            let batch = try writing(wait: wait) { db in
                try db.withPageCache(kib: Self.sweepCacheKiB) { try Self.deleteOldBatch(db, cutoff: cutoff, after: cursor) }
            }
            result.articles += batch.deleted
            guard let last = batch.last else { break }
            cursor = last
            try await Self.pause()
        }
        while true {
            let deleted = try writing(wait: wait) { db in try Self.deleteRemovedSourcesBatch(db, cutoff: cutoff) }
            result.articles += deleted
            guard deleted == Self.pruneBatch else { break }
            try await Self.pause()
        }
        result.sources = try writing(wait: wait) { db in
            try db.run(
                """
                DELETE FROM source WHERE removed_at < ?
                    AND NOT EXISTS (SELECT 1 FROM article WHERE article.source_id = source.id)
                """, cutoff)
        }
        return result
    }

    /// Articles deleted in one write: 0.1-0.4 s of work on this machine. The search index's
    /// entries cost most, and each write costs the index a fixed 30-40 ms besides, so smaller
    /// batches take twice as long in all.
    public static let pruneBatch = 500

    /// The page cache a prune may use: it reads every old article once.
    static let sweepCacheKiB = 1_024

    /// Lets the store's other callers in between two batches; throws when the task is cancelled.
    private static func pause() async throws {
        try Task.checkCancellation()
        await Task.yield()
    }

    private static func noteRemovedSources(_ db: SQLiteConnection, configured: Set<SourceKey>, now: Date) throws {
        // A server's feeds are not in the config: the sync says when the server drops one.
        let known = try db.rows(
            "SELECT id, key, removed_at IS NOT NULL FROM source WHERE id NOT IN (SELECT source_id FROM server_feed)", []
        ) {
            (id: $0.int64(0), key: SourceKey($0.text(1) ?? ""), removed: $0.bool(2))
        }
        for source in known where configured.contains(source.key) == source.removed {
            try db.run("UPDATE source SET removed_at = ? WHERE id = ?", source.removed ? nil : now, source.id)
        }
    }

    /// Up to `pruneBatch` articles older than `cutoff` looked at, from `after` on in the list's
    /// order reversed, and those that may go deleted; nil `last` when none was left to look at.
    private static func deleteOldBatch(
        _ db: SQLiteConnection, cutoff: Date, after cursor: (time: Double, id: Int64)
    ) throws -> (deleted: Int, last: (time: Double, id: Int64)?) {
        // A server's unread articles stay: the server would send them again on every sync.
        let looked = try db.rows(
            """
            SELECT id, sort_time, starred = 0 AND NOT EXISTS (SELECT 1 FROM feed_item AS f
                    WHERE f.source_id = article.source_id AND f.article_id = article.id)
                AND NOT (read = 0 AND EXISTS (SELECT 1 FROM server_article AS r WHERE r.article_id = article.id))
            FROM article INDEXED BY article_by_time
            WHERE sort_time < ? AND (sort_time > ? OR (sort_time = ? AND id > ?))
            ORDER BY sort_time, id LIMIT ?
            """, [cutoff, cursor.time, cursor.time, cursor.id, pruneBatch]
        ) { (id: $0.int64(0), time: $0.double(1) ?? 0, goes: $0.bool(2)) }
        guard let last = looked.last else { return (0, nil) }
        var deleted = 0
        for article in looked where article.goes { deleted += try db.run("DELETE FROM article WHERE id = ?", article.id) }
        try freePages(db)
        return (deleted, (last.time, last.id))
    }

    /// Up to `pruneBatch` articles of sources removed before `cutoff` deleted, starred ones kept.
    private static func deleteRemovedSourcesBatch(_ db: SQLiteConnection, cutoff: Date) throws -> Int {
        let deleted = try db.run(
            """
            DELETE FROM article WHERE id IN (SELECT id FROM article
                WHERE starred = 0 AND source_id IN (SELECT id FROM source WHERE removed_at < ?) LIMIT ?)
            """, cutoff, pruneBatch)
        try freePages(db)
        return deleted
    }

    /// Gives the pages a batch freed back to the file system, in a cache made with incremental
    /// vacuum (`StoreOpener`); in an older one they stay free and later writes reuse them.
    private static func freePages(_ db: SQLiteConnection) throws {
        try db.execute("PRAGMA incremental_vacuum")
    }
}

/// Forgetting whole sources at once.
extension ArticleStore {
    /// Deletes every source `matches` picks, with all its articles, starred ones too (the demo
    /// edition, once the config names sources of its own). Writes nothing when none matches.
    @discardableResult
    public func forgetSources(where matches: @Sendable (SourceKey) -> Bool) throws -> Int {
        let doomed = try reading { db in
            try db.rows("SELECT id, key FROM source", []) { row in matches(SourceKey(row.text(1) ?? "")) ? row.int64(0) : nil }
        }
        guard !doomed.isEmpty else { return 0 }
        return try writing { db in
            var deleted = 0
            for id in doomed { deleted += try db.run("DELETE FROM source WHERE id = ?", id) }
            return deleted
        }
    }
}
