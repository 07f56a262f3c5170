/// Keeps the FTS5 table `article_text` in step with `article`. Rows share the article's id.
/// Merges only mark articles pending (cheap); `indexPending` does the costly part later.
/// Deletions are the schema's trigger's job.
enum SearchIndex {
    static func markPending(_ db: SQLiteConnection, id: Int64) throws {
        try db.run("INSERT OR IGNORE INTO search_pending (article_id) VALUES (?)", id)
    }

    static func pendingCount(_ db: SQLiteConnection) throws -> Int {
        Int(try db.integer("SELECT count(*) FROM search_pending"))
    }

    /// Indexes (or re-indexes) up to `limit` pending articles, oldest first; returns how many.
    static func indexPending(_ db: SQLiteConnection, limit: Int) throws -> Int {
        let pending = try db.rows(
            """
            SELECT p.article_id, a.title, a.summary, a.content, a.body_kind, a.body, f.html
            FROM search_pending p JOIN article a ON a.id = p.article_id LEFT JOIN full_text f ON f.article_id = a.id
            ORDER BY p.article_id LIMIT ?
            """, [limit]
        ) { row in
            // The full text read from the article's page is searched as its body is.
            let body = ArticleRow.body(kind: row.text(4), text: row.text(5)).map(SearchableText.plainText(of:)) ?? ""
            let fullText = row.text(6).map { SearchableText.plainText(of: .html($0)) }
            return (
                id: row.int64(0), title: SearchableText.indexed(row.text(1) ?? ""),
                summary: SearchableText.indexed(SearchableText.summary(description: row.text(2), content: row.text(3))),
                body: SearchableText.indexed(fullText.map { body + " " + $0 } ?? body)
            )
        }
        for article in pending {
            try db.run("DELETE FROM article_text WHERE rowid = ?", article.id)
            try db.run(
                "INSERT INTO article_text (rowid, title, summary, body) VALUES (?, ?, ?, ?)",
                article.id, article.title, article.summary, article.body)
            try db.run("DELETE FROM search_pending WHERE article_id = ?", article.id)
        }
        return pending.count
    }
}
