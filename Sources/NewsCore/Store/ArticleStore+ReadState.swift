import FoundationEssentials

/// What the reader did: read, unread, starred.
extension ArticleStore {
    /// Marks articles read (or unread); returns how many changed.
    @discardableResult
    public func markRead(_ ids: some Sequence<ArticleID>, read: Bool = true) throws -> Int {
        try changeRead(Array(ids), read: read).count
    }

    /// The most ids one statement is given (as a JSON array): an undo of `A` on a large list is
    /// a few statements, not one a row (100,000 took 415 ms one by one).
    static let idsPerStatement = 20_000

    /// Marks every article of `scope` read (`A`); returns how many changed.
    @discardableResult
    public func markAllRead(in scope: ArticleScope) throws -> Int {
        try writing { db in
            guard let filter = try condition(scope, db) else { return 0 }
            return try db.run("UPDATE article AS a SET read = 1 WHERE \(filter.sql) a.read = 0", values: filter.values)
        }
    }

    /// Marks articles read (or unread); returns those it changed, in the order given (so that
    /// it can be undone).
    public func changeRead(_ ids: [ArticleID], read: Bool) throws -> [ArticleID] {
        guard !ids.isEmpty else { return [] }
        var changed = try writing { db in
            var changed = Set<Int64>()
            for start in stride(from: 0, to: ids.count, by: Self.idsPerStatement) {
                let chunk = ids[start..<min(start + Self.idsPerStatement, ids.count)]
                let list = "[" + chunk.map { String($0.rawValue) }.joined(separator: ",") + "]"
                let rows = try db.rows(
                    "UPDATE article SET read = ? WHERE id IN (SELECT value FROM json_each(?)) AND read != ? RETURNING id", [read, list, read]
                ) { $0.int64(0) }
                changed.formUnion(rows)
            }
            return changed
        }
        return ids.filter { changed.remove($0.rawValue) != nil }  // each once
    }

    /// Marks every unread article of `scope` read (`A`); returns those it changed (so that it can be undone).
    public func markAllReadListingChanges(in scope: ArticleScope) throws -> [ArticleID] {
        try writing { db in
            guard let filter = try condition(scope, db) else { return [] }
            return try db.rows(
                "UPDATE article AS a SET read = 1 WHERE \(filter.sql) a.read = 0 RETURNING id", filter.values
            ) { ArticleID($0.int64(0)) }
        }
    }

    /// Stars or unstars an article; returns whether it changed.
    @discardableResult
    public func setStarred(_ starred: Bool, for id: ArticleID) throws -> Bool {
        try writing { db in
            try db.run("UPDATE article SET starred = ? WHERE id = ? AND starred != ?", starred, id.rawValue, starred) > 0
        }
    }

    /// Notes where an article's image was saved (the saved-image index).
    public func recordSavedImage(of id: ArticleID, file: URL, at now: Date = Date()) throws {
        try recordSavedFile(in: "saved_image", of: id, file: file, at: now)
    }

    /// Where the article's image was saved, if it was.
    public func savedImage(of id: ArticleID) throws -> SavedImageRecord? {
        try savedFile(in: "saved_image", of: id)
    }

    /// Notes a file saved from an article in `table` (`saved_image`, `saved_enclosure`).
    func recordSavedFile(in table: StaticString, of id: ArticleID, file: URL, at now: Date) throws {
        try writing { db in
            try db.run(
                "INSERT INTO \(table) (article_id, path, saved_at) SELECT id, ?, ? FROM article WHERE id = ? "
                    + "ON CONFLICT (article_id) DO UPDATE SET path = excluded.path, saved_at = excluded.saved_at",
                file.standardizedFileURL.path, now, id.rawValue)
        }
    }

    /// The file `table` notes for the article; a stored path that is not an absolute path of
    /// printable characters (a hand-edited file) is no answer.
    func savedFile(in table: StaticString, of id: ArticleID) throws -> SavedImageRecord? {
        try reading { db in
            try db.firstRow("SELECT path, saved_at FROM \(table) WHERE article_id = ?", id.rawValue) { row in
                guard let path = row.text(0), path.hasPrefix("/"), Sanitizer.clean(path) == path else { return nil }
                return SavedImageRecord(file: URL(fileURLWithPath: path), savedAt: row.date(1) ?? Date(timeIntervalSince1970: 0))
            }
        }
    }
}
