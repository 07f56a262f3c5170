/// Full-text search over every stored article.
extension ArticleStore {
    /// Ranking weights of the indexed columns: a word in the title counts most.
    static let rankWeights = (title: 10.0, summary: 4.0, body: 1.0)

    /// Articles matching `text` (words, `prefix*`, `"phrases"`; see `SearchQuery`), best first
    /// by BM25, newest first among equals. Text with nothing to search for finds nothing.
    public func search(_ text: String, limit: Int = 50, offset: Int = 0) throws -> [StoredArticle] {
        guard let query = SearchQuery(text) else { return [] }
        return try search(query, limit: limit, offset: offset)
    }

    public func search(_ query: SearchQuery, limit: Int = 50, offset: Int = 0) throws -> [StoredArticle] {
        let limit = min(max(limit, 1), Self.maxPageSize)
        let weights = Self.rankWeights
        return try reading { db in
            // Ranked inside the index first (sort_time rides in it), rows fetched for one page only.
            try db.rows("""
                SELECT \(ArticleRow.columns) FROM (
                    SELECT rowid AS id, bm25(article_text, 0, \(weights.title), \(weights.summary), \(weights.body)) AS score,
                        sort_time FROM article_text WHERE article_text MATCH ?
                    ORDER BY score, sort_time DESC, rowid DESC LIMIT ? OFFSET ?
                ) AS hit
                JOIN article a ON a.id = hit.id JOIN source s ON s.id = a.source_id
                ORDER BY hit.score, hit.sort_time DESC, hit.id DESC
                """, [query.expression, limit, max(offset, 0)]
            ) { ArticleRow.decode($0) }
        }
    }
}
