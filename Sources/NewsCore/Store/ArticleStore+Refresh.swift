import FoundationEssentials

/// Refreshes: merging an edition, and recording how each refresh ended.
extension ArticleStore {
    /// Merges a fetched edition into `source` in one transaction: new articles added, changed
    /// ones updated (read and starred kept), nothing duplicated (see `EditionMerger` for the
    /// rules), and the refresh recorded as updated with the response's validators and the way
    /// the edition was reached (`route`: a web page's feed is remembered). `wait`: see `LockWait`.
    @discardableResult
    public func merge(
        _ edition: Edition, into source: SourceKey, validators: HTTPValidators = HTTPValidators(),
        route: FeedRoute = .direct, at now: Date = Date(), wait: LockWait = .busyTimeout
    ) throws -> MergeResult {
        let probe = mergeProbe
        let result = try writing(wait: wait) { db in
            let sourceID = try SourceRows.ensure(db, source)
            let result = try EditionMerger(db: db, sourceID: sourceID, now: now, probe: probe).merge(edition.articles)
            try SourceRows.recordUpdated(db, sourceID, title: edition.title, validators: validators, now: now)
            try SourceRows.recordRoute(db, sourceID, route, now: now)
            if rules.hasItemLimits { try Self.markOverLimit(db, rules, source: sourceID) }
            return result
        }
        // A kept edition of the source is this one, or older than it.
        kept[source] = nil
        return result
    }

    /// A 304 Not Modified: only the refresh time is written (and new validators, if the
    /// server sent any with it, and a feed a page named again).
    public func recordNotModified(
        _ source: SourceKey, validators: HTTPValidators? = nil, route: FeedRoute? = nil, at now: Date = Date(),
        wait: LockWait = .busyTimeout
    ) throws {
        try writing(wait: wait) { db in
            let sourceID = try SourceRows.ensure(db, source)
            try SourceRows.recordNotModified(db, sourceID, validators: validators, now: now)
            if let route { try SourceRows.recordRoute(db, sourceID, route, now: now) }
        }
    }

    /// A failed refresh: its sentence, and the time before which the server asked not to be
    /// asked again (`Retry-After` on a 429 or 503). Articles and validators are kept.
    public func recordFailure(
        _ source: SourceKey, message: String, retryAfter: Date? = nil, at now: Date = Date(), wait: LockWait = .busyTimeout
    ) throws {
        try writing(wait: wait) { db in
            try SourceRows.recordFailure(db, try SourceRows.ensure(db, source), message: message, retryAfter: retryAfter, now: now)
        }
    }

    /// What the store knows of the source's refreshes (validators for a conditional request,
    /// Retry-After); nil for a source it has never heard of.
    public func refreshState(of source: SourceKey) throws -> SourceRefreshState? {
        try reading { db in
            try db.firstRow("SELECT \(SourceRows.refreshColumns) FROM source s WHERE s.key = ?", source.rawValue) {
                SourceRows.refreshState($0, from: 0)
            }
        }
    }

    /// The feeds web pages named, by the key of the source whose page it was (for OPML's `xmlUrl`).
    public func discoveredFeeds() throws -> [SourceKey: URL] {
        try reading { db in
            let rows = try db.rows("SELECT key, feed_url, feed_found_at FROM source WHERE feed_url IS NOT NULL", []) { row in
                SourceRows.discoveredFeed(row, from: 1).map { (SourceKey(row.text(0) ?? ""), $0.url) }
            }
            return Dictionary(rows, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Every source the store knows, by key, with its counts and refresh record.
    public func sources() throws -> [SourceSummary] {
        try reading { db in
            try db.readTransaction {
                // The counts the triggers keep (`source_count`); only what ignore rules leave is counted.
                var all: [Int64: Int] = [:]
                var unread: [Int64: Int] = [:]
                let counted = try db.rows("SELECT source_id, total, unread FROM source_count", []) { ($0.int64(0), $0.int(1), $0.int(2)) }
                for (id, total, unreadCount) in counted {
                    all[id] = total
                    unread[id] = unreadCount
                }
                let visible = visibleCondition()
                var totals = all
                if !visible.sql.isEmpty {
                    totals = Dictionary(
                        uniqueKeysWithValues: try db.rows(
                            "SELECT a.source_id, count(*) FROM article a WHERE \(visible.sql) 1 GROUP BY a.source_id", visible.values
                        ) { ($0.int64(0), $0.int(1)) })
                    unread = Dictionary(
                        uniqueKeysWithValues: try db.rows(
                            "SELECT a.source_id, count(*) FROM article a WHERE \(visible.sql) a.read = 0 GROUP BY a.source_id", visible.values
                        ) { ($0.int64(0), $0.int(1)) })
                }
                return addingKept(
                    to: try db.rows("SELECT s.id, s.key, s.title, \(SourceRows.refreshColumns) FROM source s ORDER BY s.key", []) { row in
                        let id = row.int64(0)
                        return SourceSummary(
                            key: SourceKey(row.text(1) ?? ""),
                            title: Sanitizer.cleanOptional(row.text(2), maxLength: TextLimits.name),
                            articleCount: totals[id] ?? 0,
                            unreadCount: unread[id] ?? 0,
                            refresh: SourceRows.refreshState(row, from: 3),
                            hiddenCount: (all[id] ?? 0) - (totals[id] ?? 0)
                        )
                    })
            }
        }
    }
}
