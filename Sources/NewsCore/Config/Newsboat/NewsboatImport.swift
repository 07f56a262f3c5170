import FoundationEssentials

/// What `headlines --import-newsboat [FILE]` did.
public struct NewsboatImportResult: Sendable, Equatable {
    public let added: Int
    /// Feeds whose URL the config (or an earlier line) already had.
    public let duplicates: Int
    /// Lines that give no feed Headlines can read, each with its reason.
    public let skipped: [NewsboatURLs.Skipped]
    /// The urls file and the config file, as a person would write them.
    public let urlsFile: String
    public let configFile: String
    /// Query feeds translated and added.
    public var queries = 0

    init(added: Int, duplicates: Int, skipped: [NewsboatURLs.Skipped], urlsFile: String, configFile: String, queries: Int = 0) {
        self.added = added
        self.duplicates = duplicates
        self.skipped = skipped
        self.urlsFile = urlsFile
        self.configFile = configFile
        self.queries = queries
    }

    /// "Added 12 feeds from ~/.newsboat/urls to ~/.config/headlines/config; 1 already there.",
    /// then a line per skipped entry with its reason.
    public var lines: [String] {
        var first = "Added \(added) \(added == 1 ? "feed" : "feeds") from \(urlsFile) to \(configFile)"
        if queries > 0 { first += ", and \(queries) query \(queries == 1 ? "feed" : "feeds")" }
        if duplicates > 0 { first += "; \(duplicates) already there" }
        var lines = [first + "."]
        for skip in skipped {
            lines.append("Skipped \(urlsFile):\(skip.line) \(skip.entry): \(skip.reason).")
        }
        return lines
    }
}

/// Why newsboat's urls file could not be imported.
public enum NewsboatImportError: Error, Sendable, Equatable {
    /// No file given, and none at `~/.newsboat/urls` or `$XDG_CONFIG_HOME/newsboat/urls`.
    case notFound(tried: [String])
    case unreadable(path: String, reason: String)
    case config(ConfigAppendError)

    public var message: String {
        switch self {
        case .notFound(let tried): return "There is no newsboat urls file at \(tried.joined(separator: " or ")); name one: --import-newsboat FILE."
        case .unreadable(let path, let reason): return "Could not read \(path): \(reason)."
        case .config(let error): return error.message
        }
    }
}

/// Adds the feeds of newsboat's `urls` file to the config file: its URLs, `"~Name"` titles, the
/// first tag as the group and every tag in `tags =` (newsboat's `-e` OPML export drops tags).
public enum NewsboatImport {
    /// The largest urls file read.
    static let maxSize = 4 * 1024 * 1024

    /// `~/.newsboat/urls` when it exists, else `$XDG_CONFIG_HOME/newsboat/urls` (`~/.config`
    /// when unset), as newsboat itself looks; throws when neither exists.
    public static func defaultFile(environment: [String: String]) throws(NewsboatImportError) -> URL {
        var candidates: [URL] = []
        let home = ConfigPaths.home(environment).map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let home { candidates.append(home.appendingPathComponent(".newsboat/urls")) }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            candidates.append(URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("newsboat/urls"))
        } else if let home {
            candidates.append(home.appendingPathComponent(".config/newsboat/urls"))
        }
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) { return found }
        throw .notFound(tried: candidates.map { ConfigPaths.display($0.path, environment: environment) })
    }

    public static func run(
        urls urlsURL: URL, config configURL: URL, environment: [String: String], knownActions: Set<String>
    ) throws(NewsboatImportError) -> NewsboatImportResult {
        let urlsName = ConfigPaths.display(urlsURL.path, environment: environment)
        let list: NewsboatURLs
        do {
            let contents = try ConfigFile.read(urlsURL, display: urlsName, mustExist: true, limit: maxSize)
            list = NewsboatURLs.parse(try ConfigFile.decode(contents?.data ?? Data(), display: urlsName))
        } catch {
            throw .unreadable(path: urlsName, reason: error.reason)
        }
        do {
            let file = try ConfigAppend(config: configURL, environment: environment, knownActions: knownActions)
            var plan = ConfigSections(config: file.config)
            for feed in list.feeds { plan.add(feed) }
            let feeds = plan.sections.count
            var skipped = list.skipped
            for query in list.queries where !plan.addQuery(name: query.name, filter: query.filter) {
                skipped.append(NewsboatURLs.Skipped(line: query.line, entry: "query:" + query.name, reason: "a source or query of that name is already there"))
            }
            try file.append(plan.sections, comment: "Added by headlines --import-newsboat from " + urlsName)
            return NewsboatImportResult(
                added: feeds, duplicates: plan.duplicates, skipped: skipped, urlsFile: urlsName, configFile: file.display,
                queries: plan.sections.count - feeds)
        } catch {
            throw .config(error)
        }
    }
}
