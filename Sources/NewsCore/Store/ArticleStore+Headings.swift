import FoundationEssentials

/// A list's headings only (no text): enough to filter thousands of articles as the reader
/// types, in memory, without reading their bodies. The image's address is kept, so `d` and `D`
/// save a filtered list's images; the article screen reads the rest (`article(_:)`).
extension ArticleStore {
    /// The most headings one call returns.
    public static let maxHeadings = 100_000

    /// Every article of `scope`, in `order`, with its text, author, summary and GUID left out
    /// (`article(_:)` reads one whole).
    public func headings(
        _ scope: ArticleScope, unreadOnly: Bool = false, stillShown: Set<ArticleID> = [], order: ListOrder = .date
    ) throws -> [StoredArticle] {
        // Kept articles (see `ArticleStore+Kept`) are merged in by each row's place in the order,
        // which the rows then carry; without any, a row is read as it always was.
        let withKept = !keptRows(in: scope).isEmpty
        return try reading { db in
            guard let filter = try condition(scope, db) else {
                return mergingKept([], scope, after: nil, forwards: true, order: order, limit: Self.maxHeadings).compactMap(\.0)
            }
            let place = withKept ? ", " + order.placeColumns : ""
            let shown = Self.shown(filter, unreadOnly: unreadOnly, stillShown: stillShown)
            let rows = try db.rows(
                "SELECT a.id, s.key, a.first_seen, a.read, a.starred, a.url, a.published, a.title, a.source_name, "
                    + "NULL, NULL, a.image_url, NULL, NULL, NULL, NULL, a.enclosure_url, a.enclosure_type, a.enclosure_size, "
                    + "a.enclosure_duration, \(ArticleRow.enclosureStateColumn)\(place) FROM article a JOIN source s ON s.id = a.source_id "
                    + "WHERE \(shown.sql) ORDER BY \(order.orderBy(forwards: true)) LIMIT ?",
                shown.values + [Self.maxHeadings]
            ) { row -> (StoredArticle?, ArticleCursor?) in (ArticleRow.decode(row), withKept ? ArticleCursor(placedRow: row) : nil) }
            guard withKept else { return rows.compactMap(\.0) }
            let placed = rows.compactMap { row in row.1.map { (row.0, $0) } }
            return mergingKept(placed, scope, after: nil, forwards: true, order: order, limit: Self.maxHeadings).compactMap(\.0)
        }
    }
}
