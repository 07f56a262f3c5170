import FoundationEssentials

/// A feed server's side of the cache: its feeds, its articles by their server ids, its cursor,
/// and the outbox of marks made here (see `Schema.version5`). Each method is one transaction.
extension ArticleStore {
    public func serverRecord(_ server: String) throws -> ServerSyncRecord {
        try reading { db in
            guard
                let row = try db.firstRow(
                    "SELECT id, cursor, synced_at, offline_since, error FROM server WHERE name = ?", server,
                    map: { row in
                        (
                            id: row.int64(0), cursor: row.isNull(1) ? nil : RemoteArticleID(row.int64(1)), synced: row.date(2),
                            offline: row.date(3), error: row.text(4)
                        )
                    })
            else { return ServerSyncRecord() }
            let pending = try db.firstRow("SELECT count(*) FROM mark_outbox WHERE server_id = ? AND refused IS NULL", row.id) { $0.int(0) } ?? 0
            return ServerSyncRecord(
                cursor: row.cursor, syncedAt: row.synced, offlineSince: row.offline,
                error: Sanitizer.cleanOptional(row.error, maxLength: TextLimits.description), pendingMarks: pending)
        }
    }

    /// The sources whose last refresh failed, and the servers whose last sync did: what
    /// `--refresh` told already, and tells again only when it recovers.
    public func failing() throws -> (sources: Set<SourceKey>, servers: Set<String>) {
        try reading { db in
            let sources = try db.rows("SELECT key FROM source WHERE outcome = 'failed'", []) { $0.text(0).map(SourceKey.init) }
            let servers = try db.rows("SELECT name FROM server WHERE error IS NOT NULL", []) { $0.text(0) }
            return (Set(sources), Set(servers))
        }
    }

    /// How many of the server's articles the cache holds.
    public func serverArticleCount(_ server: String) throws -> Int {
        try reading { db in
            try db.firstRow(
                "SELECT count(*) FROM server_article r JOIN server v ON v.id = r.server_id WHERE v.name = ?", server
            ) { $0.int(0) } ?? 0
        }
    }

    /// The server's feeds the cache holds, by title.
    public func serverFeeds(_ server: String) throws -> [ServerFeedRecord] {
        try reading { db in
            try db.rows(
                """
                SELECT s.key, f.remote_id, s.title, f.category FROM server_feed f
                JOIN source s ON s.id = f.source_id JOIN server v ON v.id = f.server_id
                WHERE v.name = ? ORDER BY s.title COLLATE NOCASE, f.remote_id
                """, [server]
            ) { row in
                ServerFeedRecord(
                    key: SourceKey(row.text(0) ?? ""), remoteID: RemoteFeedID(row.int64(1)),
                    title: Sanitizer.clean(row.text(2) ?? "", maxLength: TextLimits.name),
                    category: Sanitizer.cleanOptional(row.text(3), maxLength: TextLimits.name))
            }
        }
    }

    /// Makes the cache's feeds of `server` the server's `feeds`: new ones added as sources,
    /// titles and categories brought up to date; a feed the server no longer has loses its tie
    /// to the server and is noted as removed (pruned as a source dropped from the config is).
    public func storeServerFeeds(_ feeds: [RemoteFeed], server: String, now: Date = Date()) throws {
        try writing { db in
            let serverID = try ServerRows.ensure(db, server)
            var kept = Set<Int64>()
            for feed in feeds {
                let sourceID = try ServerRows.feedSource(db, serverID: serverID, server: server, feed: feed.id, title: feed.title)
                try db.run(
                    "UPDATE source SET title = ?, removed_at = NULL WHERE id = ?",
                    Sanitizer.clean(feed.title, maxLength: TextLimits.name), sourceID)
                try db.run(
                    "UPDATE server_feed SET category = ? WHERE source_id = ?",
                    Sanitizer.cleanOptional(feed.category, maxLength: TextLimits.name), sourceID)
                kept.insert(sourceID)
            }
            let known = try db.rows("SELECT source_id FROM server_feed WHERE server_id = ?", [serverID]) { $0.int64(0) }
            for sourceID in known where !kept.contains(sourceID) {
                try db.run("DELETE FROM server_feed WHERE source_id = ?", sourceID)
                try db.run("UPDATE source SET removed_at = coalesce(removed_at, ?) WHERE id = ?", now, sourceID)
            }
        }
    }

    /// Stores one page of the server's articles: new ones added, changed ones updated in place,
    /// none twice (an article is its server id). The server's marks are taken, except where a
    /// mark made here waits in the outbox: that one is newer. Returns the new articles' ids.
    @discardableResult
    public func storeRemoteArticles(_ articles: [RemoteArticle], server: String, now: Date = Date()) throws -> [ArticleID] {
        // A first sync writes every article once: through a small page cache, so that the
        // 10,000 articles of a large account do not fill the usual 16 MiB of it.
        try writing { db in
            try db.withPageCache(kib: Self.sweepCacheKiB) {
                let serverID = try ServerRows.ensure(db, server)
                return try ServerRows.quietly(db, serverID) {
                    try articles.compactMap { remote in try ServerRows.store(remote, db: db, serverID: serverID, server: server, now: now) }
                }
            }
        }
    }

    /// What the cache holds of `server`'s marks, for `SyncClient.marks`: counts per feed, the
    /// articles held unread and starred, and when the last whole sync was.
    public func localMarks(_ server: String) throws -> LocalMarks {
        // It reads every article of the server once: through the small page cache, as a first
        // sync's pages are stored (under the usual cap, 10,000 articles grew it by 3-4 MiB).
        try reading { db in try db.withPageCache(kib: Self.sweepCacheKiB) { try Self.localMarks(db, server) } }
    }

    private static func localMarks(_ db: SQLiteConnection, _ server: String) throws -> LocalMarks {
        let rows = try db.rows(
            """
            SELECT f.remote_id, coalesce(sum(a.read = 0), 0), coalesce(sum(a.starred = 1), 0)
            FROM server_feed f JOIN server v ON v.id = f.server_id LEFT JOIN article a ON a.source_id = f.source_id
            WHERE v.name = ? GROUP BY f.remote_id
            """, [server]
        ) { (RemoteFeedID($0.int64(0)), MarkCounts(unread: $0.int(1), starred: $0.int(2))) }
        var marks = LocalMarks(counts: Dictionary(rows, uniquingKeysWith: { first, _ in first }))
        let held = try db.rows(
            """
            SELECT r.remote_id, a.read, a.starred FROM server_article r JOIN server v ON v.id = r.server_id
            JOIN article a ON a.id = r.article_id WHERE v.name = ? AND (a.read = 0 OR a.starred = 1)
            """, [server]
        ) { row in (id: RemoteArticleID(row.int64(0)), read: row.bool(1), starred: row.bool(2)) }
        for row in held {
            if !row.read { marks.unread.insert(row.id) }
            if row.starred { marks.starred.insert(row.id) }
        }
        marks.previousSync = try db.firstRow("SELECT synced_at FROM server WHERE name = ?", server) { $0.date(0) }
        return marks
    }

    /// Takes the server's marks for the articles of the feeds `marks` is complete for, except
    /// where a mark made here waits in the outbox. Returns the ids the server has unread or
    /// starred that the cache does not hold (marked elsewhere, older than the cursor, or come
    /// while a first sync paged), to be fetched.
    public func applyRemoteMarks(_ marks: RemoteMarks, server: String) throws -> [RemoteArticleID] {
        // With marks complete for the whole account (a sync a day later), it reads every article
        // of the server once: through the small page cache, as `localMarks` does.
        try writing { db in try db.withPageCache(kib: Self.sweepCacheKiB) { try Self.applyRemoteMarks(marks, server: server, db) } }
    }

    /// Feeds per `IN (…)` list: well below SQLite's 32,766 variables.
    static let feedsPerQuery = 10_000

    /// One held article of a server, as `applyRemoteMarks` compares it with the server's marks.
    private struct MarkRow {
        var id: Int64
        var remote: RemoteArticleID
        var read: Bool
        var starred: Bool
        var feed: RemoteFeedID
        var readPending: Bool
        var starPending: Bool
    }

    private static func applyRemoteMarks(_ marks: RemoteMarks, server: String, _ db: SQLiteConnection) throws -> [RemoteArticleID] {
        let serverID = try ServerRows.ensure(db, server)
        return try ServerRows.quietly(db, serverID) {
            // The feeds the marks are complete for, in lists below SQLite's 32,766 variables
            // (a server may name more feeds than that); nil: every feed, in one query.
            var batches: [[RemoteFeedID]?] = [nil]
            if let unreadFeeds = marks.unreadFeeds, let starredFeeds = marks.starredFeeds {
                let feeds = unreadFeeds.union(starredFeeds).sorted()
                guard !feeds.isEmpty else { return [] }
                batches = feeds.chunked(Self.feedsPerQuery).map { Array($0) }
            }
            var rows: [MarkRow] = []
            for batch in batches {
                var feedFilter = ""
                var values: [(any SQLiteBindable)?] = [serverID]
                if let batch {
                    feedFilter = " AND f.remote_id IN (" + batch.map { _ in "?" }.joined(separator: ",") + ")"
                    values += batch.map { $0.rawValue }
                }
                rows += try db.rows(
                    """
                    SELECT a.id, r.remote_id, a.read, a.starred, f.remote_id,
                        EXISTS (SELECT 1 FROM mark_outbox o WHERE o.server_id = r.server_id AND o.remote_id = r.remote_id AND o.field = 'read'),
                        EXISTS (SELECT 1 FROM mark_outbox o WHERE o.server_id = r.server_id AND o.remote_id = r.remote_id AND o.field = 'starred')
                    FROM server_article r JOIN article a ON a.id = r.article_id JOIN server_feed f ON f.source_id = a.source_id
                    WHERE r.server_id = ?\(feedFilter)
                    """, values
                ) { row in
                    MarkRow(
                        id: row.int64(0), remote: RemoteArticleID(row.int64(1)), read: row.bool(2), starred: row.bool(3),
                        feed: RemoteFeedID(row.int64(4)), readPending: row.bool(5), starPending: row.bool(6)
                    )
                }
            }
            var held = Set<RemoteArticleID>()
            for row in rows {
                held.insert(row.remote)
                let read = !marks.unread.contains(row.remote)
                if marks.unreadFeeds?.contains(row.feed) ?? true, read != row.read, !row.readPending {
                    try db.run("UPDATE article SET read = ? WHERE id = ?", read, row.id)
                }
                let starred = marks.starred.contains(row.remote)
                if marks.starredFeeds?.contains(row.feed) ?? true, starred != row.starred, !row.starPending {
                    try db.run("UPDATE article SET starred = ? WHERE id = ?", starred, row.id)
                }
            }
            let wanted = marks.unread.union(marks.starred).subtracting(held)
            // Those the cache holds under a feed outside the complete ones are not missing.
            return try wanted.sorted().filter { id in
                try db.firstRow("SELECT 1 FROM server_article WHERE server_id = ? AND remote_id = ?", serverID, id.rawValue) { _ in true } == nil
            }
        }
    }

    /// Up to `limit` marks waiting in the outbox of `server`.
    public func pendingMarks(_ server: String, limit: Int) throws -> [MarkChange] {
        try reading { db in
            try db.rows(
                """
                SELECT o.remote_id, o.field, o.value FROM mark_outbox o JOIN server v ON v.id = o.server_id
                WHERE v.name = ? AND o.refused IS NULL ORDER BY o.remote_id, o.field LIMIT ?
                """, [server, limit]
            ) { row in
                MarkChange(article: RemoteArticleID(row.int64(0)), field: row.text(1) == "starred" ? .starred : .read, value: row.bool(2))
            }
        }
    }

    /// Takes sent marks out of the outbox; one changed again meanwhile (another value) stays, to be sent next.
    public func removeSentMarks(_ marks: [MarkChange], server: String) throws {
        try writing { db in
            guard let serverID = try ServerRows.id(db, server) else { return }
            for mark in marks {
                try db.run(
                    "DELETE FROM mark_outbox WHERE server_id = ? AND remote_id = ? AND field = ? AND value = ?",
                    serverID, mark.article.rawValue, mark.field.rawValue, mark.value)
            }
        }
    }

    /// The whole sync went through: the cursor moves on (never back), the server is online,
    /// and each of its feeds was brought up to date now (the Sources screen's "updated … ago").
    public func recordSyncSuccess(_ server: String, cursor: RemoteArticleID?, at now: Date = Date()) throws {
        try writing { db in
            let serverID = try ServerRows.ensure(db, server)
            try db.run(
                """
                UPDATE server SET cursor = max(coalesce(cursor, ?1), coalesce(?1, cursor)), synced_at = ?2,
                    offline_since = NULL, error = NULL WHERE id = ?3
                """, cursor?.rawValue, now, serverID)
            try db.run(
                """
                UPDATE source SET refreshed_at = ?1, succeeded_at = ?1, outcome = 'updated', error = NULL
                WHERE id IN (SELECT source_id FROM server_feed WHERE server_id = ?2)
                """, now, serverID)
        }
    }

    /// A sync failed: its sentence, and since when the server has been out of reach.
    public func recordSyncFailure(_ server: String, message: String, at now: Date = Date()) throws {
        try writing { db in
            let serverID = try ServerRows.ensure(db, server)
            try db.run(
                "UPDATE server SET offline_since = coalesce(offline_since, ?), error = ? WHERE id = ?",
                now, Sanitizer.clean(message, maxLength: TextLimits.description), serverID)
        }
    }
}

extension ArticleStore {
    /// The cache's article for a server's article id; nil when it holds none.
    public func articleID(server: String, remote: RemoteArticleID) throws -> ArticleID? {
        try reading { db in
            try db.firstRow(
                """
                SELECT r.article_id FROM server_article r JOIN server v ON v.id = r.server_id WHERE v.name = ? AND r.remote_id = ?
                """, server, remote.rawValue
            ) { ArticleID($0.int64(0)) }
        }
    }
}
