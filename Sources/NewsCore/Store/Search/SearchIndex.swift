/// Keeps the FTS5 table `article_text` in step with `article`. Rows share the article's id.
/// Writes only leave articles pending (the schema's triggers, cheap); `indexPending` does the
/// costly part later.
///
/// The table is contentless (`content = ''`): it keeps the words' index and not a copy of the
/// text (which was 44% of the cache file). Removing an article's entries then takes the very
/// text they were made from, so one invariant holds: an article has entries only while they
/// match its stored row and full text; otherwise it is pending and has none. The schema's
/// triggers keep it whoever writes (`Schema.version14`): before a row's indexed fields or its
/// full text change, or it is deleted, its entries are removed, made again from the stored
/// values by the SQL functions `SearchFunctions` registers on every connection (this file's
/// `title`, `summary` and `body`, so the words removed are the words written), and it becomes
/// pending.
enum SearchIndex {
    static func pendingCount(_ db: SQLiteConnection) throws -> Int {
        Int(try db.integer("SELECT count(*) FROM search_pending"))
    }

    /// Indexes up to `limit` pending articles, oldest first; returns how many. A pending
    /// article has no entries (see above), so this only adds.
    static func indexPending(_ db: SQLiteConnection, limit: Int) throws -> Int {
        let pending = try db.rows(
            """
            SELECT p.article_id, a.title, b.summary, b.content, b.body_kind, b.body, f.html
            FROM search_pending p JOIN article a ON a.id = p.article_id LEFT JOIN article_body b ON b.article_id = a.id
            LEFT JOIN full_text f ON f.article_id = a.id
            ORDER BY p.article_id LIMIT ?
            """, [limit]
        ) { row in
            (
                id: row.int64(0), title: title(row.text(1)), summary: summary(row.text(2), content: row.text(3)),
                body: body(kind: row.text(4), text: row.text(5), fullText: row.text(6))
            )
        }
        for article in pending {
            try db.run(
                "INSERT INTO article_text (rowid, title, summary, body) VALUES (?, ?, ?, ?)",
                article.id, article.title, article.summary, article.body)
            try db.run("DELETE FROM search_pending WHERE article_id = ?", article.id)
        }
        return pending.count
    }

    /// The title column as indexed.
    static func title(_ title: String?) -> String {
        SearchableText.indexed(title ?? "")
    }

    /// The summary column as indexed: the description and NewsAPI's content extract.
    static func summary(_ description: String?, content: String?) -> String {
        SearchableText.indexed(SearchableText.summary(description: description, content: content))
    }

    /// The body column as indexed: the body as stored, then the full text read from the
    /// article's page (searched as its body is).
    static func body(kind: String?, text: String?, fullText: String?) -> String {
        let body = ArticleRow.body(kind: kind, text: text).map(SearchableText.plainText(of:)) ?? ""
        let page = fullText.map { SearchableText.plainText(of: .html($0)) }
        return SearchableText.indexed(page.map { body + " " + $0 } ?? body)
    }
}
