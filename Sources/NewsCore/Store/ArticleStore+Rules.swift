import FoundationEssentials

/// The reader's rules over what the cache shows (`ArticleRules`): kill rules and `max-items`
/// hide articles from every list, count and search without deleting them.
extension ArticleStore {
    /// Takes the config's rules; lists read after this follow them.
    public func setRules(_ rules: ArticleRules) throws {
        self.rules = rules
        try reading { db in try Self.markOverLimit(db, rules, source: nil) }
    }

    /// Counts `age` from `clock()` rather than the time now (tests).
    func setClock(_ clock: @escaping @Sendable () -> Date) { self.clock = clock }

    /// The condition (ending in AND) that leaves out what the rules hide; empty when they hide nothing.
    func visibleCondition() -> FilterSQL {
        var condition = FilterSQL()
        guard rules.hidesArticles else { return condition }
        let now = clock()
        if let ignore = rules.ignore {
            let hidden = FilterSQL(ignore.expression, sources: rules.sources, now: now)
            condition.sql += "NOT \(hidden.sql) AND "
            condition.values += hidden.values
        }
        for (key, ignore) in rules.sourceIgnores.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let hidden = FilterSQL(ignore.expression, sources: rules.sources, now: now)
            condition.sql += "NOT (a.source_id = (SELECT id FROM source WHERE key = ?) AND \(hidden.sql)) AND "
            condition.values += [key.rawValue] + hidden.values
        }
        if rules.hasItemLimits {
            condition.sql += "(a.starred = 1 OR a.id NOT IN (SELECT article_id FROM temp.over_limit)) AND "
        }
        return condition
    }

    /// The condition (ending in AND) that selects `scope`'s visible rows of `article a`; nil
    /// for a source the store does not know (an empty list).
    func condition(_ scope: ArticleScope, _ db: SQLiteConnection) throws -> FilterSQL? {
        guard var condition = try Self.scopeCondition(scope, db, rules: rules, now: clock()) else { return nil }
        let visible = visibleCondition()
        condition.sql += visible.sql
        condition.values += visible.values
        return condition
    }

    /// `scope`'s condition under `rules`, hiding nothing (tests read query plans with it).
    static func filter(_ scope: ArticleScope, _ db: SQLiteConnection, rules: ArticleRules = ArticleRules()) throws -> FilterSQL? {
        try scopeCondition(scope, db, rules: rules, now: Date())
    }

    private static func scopeCondition(_ scope: ArticleScope, _ db: SQLiteConnection, rules: ArticleRules, now: Date) throws -> FilterSQL? {
        var condition = FilterSQL()
        switch scope {
        case .all:
            break
        case .starred:
            condition.sql = "a.starred = 1 AND "
        case .source(let key):
            guard let id = try SourceRows.id(db, key) else { return nil }
            condition.sql = "a.source_id = ? AND "
            condition.values = [id]
        case .sources(let keys):
            let ids = try keys.compactMap { try SourceRows.id(db, $0) }
            guard !ids.isEmpty else { return nil }
            condition.sql = "a.source_id IN (" + ids.map { _ in "?" }.joined(separator: ",") + ") AND "
            condition.values = ids
        case .filtered(let base, let filter):
            guard let inner = try scopeCondition(base, db, rules: rules, now: now) else { return nil }
            return try filteredCondition(base, inner: inner, filter, db, rules: rules, now: now)
        }
        return condition
    }

    /// `filter` over `base`'s articles, its source conditions decided in Swift for each of the
    /// base's sources: the sources are grouped by what the filter leaves to test on their
    /// articles, and each group is written as its ids bound beside that rest. Testing the
    /// sources in SQL (`tag = "linux" and unread` over every source) made SQLite walk every
    /// source's unread articles and test each one's source: 21 ms to count at 100,000
    /// articles, against 4 ms for the tagged sources' unread articles, which this writes.
    private static func filteredCondition(
        _ base: ArticleScope, inner: FilterSQL, _ filter: ArticleFilter, _ db: SQLiteConnection, rules: ArticleRules, now: Date
    ) throws -> FilterSQL {
        // The base's sources, and whether its condition says no more than that (so the groups can replace it).
        let sources: [(id: Int64, key: SourceKey)]
        let onlySources: Bool
        switch base {
        case .source(let key):
            sources = try SourceRows.id(db, key).map { [($0, key)] } ?? []
            onlySources = true
        case .sources(let keys):
            sources = try Set(keys).compactMap { key in try SourceRows.id(db, key).map { ($0, key) } }
            onlySources = true
        case .all, .starred, .filtered:
            sources = try db.rows("SELECT id, key FROM source", []) { ($0.int64(0), SourceKey($0.text(1) ?? "")) }
            onlySources = base == .all
        }
        var groups: [SourceVerdict: [Int64]] = [:]
        for source in sources { groups[filter.expression.verdict(for: rules.sources[source.key]), default: []].append(source.id) }
        groups[.nothing] = nil
        var condition = onlySources ? FilterSQL() : inner
        if groups.count == 1, let single = groups.first, single.value.count == sources.count {
            // The same test for every source the base draws from: no source to name.
            condition = inner
            if case .only(let rest) = single.key { condition.append(FilterSQL(rest, sources: rules.sources, now: now)) }
            return condition
        }
        // In a stable order, so that the statement's text (and so its prepared copy) is the same each time.
        let parts = groups.map { (verdict: $0.key, ids: $0.value.sorted()) }.sorted { $0.ids[0] < $1.ids[0] }.map { group in
            var part = FilterSQL()
            part.sql =
                group.ids.count == 1
                ? "a.source_id = ?" : "a.source_id IN (" + group.ids.map { _ in "?" }.joined(separator: ",") + ")"
            part.values = group.ids
            if case .only(let rest) = group.verdict {
                let test = FilterSQL(rest, sources: rules.sources, now: now)
                part.sql += " AND " + test.sql
                part.values += test.values
            }
            return part
        }
        if parts.isEmpty {
            condition.sql += "0 AND "
        } else {
            condition.sql += "(" + parts.map { "(\($0.sql))" }.joined(separator: " OR ") + ") AND "
            condition.values += parts.flatMap(\.values)
        }
        return condition
    }

    /// Notes in `temp.over_limit` the articles beyond each source's `max-items` newest (of
    /// `source`'s alone, or of every source): a table of the connection's own, so that a read-only
    /// cache hides them too, rewritten after each merge.
    static func markOverLimit(_ db: SQLiteConnection, _ rules: ArticleRules, source: Int64?) throws {
        try db.execute("CREATE TEMP TABLE IF NOT EXISTS over_limit (article_id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL)")
        if let source {
            try db.run("DELETE FROM temp.over_limit WHERE source_id = ?", source)
        } else {
            try db.run("DELETE FROM temp.over_limit")
        }
        guard rules.hasItemLimits else { return }
        let sources = try db.rows("SELECT id, key FROM source" + (source == nil ? "" : " WHERE id = ?"), source.map { [$0] } ?? []) {
            (id: $0.int64(0), key: SourceKey($0.text(1) ?? ""))
        }
        for entry in sources {
            guard let limit = rules.sourceMaxItems[entry.key] ?? rules.maxItems else { continue }
            try db.run(
                """
                INSERT INTO temp.over_limit (article_id, source_id) SELECT id, source_id FROM article
                WHERE source_id = ? ORDER BY sort_time DESC, id DESC LIMIT -1 OFFSET ?
                """, entry.id, limit)
        }
    }
}
