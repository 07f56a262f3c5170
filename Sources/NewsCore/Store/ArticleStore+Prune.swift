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
    @discardableResult
    public func prune(keepDays: Int = 30, configured: Set<SourceKey>?, now: Date = Date(), wait: LockWait = .busyTimeout) throws -> PruneResult {
        let cutoff = now.addingTimeInterval(-Double(max(keepDays, 0)) * 86_400)
        return try writing(wait: wait) { db in
            try db.withPageCache(kib: Self.sweepCacheKiB) { try Self.prune(db, cutoff: cutoff, configured: configured, now: now) }
        }
    }

    /// The page cache a prune may use: it reads every old article once.
    static let sweepCacheKiB = 1_024

    private static func prune(_ db: SQLiteConnection, cutoff: Date, configured: Set<SourceKey>?, now: Date) throws -> PruneResult {
        if let configured {
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
        var result = PruneResult()
        // A server's unread articles stay: the server would send them again on every sync.
        result.articles = try db.run(
            """
            DELETE FROM article WHERE starred = 0 AND (
                (sort_time < ?1 AND NOT EXISTS (SELECT 1 FROM feed_item AS f
                    WHERE f.source_id = article.source_id AND f.article_id = article.id)
                    AND NOT (read = 0 AND EXISTS (SELECT 1 FROM server_article AS r WHERE r.article_id = article.id)))
                OR source_id IN (SELECT id FROM source WHERE removed_at < ?1))
            """, cutoff)
        result.sources = try db.run(
            """
            DELETE FROM source WHERE removed_at < ?
                AND NOT EXISTS (SELECT 1 FROM article WHERE article.source_id = source.id)
            """, cutoff)
        return result
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
