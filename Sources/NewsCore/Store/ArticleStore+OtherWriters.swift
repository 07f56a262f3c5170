import FoundationEssentials

extension ArticleStore {
    /// What other processes wrote since the last call, or nil when nothing was: a cheap look
    /// (one pragma) that an open interface makes every second.
    public func writesByOthers() throws -> OtherWrites? {
        try reading { db in try collectOtherWrites(db) }
        guard otherWriters.changed else { return nil }
        defer {
            otherWriters.pending = OtherWrites()
            otherWriters.changed = false
        }
        return otherWriters.pending
    }

    /// Starts the watch from the file as it is now: what is there is no one's news.
    func startWatchingOtherWriters(_ db: SQLiteConnection) throws {
        otherWriters = OtherWriterWatch()
        otherWriters.dataVersion = try db.integer("PRAGMA data_version")
        otherWriters.lastArticleID = try db.integer("SELECT coalesce(max(id), 0) FROM article")
    }

    /// Collects the articles others added since the last look, if `data_version` says they wrote.
    func collectOtherWrites(_ db: SQLiteConnection) throws {
        let version = try db.integer("PRAGMA data_version")
        guard version != otherWriters.dataVersion else { return }
        otherWriters.dataVersion = version
        otherWriters.changed = true
        let room = OtherWriterWatch.maxCollected - otherWriters.pending.addedCount
        let rows = try db.rows(
            "SELECT article.id, source.key FROM article JOIN source ON source.id = article.source_id WHERE article.id > ? ORDER BY article.id LIMIT ?",
            [otherWriters.lastArticleID, Int64(max(0, room))]
        ) { row in (ArticleID(row.int64(0)), SourceKey(row.text(1) ?? "")) }
        for (id, key) in rows { otherWriters.pending.added[key, default: []].append(id) }
        otherWriters.lastArticleID = try db.integer("SELECT coalesce(max(id), 0) FROM article")
    }

    /// After a write of our own: its articles are ours, not news from elsewhere.
    func passOwnWrites(_ db: SQLiteConnection) throws {
        otherWriters.lastArticleID = try db.integer("SELECT coalesce(max(id), 0) FROM article")
    }
}
