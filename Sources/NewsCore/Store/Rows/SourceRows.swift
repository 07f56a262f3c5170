import FoundationEssentials

/// The `source` table: one row per source key, with its refresh record.
enum SourceRows {
    static func id(_ db: SQLiteConnection, _ key: SourceKey) throws -> Int64? {
        try db.firstRow("SELECT id FROM source WHERE key = ?", key.rawValue) { $0.int64(0) }
    }

    /// The source's row id, making the row when it is new.
    static func ensure(_ db: SQLiteConnection, _ key: SourceKey) throws -> Int64 {
        if let id = try id(db, key) { return id }
        try db.run("INSERT INTO source (key) VALUES (?)", key.rawValue)
        return db.lastInsertRowID
    }

    /// A refresh brought an edition: outcome, validators, the feed's title; any wait is over.
    static func recordUpdated(
        _ db: SQLiteConnection, _ id: Int64, title: String?, validators: HTTPValidators, now: Date
    ) throws {
        try db.run(
            """
            UPDATE source SET refreshed_at = ?1, succeeded_at = ?1, outcome = 'updated', error = NULL,
                retry_after = NULL, etag = ?2, last_modified = ?3, title = coalesce(?4, title)
            WHERE id = ?5
            """, now, clean(validators.etag), clean(validators.lastModified),
            Sanitizer.cleanOptional(title, maxLength: TextLimits.name), id)
    }

    /// A 304: only the time (and new validators, when the server sent any).
    static func recordNotModified(_ db: SQLiteConnection, _ id: Int64, validators: HTTPValidators?, now: Date) throws {
        try db.run(
            """
            UPDATE source SET refreshed_at = ?1, succeeded_at = ?1, outcome = 'not-modified', error = NULL,
                retry_after = NULL, etag = coalesce(?2, etag), last_modified = coalesce(?3, last_modified)
            WHERE id = ?4
            """, now, clean(validators?.etag), clean(validators?.lastModified), id)
    }

    /// Where the edition came from: a page's feed is remembered (and when the page named it);
    /// a location that is its own document forgets any feed it once led to.
    static func recordRoute(_ db: SQLiteConnection, _ id: Int64, _ route: FeedRoute, now: Date) throws {
        switch route {
        case .remembered:
            return
        case .direct:
            try db.run("UPDATE source SET feed_url = NULL, feed_found_at = NULL WHERE id = ?", id)
        case .foundOnPage(let feed):
            guard feed.absoluteString.utf8.count <= TextLimits.url else { return }
            try db.run("UPDATE source SET feed_url = ?, feed_found_at = ? WHERE id = ?", feed.absoluteString, now, id)
        }
    }

    static func recordFailure(_ db: SQLiteConnection, _ id: Int64, message: String, retryAfter: Date?, now: Date) throws {
        try db.run(
            """
            UPDATE source SET refreshed_at = ?, outcome = 'failed', error = ?, retry_after = ? WHERE id = ?
            """, now, Sanitizer.clean(message, maxLength: TextLimits.description), retryAfter, id)
    }

    /// The columns `refreshState` reads, from `source s`.
    static let refreshColumns = "s.refreshed_at, s.outcome, s.error, s.succeeded_at, s.etag, s.last_modified, s.retry_after, s.feed_url, s.feed_found_at"

    /// The refresh record from `refreshColumns`, starting at `column`.
    static func refreshState(_ row: SQLiteRow, from column: Int32) -> SourceRefreshState {
        let outcome: RefreshOutcome?
        switch row.text(column + 1) {
        case "updated": outcome = .updated
        case "not-modified": outcome = .notModified
        case "failed": outcome = .failed(Sanitizer.clean(row.text(column + 2) ?? "", maxLength: TextLimits.description))
        default: outcome = nil
        }
        return SourceRefreshState(
            lastAttempt: row.date(column),
            outcome: outcome,
            lastSuccess: row.date(column + 3),
            validators: HTTPValidators(etag: clean(row.text(column + 4)), lastModified: clean(row.text(column + 5))),
            retryAfter: row.date(column + 6),
            feed: discoveredFeed(row, from: column + 7)
        )
    }

    /// `feed_url, feed_found_at` from `column`: a remembered feed, if it still reads as an http(s) URL.
    static func discoveredFeed(_ row: SQLiteRow, from column: Int32) -> DiscoveredFeed? {
        guard let text = row.text(column), let url = URL(string: text),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil,
            let foundAt = row.date(column + 1)
        else { return nil }
        return DiscoveredFeed(url: url, foundAt: foundAt)
    }

    /// Validators are sent back to the server: clean, and dropped rather than cut when too long.
    private static func clean(_ validator: String?) -> String? {
        guard let text = Sanitizer.cleanOptional(validator), text.count <= HTTPValidators.maxLength else { return nil }
        return text
    }
}
