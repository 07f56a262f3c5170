import FoundationEssentials

/// A mark a server refused (see `Schema.version10`), as `--refused-marks` lists it.
public struct RefusedMark: Sendable, Equatable {
    public var server: String
    public var mark: MarkChange
    /// The article's title, when the cache still holds it.
    public var title: String?
    /// The server's refusal, as its sentence said it.
    public var reason: String
}

/// Marks a server refused, set aside from the outbox so that the next sync sends the others
/// and fetches what is new instead of sending the refused one for ever; kept until a person
/// retries or drops them.
extension ArticleStore {
    /// Sets `marks` aside with `reason`; a mark changed again meanwhile (another value) stays to be sent.
    public func setMarksAside(_ marks: [MarkChange], server: String, reason: String) throws {
        let reason = Sanitizer.clean(reason, maxLength: TextLimits.description)
        try writing { db in
            guard let serverID = try ServerRows.id(db, server) else { return }
            for mark in marks {
                try db.run(
                    "UPDATE mark_outbox SET refused = ? WHERE server_id = ? AND remote_id = ? AND field = ? AND value = ?",
                    reason, serverID, mark.article.rawValue, mark.field.rawValue, mark.value)
            }
        }
    }

    /// Every mark set aside, by server and article.
    public func refusedMarks() throws -> [RefusedMark] {
        try reading { db in
            try db.rows(
                """
                SELECT v.name, o.remote_id, o.field, o.value, a.title, o.refused FROM mark_outbox o
                JOIN server v ON v.id = o.server_id
                LEFT JOIN server_article r ON r.server_id = o.server_id AND r.remote_id = o.remote_id
                LEFT JOIN article a ON a.id = r.article_id
                WHERE o.refused IS NOT NULL ORDER BY v.name, o.remote_id, o.field
                """, []
            ) { row in
                RefusedMark(
                    server: row.text(0) ?? "",
                    mark: MarkChange(article: RemoteArticleID(row.int64(1)), field: row.text(2) == "starred" ? .starred : .read, value: row.bool(3)),
                    title: Sanitizer.cleanOptional(row.text(4), maxLength: TextLimits.title), reason: row.text(5) ?? "")
            }
        }
    }

    /// Puts the marks set aside back in the outbox, to be sent by the next sync; how many.
    @discardableResult
    public func retryRefusedMarks() throws -> Int {
        try writing { db in try db.run("UPDATE mark_outbox SET refused = NULL WHERE refused IS NOT NULL") }
    }

    /// Forgets the marks set aside (the article keeps its mark here; the server keeps its own); how many.
    @discardableResult
    public func dropRefusedMarks() throws -> Int {
        try writing { db in try db.run("DELETE FROM mark_outbox WHERE refused IS NOT NULL") }
    }
}
