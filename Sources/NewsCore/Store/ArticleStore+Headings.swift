import FoundationEssentials

/// A list's headings only (no text): enough to filter thousands of articles as the reader
/// types, in memory, without reading their bodies. The image's address is kept, so `d` and `D`
/// save a filtered list's images; the article screen reads the rest (`article(_:)`).
extension ArticleStore {
    /// The most headings one call returns.
    public static let maxHeadings = 100_000

    /// Every article of `scope`, in `order`, with its text, author, summary and GUID left out
    /// (`article(_:)` reads one whole).
    public func headings(_ scope: ArticleScope, unreadOnly: Bool = false, order: ListOrder = .date) throws -> [StoredArticle] {
        try reading { db in
            guard let filter = try condition(scope, db) else { return [] }
            return try db.rows(
                "SELECT a.id, s.key, a.first_seen, a.read, a.starred, a.url, a.published, a.title, a.source_name, "
                    + "NULL, NULL, a.image_url, NULL, NULL, NULL, NULL FROM article a JOIN source s ON s.id = a.source_id "
                    + "WHERE \(filter.sql) \(unreadOnly ? "a.read = 0" : "1") ORDER BY \(order.orderBy(forwards: true)) LIMIT ?",
                filter.values + [Self.maxHeadings]
            ) { ArticleRow.decode($0) }.compactMap { $0 }
        }
    }
}
