import FoundationEssentials

/// Lists, newest first, by pages: a list opens on its first page without reading the rest.
extension ArticleStore {
    /// The most rows one page may ask for.
    public static let maxPageSize = 1_000

    /// The page of `scope` that follows `cursor` (nil: the first page), at most `limit` articles,
    /// in `order`. `unreadOnly` leaves read articles out (`--unread`, `show-read = no`, and `n`
    /// with a limit of 1), and a scope's own conditions (a query feed's `unread`, Starred) others;
    /// `stillShown` are shown whatever they say: the articles the reader read or unstarred in this
    /// visit of the list, which must not shift under the reader.
    public func page(
        _ scope: ArticleScope, after cursor: ArticleCursor? = nil, limit: Int = 100, unreadOnly: Bool = false,
        stillShown: Set<ArticleID> = [], order: ListOrder = .date
    ) throws -> ArticlePage {
        let limit = min(max(limit, 1), Self.maxPageSize)
        let (articles, more) = try rows(
            scope, from: cursor, forwards: true, limit: limit, unreadOnly: unreadOnly, stillShown: stillShown, order: order)
        return ArticlePage(articles: articles.compactMap(\.0), next: more ? articles.last?.1 : nil)
    }

    /// The page of `scope` just before `cursor` (nil: the list's last rows), at most `limit`
    /// articles, in list order: read backwards through the same index, so the last page of
    /// 100,000 costs what the first does (`G`, and scrolling up from there). Its `next` is
    /// `cursor`; its `previous` is nil when it starts the list.
    public func page(
        _ scope: ArticleScope, before cursor: ArticleCursor?, limit: Int = 100, unreadOnly: Bool = false,
        stillShown: Set<ArticleID> = [], order: ListOrder = .date
    ) throws -> ArticlePage {
        let limit = min(max(limit, 1), Self.maxPageSize)
        var (articles, more) = try rows(
            scope, from: cursor, forwards: false, limit: limit, unreadOnly: unreadOnly, stillShown: stillShown, order: order)
        articles.reverse()
        return ArticlePage(articles: articles.compactMap(\.0), next: cursor, previous: more ? articles.first?.1 : nil)
    }

    /// Up to `limit` rows of `scope` from `cursor` on in the direction read (stored rows and the
    /// kept ones merged), and whether more follow: one more row than asked is read to tell.
    private func rows(
        _ scope: ArticleScope, from cursor: ArticleCursor?, forwards: Bool, limit: Int, unreadOnly: Bool,
        stillShown: Set<ArticleID>, order: ListOrder
    ) throws -> (rows: [(StoredArticle?, ArticleCursor)], more: Bool) {
        try reading { db in
            // A scope of no stored source (a new one whose articles wait in memory) reads no rows.
            let filter = try condition(scope, db)
            var articles = try mergingKept(
                filter.map {
                    try Self.orderedRows(
                        Self.shown($0, unreadOnly: unreadOnly, stillShown: stillShown), from: cursor, forwards: forwards,
                        limit: limit + 1, order: order, db)
                } ?? [],
                scope, after: cursor, forwards: forwards, order: order, limit: limit + 1)
            let more = articles.count > limit
            if more { articles.removeLast() }
            return (articles, more)
        }
    }

    /// Up to `limit` rows of the list from `cursor` on, forwards or backwards, each with its cursor.
    private static func orderedRows(
        _ shown: FilterSQL, from cursor: ArticleCursor?, forwards: Bool, limit: Int, order: ListOrder, _ db: SQLiteConnection
    ) throws -> [(StoredArticle?, ArticleCursor)] {
        let position = order.condition(after: cursor, forwards: forwards)
        return try db.rows(
            "SELECT \(ArticleRow.columns), \(order.placeColumns) FROM article a \(ArticleRow.joins) "
                + "WHERE \(position.sql) \(shown.sql) "
                + "ORDER BY \(order.orderBy(forwards: forwards)) LIMIT ?",
            position.values + shown.values + [limit]
        ) { row in (ArticleRow.decode(row), ArticleCursor(placedRow: row)) }
    }

    /// The whole condition on a list's rows: the scope's (`filter`, which ends in AND), unread
    /// only when asked, and `stillShown` whatever those say (bound as one JSON array, however many).
    static func shown(_ filter: FilterSQL, unreadOnly: Bool, stillShown: Set<ArticleID>) -> FilterSQL {
        var shown = FilterSQL()
        let rows = "\(filter.sql) \(unreadOnly ? "a.read = 0" : "1")"
        guard !stillShown.isEmpty else {
            shown.sql = rows
            shown.values = filter.values
            return shown
        }
        let ids = "[" + stillShown.map { String($0.rawValue) }.sorted().joined(separator: ",") + "]"
        shown.sql = "((\(rows)) OR a.id IN (SELECT value FROM json_each(?)))"
        shown.values = filter.values + [ids]
        return shown
    }

    /// How many articles `scope` holds (`unreadOnly` and `stillShown` as for `page`).
    public func count(_ scope: ArticleScope, unreadOnly: Bool = false, stillShown: Set<ArticleID> = []) throws -> Int {
        let kept = keptRows(in: scope).count  // never read, never starred
        return try reading { db in
            guard let filter = try condition(scope, db) else { return kept }
            let shown = Self.shown(filter, unreadOnly: unreadOnly, stillShown: stillShown)
            return try db.firstRow("SELECT count(*) FROM article a WHERE \(shown.sql)", values: shown.values) { $0.int(0) + kept } ?? kept
        }
    }

    /// The newest `limit` of `ids` (by date published, else first seen), newest first, in one
    /// query; those gone (pruned) are left out.
    public func newest(of ids: Set<ArticleID>, limit: Int) throws -> [StoredArticle] {
        let kept = ids.filter { $0.rawValue < 0 }.compactMap(keptArticle)
        let stored = ids.filter { $0.rawValue >= 0 }
        guard !stored.isEmpty else { return Array(kept.prefix(limit)) }
        let list = "[" + stored.map { String($0.rawValue) }.joined(separator: ",") + "]"
        let found = try reading { db in
            try db.rows(
                "SELECT \(ArticleRow.columns) FROM article a \(ArticleRow.joins) "
                    + "WHERE a.id IN (SELECT value FROM json_each(?)) ORDER BY a.sort_time DESC, a.id DESC LIMIT ?",
                [list, limit]
            ) { ArticleRow.decode($0) }
        }
        guard !kept.isEmpty else { return found }
        let all = found + kept
        return Array(all.sorted { ($0.article.publishedAt ?? .distantPast) > ($1.article.publishedAt ?? .distantPast) }.prefix(limit))
    }

    /// One article by its id, with the full text read from its page if there is one; nil when
    /// it is gone (pruned).
    public func article(_ id: ArticleID) throws -> StoredArticle? {
        if id.rawValue < 0 { return keptArticle(id) }
        return try reading { db in
            var stored = try db.firstRow(
                "SELECT \(ArticleRow.columns) FROM article a \(ArticleRow.joins) WHERE a.id = ?", id.rawValue
            ) { ArticleRow.decode($0) }
            stored?.article.fullText = try Self.fullText(db, of: id)
            return stored
        }
    }
}
