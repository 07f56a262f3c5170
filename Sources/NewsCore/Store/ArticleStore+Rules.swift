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

    /// `scope`'s condition with no rules in force (tests read query plans with it).
    static func filter(_ scope: ArticleScope, _ db: SQLiteConnection) throws -> FilterSQL? {
        try scopeCondition(scope, db, rules: ArticleRules(), now: Date())
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
            let test = FilterSQL(filter.expression, sources: rules.sources, now: now)
            condition.sql = inner.sql + test.sql + " AND "
            condition.values = inner.values + test.values
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
