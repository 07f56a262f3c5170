/// Keeps the FTS5 table `article_text` in step with `article`. Rows share the article's id;
/// deletions are the schema's trigger's job.
enum SearchIndex {
    static func add(_ db: SQLiteConnection, id: Int64, sortTime: Double, article: Article) throws {
        try add(
            db, id: id, sortTime: sortTime, title: article.title,
            summary: SearchableText.summary(description: article.description, content: article.content),
            body: article.body.map(SearchableText.plainText(of:)) ?? ""
        )
    }

    /// Replaces an article's row after its text or date changed.
    static func replace(_ db: SQLiteConnection, id: Int64, sortTime: Double, article: Article) throws {
        try db.run("DELETE FROM article_text WHERE rowid = ?", id)
        try add(db, id: id, sortTime: sortTime, article: article)
    }

    private static func add(
        _ db: SQLiteConnection, id: Int64, sortTime: Double, title: String, summary: String, body: String
    ) throws {
        try db.run(
            "INSERT INTO article_text (rowid, sort_time, title, summary, body) VALUES (?, ?, ?, ?, ?)",
            id, sortTime, title, summary, body
        )
    }

    /// Indexes every stored article (the migration that adds the index).
    static func fillFromArticles(_ db: SQLiteConnection) throws {
        let articles = try db.statement(
            "SELECT id, sort_time, title, summary, content, body_kind, body FROM article")
        try articles.bind([])
        defer { articles.reset() }
        while try articles.step() {
            let row = articles.row
            try add(
                db, id: row.int64(0), sortTime: row.double(1) ?? 0, title: row.text(2) ?? "",
                summary: SearchableText.summary(description: row.text(3), content: row.text(4)),
                body: ArticleRow.body(kind: row.text(5), text: row.text(6)).map(SearchableText.plainText(of:)) ?? ""
            )
        }
    }
}
