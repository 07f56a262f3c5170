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

    /// Reads the items of the feeds in `feeds` (by the URL newsboat kept) from `file`, one feed at
    /// a time (`each` is handed it and may store it before the next is read).
    public static func read(_ file: URL, feeds: [URL], each: (Feed) throws -> Void) throws(NewsboatImportError) {
        let display = file.path
        let db: NewsboatCacheFile
        do {
            db = try NewsboatCacheFile(file)
        } catch let error as NewsboatCacheFile.NotNewsboats {
            throw .unreadable(path: display, reason: error.reason)
        } catch {
            throw .unreadable(path: display, reason: Sanitizer.clean("\(error)"))
        }
        for url in feeds {
            do {
                try each(try feed(url, db))
            } catch let error as NewsboatImportError {
                throw error
            } catch {
                throw .unreadable(path: display, reason: Sanitizer.clean((error as? any ReadableError)?.message ?? "\(error)"))
            }
        }
    }

    /// One feed's items, newest first, as articles.
    private static func feed(_ url: URL, _ db: NewsboatCacheFile) throws -> Feed {
        var raw = RawFeed()
        var marks: [(unread: Bool, flagged: Bool)] = []
        for row in try db.items(ofFeed: url, limit: maxItems) {
            raw.items.append(item(row))
            marks.append((row.unread, row.flagged))
        }
        raw.title = try db.title(ofFeed: url).map { RawText(text: $0, isHTML: false) }
        // Built item by item, to keep each one's marks beside its article (the builder skips none of
        // these but repeats, and the first of a repeat is the one kept, as here).
        let builder = ItemNormaliser(feed: raw, feedURL: url)
        var articles: [Article] = []
        var read = Set<String>(), flagged = Set<String>(), seen = Set<String>()
        for (index, item) in raw.items.enumerated() {
            guard let article = builder.article(from: item), seen.insert(article.identity).inserted else { continue }
            if !marks[index].unread { read.insert(article.identity) }
            if marks[index].flagged { flagged.insert(article.identity) }
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
