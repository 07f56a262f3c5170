import FoundationEssentials

/// The rows of the `server`, `server_feed` and `server_article` tables.
enum ServerRows {
    static func id(_ db: SQLiteConnection, _ server: String) throws -> Int64? {
        try db.firstRow("SELECT id FROM server WHERE name = ?", server) { $0.int64(0) }
    }

    static func ensure(_ db: SQLiteConnection, _ server: String) throws -> Int64 {
        if let id = try id(db, server) { return id }
        try db.run("INSERT INTO server (name) VALUES (?)", server)
        return db.lastInsertRowID
    }

    /// Runs `body` with the outbox triggers quiet: what it writes are the server's own marks.
    static func quietly<T>(_ db: SQLiteConnection, _ serverID: Int64, _ body: () throws -> T) throws -> T {
        try db.run("INSERT INTO sync_writing (server_id) VALUES (?)", serverID)
        let result = try body()
        try db.run("DELETE FROM sync_writing")
        return result
    }

    /// The source row of a server's feed, made (with its tie to the server) when new.
    static func feedSource(_ db: SQLiteConnection, serverID: Int64, server: String, feed: RemoteFeedID, title: String?) throws -> Int64 {
        if let id = try db.firstRow("SELECT source_id FROM server_feed WHERE server_id = ? AND remote_id = ?", serverID, feed.rawValue, map: { $0.int64(0) }) {
            return id
        }
        let sourceID = try SourceRows.ensure(db, .serverFeed(server: server, feed: feed))
        try db.run(
            "UPDATE source SET title = coalesce(title, ?), removed_at = NULL WHERE id = ?",
            Sanitizer.cleanOptional(title, maxLength: TextLimits.name), sourceID)
        try db.run("INSERT INTO server_feed (source_id, server_id, remote_id) VALUES (?, ?, ?)", sourceID, serverID, feed.rawValue)
        return sourceID
    }

    /// Stores one article (see `ArticleStore.storeRemoteArticles`); its id when it was new.
    static func store(_ remote: RemoteArticle, db: SQLiteConnection, serverID: Int64, server: String, now: Date) throws -> ArticleID? {
        let fields = ArticleFields(remote.article)
        if let stored = try db.firstRow(
            """
            SELECT a.id, a.hash,
                EXISTS (SELECT 1 FROM mark_outbox o WHERE o.server_id = r.server_id AND o.remote_id = r.remote_id AND o.field = 'read'),
                EXISTS (SELECT 1 FROM mark_outbox o WHERE o.server_id = r.server_id AND o.remote_id = r.remote_id AND o.field = 'starred')
            FROM server_article r JOIN article a ON a.id = r.article_id WHERE r.server_id = ? AND r.remote_id = ?
            """, serverID, remote.id.rawValue, map: { (id: $0.int64(0), hash: $0.int64(1), readPending: $0.bool(2), starPending: $0.bool(3)) })
        {
            if stored.hash != fields.hash { try ArticleWriter(db: db).update(stored.id, with: fields) }
            if !stored.readPending { try db.run("UPDATE article SET read = ? WHERE id = ? AND read != ?", !remote.unread, stored.id, !remote.unread) }
            if !stored.starPending { try db.run("UPDATE article SET starred = ? WHERE id = ? AND starred != ?", remote.starred, stored.id, remote.starred) }
            return nil
        }
        let sourceID = try feedSource(db, serverID: serverID, server: server, feed: remote.feed, title: remote.article.sourceName)
        // An article is its server id: the identity no feed item can take ("g:", "u:", "t:").
        let articleID = try ArticleWriter(db: db).insert(
            fields, sourceID: sourceID, identity: "r:\(remote.id.rawValue)", firstSeen: now, read: !remote.unread, starred: remote.starred)
        try db.run("INSERT INTO server_article (article_id, server_id, remote_id) VALUES (?, ?, ?)", articleID, serverID, remote.id.rawValue)
        return ArticleID(articleID)
    }
}
