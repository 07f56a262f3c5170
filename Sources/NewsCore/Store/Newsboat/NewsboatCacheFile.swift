import FoundationEssentials

/// newsboat's article cache (`cache.db`) as its tables hold it, opened read-only for
/// `--import-newsboat` (`NewsboatCache` makes the rows articles). Read as hostile: a file that
/// is not newsboat's says so, and every value comes out as found, for the normaliser to clean.
struct NewsboatCacheFile {
    /// Why the file is not newsboat's cache, in the import's words.
    struct NotNewsboats: Error {
        let reason: String
    }

    /// One `rss_item` row, as newsboat stored it.
    struct Item {
        var guid: String?
        var title: String?
        var author: String?
        var url: String?
        /// Unix time; 0 when newsboat had none.
        var published: Int64
        var content: String?
        var unread: Bool
        var enclosureURL: String?
        var enclosureType: String?
        var flagged: Bool
    }

    private let db: SQLiteConnection

    /// Opens `file` read-only. Throws `NotNewsboats`, or the error of a file SQLite cannot open.
    init(_ file: URL) throws {
        // SQLite's open would wait for ever on a FIFO: only a regular file is opened.
        if FileManager.default.fileExists(atPath: file.path), !StoreFile.isRegularFile(file) {
            throw NotNewsboats(reason: "it is not a regular file")
        }
        db = try SQLiteConnection(path: file.path, mode: .readOnly)
        guard try db.integer("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'rss_item'") == 1 else {
            throw NotNewsboats(reason: "it is not newsboat's cache (it has no rss_item table)")
        }
    }

    /// The items of the feed newsboat kept under `url`, newest first, at most `limit`; those it
    /// deleted are left out.
    func items(ofFeed url: URL, limit: Int) throws -> [Item] {
        try db.rows(
            """
            SELECT guid, title, author, url, pubDate, content, unread, enclosure_url, enclosure_type, flags
            FROM rss_item WHERE feedurl = ? AND deleted = 0 ORDER BY pubDate DESC LIMIT ?
            """, [url.absoluteString, limit]
        ) { row in
            Item(
                guid: row.text(0), title: row.text(1), author: row.text(2), url: row.text(3), published: row.int64(4),
                content: row.text(5), unread: row.int(6) != 0, enclosureURL: row.text(7), enclosureType: row.text(8),
                flagged: !(row.text(9) ?? "").isEmpty)
        }
    }

    /// The feed's title, as newsboat kept it.
    func title(ofFeed url: URL) throws -> String? {
        try db.firstRow("SELECT title FROM rss_feed WHERE rssurl = ?", url.absoluteString) { $0.text(0) } ?? nil
    }
}
