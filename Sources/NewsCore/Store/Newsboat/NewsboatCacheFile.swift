import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// newsboat's article cache (`cache.db`) as its tables hold it, opened read-only for
/// `--import-newsboat` (`NewsboatCache` makes the rows articles). Read as hostile: a file that
/// is not newsboat's says so, and every value comes out as found, for the normaliser to clean.
///
/// Nothing in the file decides what reading it costs: it is opened immutable (no lock, and a hot
/// journal beside it is not rolled back, which would need a write), every table read must be a
/// plain table with plain columns (not a view over an endless query, not a generated column), no
/// value longer than `maxValueBytes` is built, no statement runs past `statementBudget`, and each
/// text is cut by SQLite to what an article keeps of it before it is read.
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

        /// About how many bytes the row's texts hold.
        var textBytes: Int {
            [guid, title, author, url, content, enclosureURL, enclosureType].reduce(0) { $0 + ($1?.utf8.count ?? 0) }
        }
    }

    /// The tables read, and the columns read of each.
    static let shape: [(table: String, columns: [String])] = [
        ("rss_item", ["guid", "title", "author", "url", "feedurl", "pubDate", "content", "unread", "enclosure_url", "enclosure_type", "flags", "deleted"]),
        ("rss_feed", ["rssurl", "title"]),
    ]
    /// The longest value SQLite builds: an article's whole text at four bytes a character, twice over.
    static let maxValueBytes = 8 << 20
    /// The longest one statement may run (a real cache of a million items sorts in a second or two).
    static let statementBudget = Duration.seconds(10)

    private let db: SQLiteConnection
    private let clock = SQLiteQueryClock(budget: statementBudget)
    /// The private copy read in place of a file with a journal beside it, removed with the reader.
    private let copy: PrivateCopy?

    /// Opens `file` read-only. Throws `NotNewsboats`, or the error of a file SQLite cannot open.
    init(_ file: URL) throws {
        // SQLite's open would wait for ever on a FIFO: only a regular file is opened.
        if FileManager.default.fileExists(atPath: file.path), !StoreFile.isRegularFile(file) {
            throw NotNewsboats(reason: "it is not a regular file")
        }
        if let copy = try PrivateCopy(withJournalOf: file) {
            // newsboat stopped mid-write (or writes now): its file holds half a change, and reading
            // it as it is gives what was never committed. SQLite rolls the change back in a copy.
            self.copy = copy
            db = try SQLiteConnection(path: copy.file.path, mode: .readWrite)
        } else {
            copy = nil
            db = try SQLiteConnection(path: file.path, mode: .immutable)
        }
        db.limitValueLength(to: Self.maxValueBytes)
        db.interruptStatements(after: clock)
        try checkShape()
    }

    /// Throws `NotNewsboats` unless every table read is a plain table holding the columns read as
    /// plain columns.
    private func checkShape() throws {
        clock.restart()
        for (table, columns) in Self.shape {
            let found = try db.firstRow("SELECT type, sql FROM sqlite_schema WHERE name = ? COLLATE NOCASE", table) { row in
                (type: row.text(0) ?? "", sql: row.text(1) ?? "")
            }
            guard let found else { throw NotNewsboats(reason: "it is not newsboat's cache (it has no \(table) table)") }
            guard found.type == "table", !found.sql.uppercased().hasPrefix("CREATE VIRTUAL") else {
                throw NotNewsboats(reason: "it is not newsboat's cache (its \(table) is a \(found.type == "table" ? "virtual table" : "view"))")
            }
            // hidden: 0 for a plain column; 2 and 3 for generated ones.
            let plain = Set(
                try db.rows("SELECT name, hidden FROM pragma_table_xinfo(?)", [table]) { row in
                    row.int(1) == 0 ? row.text(0)?.lowercased() : nil
                })
            if let missing = columns.first(where: { !plain.contains($0.lowercased()) }) {
                throw NotNewsboats(reason: "it is not newsboat's cache (its \(table) table has no plain column \(missing))")
            }
        }
    }

    /// The row ids of the items newsboat kept of the feed under `url`, newest first, at most
    /// `limit`; those it deleted are left out. Only ids: a feed's items are read one by one.
    func itemIDs(ofFeed url: URL, limit: Int) throws -> [Int64] {
        clock.restart()
        return try db.rows(
            "SELECT rowid FROM rss_item WHERE feedurl = ? AND deleted = 0 ORDER BY pubDate DESC, rowid DESC LIMIT ?",
            [url.absoluteString, limit]
        ) { $0.int64(0) }
    }

    /// The item of row `id`, its texts cut to what an article keeps (a link one character longer,
    /// so that a link too long is refused, not cut into another).
    func item(_ id: Int64) throws -> Item? {
        clock.restart()
        return try db.firstRow(
            """
            SELECT substr(guid, 1, \(TextLimits.guid)), substr(title, 1, \(TextLimits.title * 4)),
                substr(author, 1, \(TextLimits.name * 4)), substr(url, 1, \(TextLimits.url + 1)), pubDate,
                substr(content, 1, \(TextLimits.body)), unread, substr(enclosure_url, 1, \(TextLimits.url + 1)),
                substr(enclosure_type, 1, 200), length(flags) > 0
            FROM rss_item WHERE rowid = ?
            """, id
        ) { row in
            Item(
                guid: row.text(0), title: row.text(1), author: row.text(2), url: row.text(3), published: row.int64(4),
                content: row.text(5), unread: row.int(6) != 0, enclosureURL: row.text(7), enclosureType: row.text(8),
                flagged: row.int(9) != 0)
        }
    }

    /// The feed's title, as newsboat kept it.
    func title(ofFeed url: URL) throws -> String? {
        clock.restart()
        return try db.firstRow("SELECT substr(title, 1, \(TextLimits.name * 4)) FROM rss_feed WHERE rssurl = ?", url.absoluteString) {
            $0.text(0)
        } ?? nil
    }
}

/// A copy of a SQLite file and its journal (or write-ahead log) in a private folder, so that
/// SQLite can roll back what the journal holds without touching the original; removed when the
/// last reference goes.
private final class PrivateCopy {
    let file: URL
    private let folder: URL

    /// nil when `original` has no journal or log beside it (it is whole as it is).
    init?(withJournalOf original: URL) throws {
        let sidecars = ["-journal", "-wal"].filter { suffix in
            var info = stat()
            return stat(original.path + suffix, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0
        }
        guard !sidecars.isEmpty else { return nil }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("headlines-newsboat-\(getpid())-\(UUID().uuidString.prefix(8))")
        file = folder.appendingPathComponent("cache.db")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        do {
            try FileManager.default.copyItem(at: original, to: file)
            for suffix in sidecars {
                try FileManager.default.copyItem(at: URL(fileURLWithPath: original.path + suffix), to: URL(fileURLWithPath: file.path + suffix))
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)  // a copy cut short is no use to anyone
            throw error
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)  // a temporary folder; the system's clean-up takes what is left
    }
}
