import FoundationEssentials

/// Where articles' enclosures were downloaded, so that a second `e` finds the file, after a restart too.
extension ArticleStore {
    public func recordSavedEnclosure(of id: ArticleID, file: URL, at now: Date = Date()) throws {
        try recordSavedFile(in: "saved_enclosure", of: id, file: file, at: now)
    }

    /// Where the article's enclosure was downloaded, if it was.
    public func savedEnclosure(of id: ArticleID) throws -> SavedImageRecord? {
        try savedFile(in: "saved_enclosure", of: id)
    }

    /// The article's downloaded enclosure was played (`P`): the lists mark it so.
    public func recordPlayed(_ id: ArticleID, at now: Date = Date()) throws {
        try writing { db in try db.run("UPDATE saved_enclosure SET played_at = ? WHERE article_id = ?", now, id.rawValue) }
    }

    /// The enclosures downloaded before, newest first (the downloads screen lists them): title, file, played.
    public func downloadedEnclosures(limit: Int = 200) throws -> [(id: ArticleID, title: String, file: URL, played: Bool)] {
        try reading { db in
            try db.rows(
                "SELECT a.id, a.title, e.path, e.played_at IS NOT NULL FROM saved_enclosure e JOIN article a ON a.id = e.article_id "
                    + "ORDER BY e.saved_at DESC LIMIT ?", [limit]
            ) { row in
                guard let path = row.text(2), path.hasPrefix("/"), Sanitizer.clean(path) == path else { return nil }
                return (ArticleID(row.int64(0)), Sanitizer.clean(row.text(1) ?? "", maxLength: TextLimits.title), URL(fileURLWithPath: path), row.bool(3))
            }
        }
    }
}
