import FoundationEssentials

/// Full texts read from articles' pages: kept beside the article (a refresh never replaces
/// them), read back with it, searched with its body, and gone when it is pruned.
extension ArticleStore {
    /// Keeps `fullText` for the article (replacing an earlier one) and queues it for search.
    /// False when the article is not in the cache (pruned meanwhile, or only kept in memory).
    @discardableResult
    public func saveFullText(_ fullText: FullText, of id: ArticleID) throws -> Bool {
        guard id.rawValue > 0 else { return false }
        return try writing { db in
            let changed = try db.run(
                """
                INSERT INTO full_text (article_id, page_url, html, fetched_at, truncated, doubtful) SELECT id, ?, ?, ?, ?, ? FROM article WHERE id = ?
                ON CONFLICT (article_id) DO UPDATE SET page_url = excluded.page_url, html = excluded.html,
                    fetched_at = excluded.fetched_at, truncated = excluded.truncated, doubtful = excluded.doubtful
                """,
                fullText.page.absoluteString, String(fullText.html.prefix(TextLimits.body)), fullText.fetchedAt, fullText.truncated, fullText.doubtful,
                id.rawValue)
            return changed > 0  // the schema's triggers queue it for search
        }
    }

    /// The article's full text, if one was read; checked again as everything read back is.
    public func fullText(of id: ArticleID) throws -> FullText? {
        try reading { db in try Self.fullText(db, of: id) }
    }

    static func fullText(_ db: SQLiteConnection, of id: ArticleID) throws -> FullText? {
        try db.firstRow("SELECT page_url, html, fetched_at, truncated, doubtful FROM full_text WHERE article_id = ?", id.rawValue) { row in
            guard let page = row.text(0).flatMap({ URLPolicy.articleURL($0, relativeTo: nil) }), let html = row.text(1) else { return nil }
            return FullText(
                html: String(html.prefix(TextLimits.body)), page: page, fetchedAt: row.date(2) ?? Date(timeIntervalSince1970: 0),
                truncated: row.bool(3), doubtful: row.bool(4))
        }
    }

    /// Of `ids`, those in any of `scopes` (query feeds' filters over a source), in the order given.
    public func ids(_ ids: [ArticleID], inAnyOf scopes: [ArticleScope]) throws -> [ArticleID] {
        let stored = ids.filter { $0.rawValue > 0 }
        guard !stored.isEmpty, !scopes.isEmpty else { return [] }
        let list = "[" + stored.map { String($0.rawValue) }.joined(separator: ",") + "]"
        var found = Set<ArticleID>()
        for scope in scopes {
            let rows = try reading { db -> [ArticleID] in
                guard let condition = try condition(scope, db) else { return [] }
                return try db.rows(
                    "SELECT a.id FROM article a WHERE \(condition.sql) a.id IN (SELECT value FROM json_each(?))", condition.values + [list]
                ) { ArticleID($0.int64(0)) }
            }
            found.formUnion(rows)
        }
        return stored.filter(found.contains)
    }

    /// Of `ids`, the articles that have a link and no full text yet, with their links, in the
    /// order given (`full-text = yes` reads these after a refresh).
    public func wantingFullText(_ ids: [ArticleID]) throws -> [(id: ArticleID, url: URL)] {
        let stored = ids.filter { $0.rawValue > 0 }
        guard !stored.isEmpty else { return [] }
        let list = "[" + stored.map { String($0.rawValue) }.joined(separator: ",") + "]"
        let found = try reading { db in
            try db.rows(
                "SELECT a.id, a.url FROM article a WHERE a.id IN (SELECT value FROM json_each(?)) "
                    + "AND NOT EXISTS (SELECT 1 FROM full_text f WHERE f.article_id = a.id)",
                [list]
            ) { row -> (id: ArticleID, url: URL)? in
                guard let url = row.text(1).flatMap({ URLPolicy.articleURL($0, relativeTo: nil) }), !url.isFileURL else { return nil }
                return (ArticleID(row.int64(0)), url)
            }
        }
        let order = Dictionary(stored.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return found.sorted { order[$0.id, default: 0] < order[$1.id, default: 0] }
    }
}
