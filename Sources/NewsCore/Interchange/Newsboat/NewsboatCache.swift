import CSQLite
import FoundationEssentials

/// newsboat's article cache (`cache.db`), read for `--import-newsboat`: each feed's items, made
/// articles by the one builder every feed's items go through (`ItemNormaliser`: sanitised,
/// capped, links checked), with which of them newsboat had read and which it had flagged. The
/// file is opened read-only and read as hostile: a file that is not newsboat's says so.
public struct NewsboatCache: Sendable {
    /// One feed's articles and newsboat's marks on them, by the articles' identities.
    public struct Feed: Sendable {
        public var url: URL
        public var edition: Edition
        public var read: Set<String>
        public var flagged: Set<String>
    }

    /// The most items read from one feed (as from one feed document).
    static let maxItems = RawFeed.maximumItems

    /// `~/.newsboat/cache.db` when it exists, else `$XDG_DATA_HOME/newsboat/cache.db`
    /// (`~/.local/share` when unset), as newsboat looks; nil when neither exists.
    public static func defaultFile(environment: [String: String]) -> URL? {
        existing(
            in: environment, dotFolder: ".newsboat/cache.db",
            xdg: ("XDG_DATA_HOME", ".local/share", "newsboat/cache.db"))
    }

    /// `~/.newsboat/config`, else `$XDG_CONFIG_HOME/newsboat/config`; nil when neither exists.
    public static func defaultConfig(environment: [String: String]) -> URL? {
        existing(in: environment, dotFolder: ".newsboat/config", xdg: ("XDG_CONFIG_HOME", ".config", "newsboat/config"))
    }

    private static func existing(in environment: [String: String], dotFolder: String, xdg: (String, String, String)) -> URL? {
        var candidates: [URL] = []
        let home = ConfigPaths.home(environment).map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let home { candidates.append(home.appendingPathComponent(dotFolder)) }
        if let base = environment[xdg.0], base.hasPrefix("/") {
            candidates.append(URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent(xdg.2))
        } else if let home {
            candidates.append(home.appendingPathComponent(xdg.1).appendingPathComponent(xdg.2))
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The most items of one batch, and about the most bytes of text: what is held at once.
    static let batchItems = 1_000
    static let batchBytes = 8 << 20

    /// newsboat's cache, opened and checked (before the import writes anything), to be read once.
    public struct Reader {
        let file: URL
        let db: NewsboatCacheFile
    }

    /// Opens `file` as newsboat's cache, or throws why it is not one.
    public static func open(_ file: URL) throws(NewsboatImportError) -> Reader {
        do { return Reader(file: file, db: try NewsboatCacheFile(file)) } catch { throw unreadable(file, error) }
    }

    /// Reads the items of the feeds in `feeds` (by the URL newsboat kept) from `reader`, a feed at
    /// a time and each feed in batches of at most `batchItems` items and about `batchBytes` bytes
    /// of text, newest first: `each` is handed a batch and stores it before the next is read, so
    /// memory holds one batch whatever the cache holds. A feed's repeats are skipped across its
    /// batches. Reading errors are `NewsboatImportError`; what `each` throws comes out as it is.
    public static func read(_ reader: Reader, feeds: [URL], each: (Feed) async throws -> Void) async throws {
        let file = reader.file, db = reader.db
        for url in feeds {
            let ids: [Int64]
            let title: String?
            do {
                ids = try db.itemIDs(ofFeed: url, limit: maxItems)
                title = try db.title(ofFeed: url)
            } catch {
                throw unreadable(file, error)
            }
            var seen = Set<String>()
            var next = ids[...]
            while !next.isEmpty {
                var rows: [NewsboatCacheFile.Item] = []
                var bytes = 0
                do {
                    while let id = next.first, rows.count < batchItems, bytes < batchBytes {
                        next = next.dropFirst()
                        guard let row = try db.item(id) else { continue }  // not there any more: nothing to bring
                        bytes += row.textBytes
                        rows.append(row)
                    }
                } catch {
                    throw unreadable(file, error)
                }
                try await each(batch(rows, of: url, title: title, seen: &seen))
            }
        }
    }

    /// Why `file` could not be read, in one sentence's words.
    private static func unreadable(_ file: URL, _ error: any Error) -> NewsboatImportError {
        let display = file.path
        if let error = error as? NewsboatCacheFile.NotNewsboats { return .unreadable(path: display, reason: error.reason) }
        if let error = error as? SQLiteError, error.code == SQLITE_INTERRUPT {
            return .unreadable(path: display, reason: "one query over it ran past \(NewsboatCacheFile.statementBudget.components.seconds) seconds")
        }
        if let error = error as? SQLiteError, error.code == SQLITE_TOOBIG {
            return .unreadable(path: display, reason: "it holds a value longer than \(ByteCount.describe(NewsboatCacheFile.maxValueBytes))")
        }
        return .unreadable(path: display, reason: Sanitizer.clean((error as? any ReadableError)?.message ?? "\(error)"))
    }

    /// A batch of one feed's rows, newest first, as articles; `seen`: the identities of the feed's
    /// earlier batches (the first of a repeat is the one kept).
    private static func batch(_ rows: [NewsboatCacheFile.Item], of url: URL, title: String?, seen: inout Set<String>) -> Feed {
        var raw = RawFeed()
        raw.title = title.map { RawText(text: $0, isHTML: false) }
        raw.items = rows.map(item)
        // Built item by item, to keep each one's marks beside its article.
        let builder = ItemNormaliser(feed: raw, feedURL: url)
        var articles: [Article] = []
        var read = Set<String>(), flagged = Set<String>()
        for (index, item) in raw.items.enumerated() {
            guard let article = builder.article(from: item), seen.insert(article.identity).inserted else { continue }
            if !rows[index].unread { read.insert(article.identity) }
            if rows[index].flagged { flagged.insert(article.identity) }
            articles.append(article)
        }
        return Feed(url: url, edition: Edition(articles: articles, title: builder.feedTitle), read: read, flagged: flagged)
    }

    /// An item as newsboat stored it. newsboat writes a GUID of the link and the date for an item
    /// that has none: that is no GUID (the feed read here gives the item none either).
    private static func item(_ row: NewsboatCacheFile.Item) -> RawItem {
        var item = RawItem()
        let link = row.url ?? ""
        if let guid = row.guid, !guid.isEmpty, !(guid.hasPrefix(link) && guid.count > link.count && !link.isEmpty) {
            item.guid = guid
        }
        if let title = row.title { item.offerTitle(RawText(text: title, isHTML: true), rank: 0) }
        if let author = row.author, !author.isEmpty { item.offerAuthor(author, rank: 0) }
        if !link.isEmpty { item.offerLink(RawLink(text: link, base: nil), rank: 0) }
        if row.published > 0 { item.offerDate(Date(timeIntervalSince1970: TimeInterval(row.published)), rank: 0) }
        if let content = row.content, !content.isEmpty { item.content = RawText(text: content, isHTML: true) }
        if let enclosure = row.enclosureURL, !enclosure.isEmpty {
            item.offerEnclosure(RawEnclosure(link: RawLink(text: enclosure, base: nil), type: row.enclosureType), rank: 0)
        }
        return item
    }
}
