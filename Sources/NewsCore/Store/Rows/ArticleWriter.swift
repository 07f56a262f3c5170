import FoundationEssentials

/// The one writer of the `article` table, for refreshes (`EditionMerger`) and syncs
/// (`ServerRows.store`) alike: every row written from `ArticleFields` (cleaned again, hashed),
/// its text in `article_body`, sorted by its published date else the time it was first seen. The
/// schema's triggers note it for the search index. Which stored row an item is (its identity
/// rules) is the caller's to decide.
struct ArticleWriter {
    let db: SQLiteConnection

    /// A new row of source `sourceID` under `identity`, with the marks it arrives with (a
    /// server's; a feed's items come unread and unstarred). Returns its id.
    func insert(
        _ fields: ArticleFields, sourceID: Int64, identity: String, firstSeen: Date, read: Bool = false, starred: Bool = false
    ) throws -> Int64 {
        let firstSeen = firstSeen.timeIntervalSince1970
        try db.run(
            Self.insertSQL,
            values: [sourceID, identity, fields.sortTime(firstSeen: firstSeen), firstSeen, read, starred] + fields.values)
        let id = db.lastInsertRowID
        try db.run(Self.textSQL, values: [id] + fields.textValues)
        return id
    }

    /// Writes changed fields over row `id`, keeping its marks and the time it was first seen;
    /// `identity`, when given, becomes the row's (an item with a GUID taking over the row stored
    /// under its URL).
    func update(_ id: Int64, with fields: ArticleFields, identity: String? = nil) throws {
        // The right-hand sides see the row as it was: the new date is bound a second time.
        if let identity {
            try db.run(Self.updateWithIdentitySQL, values: fields.values + [identity, fields.article.publishedAt, id])
        } else {
            try db.run(Self.updateSQL, values: fields.values + [fields.article.publishedAt, id])
        }
        try db.run(Self.textSQL, values: [id] + fields.textValues)
    }

    private static let insertSQL =
        "INSERT INTO article (source_id, identity, sort_time, first_seen, read, starred, \(ArticleFields.columns)) "
        + "VALUES (?, ?, ?, ?, ?, ?, \(ArticleFields.placeholders))"

    /// The article's text, new or replacing what it was.
    private static let textSQL = """
        INSERT INTO article_body (article_id, summary, content, body_kind, body) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (article_id) DO UPDATE SET
            summary = excluded.summary, content = excluded.content, body_kind = excluded.body_kind, body = excluded.body
        """

    private static let updateSQL = "UPDATE article SET \(ArticleFields.assignments), sort_time = coalesce(?, first_seen) WHERE id = ?"

    private static let updateWithIdentitySQL =
        "UPDATE article SET \(ArticleFields.assignments), identity = ?, sort_time = coalesce(?, first_seen) WHERE id = ?"
}
