import FoundationEssentials

/// Merges one edition's articles into a source's stored ones (inside the caller's transaction).
///
/// Rules: an item is the stored article with its identity (GUID, else URL); failing that, an
/// item with a GUID takes over the row stored from before its feed gave GUIDs (same URL, no
/// GUID), and an item without one matches a stored row by URL, unless another item of this
/// edition claims that row's identity. The first of several items with one identity wins.
/// Unchanged rows (same hash) are not written; changed ones are updated in place, so read
/// and starred state stay, and re-dated or reordered items never make a second row.
struct EditionMerger {
    let db: SQLiteConnection
    let sourceID: Int64
    let now: Date
    /// Told the number of rows written so far, after each (a test hook).
    let probe: (@Sendable (Int) -> Void)?

    private struct StoredRow {
        let id: Int64
        let identity: String
        let hash: Int64
    }

    /// The edition's items, the first of each identity, and how many repeated one.
    static func distinct(_ articles: [Article]) -> (items: [ArticleFields], identities: Set<String>, duplicates: Int) {
        var identities = Set<String>()
        var items: [ArticleFields] = []
        var duplicates = 0
        items.reserveCapacity(articles.count)
        for article in articles {
            let fields = ArticleFields(article)
            if identities.insert(fields.identity).inserted { items.append(fields) } else { duplicates += 1 }
        }
        return (items, identities, duplicates)
    }

    /// The items a merge would insert as new, in the edition's order; writes nothing (a kept
    /// edition's rows, while another instance holds the write lock).
    func unmatched(_ articles: [Article]) throws -> [ArticleFields] {
        let (items, identities, _) = Self.distinct(articles)
        var claimed = Set<Int64>()
        var result: [ArticleFields] = []
        for fields in items {
            if let stored = try find(fields, claimed: identities) {
                claimed.insert(stored.id)
            } else {
                result.append(fields)
            }
        }
        return result
    }

    func merge(_ articles: [Article]) throws -> MergeResult {
        var result = MergeResult()
        let (items, identities, duplicates) = Self.distinct(articles)
        result.duplicates = duplicates
        result.sourceWasEmpty = try db.firstRow("SELECT 1 FROM article WHERE source_id = ? LIMIT 1", sourceID) { _ in true } == nil
        let wasInFeed = Set(try db.rows("SELECT article_id FROM feed_item WHERE source_id = ?", [sourceID]) { $0.int64(0) })
        var matched = Set<Int64>()
        var written = 0
        // Last item first: later rows get larger ids, and equal dates sort by id, newest first,
        // so items with one date (or none: all first seen now) keep the feed's order.
        for fields in items.reversed() {
            guard let stored = try find(fields, claimed: identities) else {
                let id = try insert(fields)
                try db.run("INSERT INTO feed_item (source_id, article_id) VALUES (?, ?)", sourceID, id)
                matched.insert(id)
                result.added.insert(ArticleID(id))
                written += 1
                probe?(written)
                continue
            }
            guard matched.insert(stored.id).inserted else {
                result.duplicates += 1
                continue
            }
            if !wasInFeed.contains(stored.id) {
                try db.run("INSERT INTO feed_item (source_id, article_id) VALUES (?, ?)", sourceID, stored.id)
            }
            if stored.hash != fields.hash {
                try update(stored.id, with: fields)
                result.updated.insert(ArticleID(stored.id))
                written += 1
                probe?(written)
            } else {
                result.unchanged += 1
            }
        }
        for id in wasInFeed.subtracting(matched) {
            try db.run("DELETE FROM feed_item WHERE source_id = ? AND article_id = ?", sourceID, id)
        }
        return result
    }

    private func find(_ fields: ArticleFields, claimed: Set<String>) throws -> StoredRow? {
        if let row = try lookup("identity = ?", fields.identity) { return row }
        // An article without a link has no second identity to fall back on.
        guard !fields.url.isEmpty else { return nil }
        let fallback: StoredRow?
        if fields.article.guid != nil {
            fallback = try lookup("identity = ?", "u:" + fields.url)
        } else {
            fallback = try lookup("url = ? ORDER BY id LIMIT 1", fields.url)
        }
        guard let fallback, !claimed.contains(fallback.identity) else { return nil }
        return fallback
    }

    private func lookup(_ condition: String, _ value: String) throws -> StoredRow? {
        try db.firstRow("SELECT id, identity, hash FROM article WHERE source_id = ? AND " + condition, sourceID, value) {
            StoredRow(id: $0.int64(0), identity: $0.text(1) ?? "", hash: $0.int64(2))
        }
    }

    private func insert(_ fields: ArticleFields) throws -> Int64 {
        try ArticleWriter(db: db).insert(fields, sourceID: sourceID, identity: fields.identity, firstSeen: now)
    }

    /// A changed item over its row; it takes the item's identity (a GUID over the URL it was stored by).
    private func update(_ id: Int64, with fields: ArticleFields) throws {
        try ArticleWriter(db: db).update(id, with: fields, identity: fields.identity)
    }
}
