import FoundationEssentials

/// A list's headings only (no text): enough to filter thousands of articles as the reader
/// types, in memory, without reading their bodies. The image's address is kept, so `d` and `D`
/// save a filtered list's images; the article screen reads the rest (`article(_:)`).
extension ArticleStore {
    /// A row's columns for `ArticleRow.decode` with the text, author, summary and GUID left out.
    static let headingColumns =
        "a.id, s.key, a.first_seen, a.read, a.starred, a.url, a.published, a.title, a.source_name, "
        + "NULL, NULL, a.image_url, NULL, NULL, NULL, NULL, a.enclosure_url, a.enclosure_type, a.enclosure_size, "
        + "a.enclosure_duration, \(ArticleRow.enclosureStateColumn)"

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
                "SELECT \(Self.headingColumns)\(place) FROM article a JOIN source s ON s.id = a.source_id "
                    + "WHERE \(shown.sql) ORDER BY \(order.orderBy(forwards: true)) LIMIT ?",
                shown.values + [Self.maxHeadings]
            ) { row -> (StoredArticle?, ArticleCursor?) in (ArticleRow.decode(row), withKept ? ArticleCursor(placedRow: row) : nil) }
            guard withKept else { return rows.compactMap(\.0) }
            let placed = rows.compactMap { row in row.1.map { (row.0, $0) } }
            return mergingKept(placed, scope, after: nil, forwards: true, order: order, limit: Self.maxHeadings).compactMap(\.0)
        }
    }

    /// The most headings the `/` filter's index holds (about 80 MB at a million).
    public static let maxIndexedHeadings = 1_000_000

    /// Every heading of `scope`, in `order`, as the `/` filter searches them: ids and folded
    /// title and source name, read straight from the rows' bytes (see `HeadingIndex`).
    ///
    /// In two reads of one snapshot: the ids in list order first (from the order's index alone,
    /// where the scope allows), then the rows in id order, so no page of the table is read
    /// twice. Read in list order, rows whose dates do not follow their ids (a feed's archive
    /// fetched late, several sources interleaved) sent one lookup after another to pages long
    /// since dropped from the page cache: 170 ms for 100,000 headings against 40 ms so.
    public func headingIndex(
        _ scope: ArticleScope, unreadOnly: Bool = false, stillShown: Set<ArticleID> = [], order: ListOrder = .date
    ) throws -> HeadingIndex {
        guard keptRows(in: scope).isEmpty else {
            // Kept articles (a locked or full cache, rare) are placed among the rows by `headings`.
            var index = HeadingIndex()
            for stored in try headings(scope, unreadOnly: unreadOnly, stillShown: stillShown, order: order) {
                index.append(stored.id, isRead: stored.isRead, title: stored.article.title, sourceName: stored.article.sourceName)
            }
            return index
        }
        return try reading { db in
            try db.readTransaction {
                guard let filter = try condition(scope, db) else { return HeadingIndex() }
                let shown = Self.shown(filter, unreadOnly: unreadOnly, stillShown: stillShown)
                // Only the source order needs the source's row (every article has one).
                let join = order == .source ? "JOIN source s ON s.id = a.source_id " : ""
                var listed: [Int64] = []
                try db.each(
                    "SELECT a.id FROM article a \(join)WHERE \(shown.sql) ORDER BY \(order.orderBy(forwards: true)) LIMIT ?",
                    shown.values + [Self.maxIndexedHeadings]
                ) { listed.append($0.int64(0)) }
                // The list's positions in ascending id order, and where each of them comes in it.
                let byID = (0..<Int32(listed.count)).sorted { listed[Int($0)] < listed[Int($1)] }
                var places = [Int32](repeating: 0, count: listed.count)
                for (place, position) in byID.enumerated() { places[Int(position)] = Int32(place) }
                return try Self.headingsInIDOrder(byID.map { listed[Int($0)] }, db).reordered(places)
            }
        }
    }

    /// The headings of `wanted` (ascending ids): the whole table read front to back when they
    /// are a good part of it, else the rows looked up in id order.
    private static func headingsInIDOrder(_ wanted: [Int64], _ db: SQLiteConnection) throws -> HeadingIndex {
        let stored = try db.firstRow("SELECT coalesce(sum(total), 0) FROM source_count", values: []) { $0.int(0) } ?? 0
        let whole = wanted.count * 4 >= stored
        var index = HeadingIndex()
        index.reserveCapacity(wanted.count)
        var next = 0  // in `wanted`
        try db.each(
            "SELECT a.id, a.read, a.title, a.source_name FROM article a "
                + (whole ? "" : "WHERE a.id IN (SELECT value FROM json_each(?)) ") + "ORDER BY a.id",
            whole ? [] : ["[" + wanted.map(String.init).joined(separator: ",") + "]"]
        ) { row in
            let id = row.int64(0)
            // Rows listed and not found (the snapshot makes it unlikely) match nothing.
            while next < wanted.count, wanted[next] < id {
                index.append(ArticleID(wanted[next]), isRead: true, title: "", sourceName: nil)
                next += 1
            }
            guard next < wanted.count, wanted[next] == id else { return }
            next += 1
            let read = row.bool(1)
            row.withUTF8(2) { title in row.withUTF8(3) { index.append(ArticleID(id), isRead: read, title: title, sourceName: $0) } }
        }
        for id in wanted[next...] { index.append(ArticleID(id), isRead: true, title: "", sourceName: nil) }
        return index
    }

    /// The headings of `ids` (as `headings` reads them), by id; those gone (pruned) are absent.
    public func headings(ids: [ArticleID]) throws -> [ArticleID: StoredArticle] {
        var found: [ArticleID: StoredArticle] = [:]
        for id in ids where id.rawValue < 0 { found[id] = keptArticle(id) }
        let stored = ids.filter { $0.rawValue >= 0 }
        guard !stored.isEmpty else { return found }
        let list = "[" + stored.map { String($0.rawValue) }.joined(separator: ",") + "]"
        try reading { db in
            try db.each(
                "SELECT \(Self.headingColumns) FROM article a JOIN source s ON s.id = a.source_id "
                    + "WHERE a.id IN (SELECT value FROM json_each(?))",
                [list]
            ) { row in
                if let article = ArticleRow.decode(row) { found[article.id] = article }
            }
        }
        return found
    }
}
