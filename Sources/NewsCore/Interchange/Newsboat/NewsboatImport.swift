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
    /// newsboat's config file (as a person would write it), the lines carried from it, and those not, with why.
    public var newsboatConfig: String?
    public var configCarried = 0
    public var configSkipped: [NewsboatURLs.Skipped] = []
    /// Lines carried with a word for the person (where a password went now).
    public var configNotes: [NewsboatURLs.Skipped] = []

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
        if let newsboatConfig {
            lines.append("Carried \(configCarried) \(configCarried == 1 ? "line" : "lines") of \(newsboatConfig).")
            for note in configNotes {
                lines.append("Note \(newsboatConfig):\(note.line) \(note.entry): \(note.reason).")
            }
            for skip in configSkipped {
                lines.append("Skipped \(newsboatConfig):\(skip.line) \(skip.entry): \(skip.reason).")
            }
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

    /// - Parameter newsboatConfig: newsboat's own config file, whose settings are carried (see `NewsboatConfig`).
    public static func run(
        urls urlsURL: URL, config configURL: URL, newsboatConfig: URL? = nil, environment: [String: String], knownActions: Set<String>
    ) throws(NewsboatImportError) -> NewsboatImportResult {
        let urlsName = ConfigPaths.display(urlsURL.path, environment: environment)
        let list: NewsboatURLs
        try NewsboatFiles.checkStaysInFolder(urlsURL, display: urlsName)
        do {
            let contents = try ConfigFile.read(urlsURL, display: urlsName, mustExist: true, limit: maxSize)
            list = NewsboatURLs.parse(try ConfigFile.decode(contents?.data ?? Data(), display: urlsName))
        } catch {
            throw .unreadable(path: urlsName, reason: error.reason)
        }
        do {
            let file = try ConfigAppend(config: configURL, environment: environment, knownActions: knownActions)
            var plan = ConfigSections(config: file.config)
            var names: [String: String] = [:]  // feed URL key: the source's name
            for source in file.config.sources { if let url = source.location { names[FeedURLKey.key(url)] = source.name } }
            for feed in list.feeds {
                if let name = plan.add(feed) { names[FeedURLKey.key(feed.url)] = name } else { continue }
            }
            let feeds = plan.sections.count
            var skipped = list.skipped
            for query in list.queries where !plan.addQuery(name: query.name, filter: query.filter) {
                skipped.append(NewsboatURLs.Skipped(line: query.line, entry: "query:" + query.name, reason: "a source or query of that name is already there"))
            }
            var carried: Carried?
            var newsboatName: String?
            if let newsboatConfig {
                newsboatName = ConfigPaths.display(newsboatConfig.path, environment: environment)
                try NewsboatFiles.checkStaysInFolder(newsboatConfig, display: newsboatName ?? "")
                let contents = try ConfigFile.read(newsboatConfig, display: newsboatName ?? "", mustExist: true, limit: maxSize)
                let text = try ConfigFile.decode(contents?.data ?? Data(), display: newsboatName ?? "")
                carried = carry(NewsboatConfig.parse(text, knownActions: knownActions, configName: file.display), into: file.config, names: names)
            }
            try file.append(
                plan.sections + (carried?.server.map { [$0.text] } ?? []), comment: "Added by headlines --import-newsboat from " + urlsName,
                settings: carried?.settings ?? [], settingsComment: "Carried by headlines --import-newsboat from " + (newsboatName ?? ""),
                makePrivate: carried?.server?.holdsPassword ?? false)
            if let lines = carried?.lines, !lines.isEmpty {
                // bind and color lines may come anywhere: after the sections, in a second write.
                let again = try ConfigAppend(config: configURL, environment: environment, knownActions: knownActions)
                try again.append([lines.joined(separator: "\n")], comment: "Carried by headlines --import-newsboat from " + (newsboatName ?? ""))
            }
            var result = NewsboatImportResult(
                added: feeds, duplicates: plan.duplicates, skipped: skipped, urlsFile: urlsName, configFile: file.display,
                queries: plan.sections.count - feeds)
            result.newsboatConfig = newsboatName
            result.configCarried = (carried?.settings.count ?? 0) + (carried?.lines.count ?? 0) + (carried?.server?.lines.count ?? 0)
            result.configSkipped = carried?.skipped ?? []
            result.configNotes = carried?.notes ?? []
            return result
        } catch let error as NewsboatImportError {
            throw error
        } catch let error as ConfigAppendError {
            throw .config(error)
        } catch let error as ConfigError {
            throw .unreadable(path: newsboatConfig.map { ConfigPaths.display($0.path, environment: environment) } ?? "", reason: error.reason)
        } catch {
            throw .unreadable(path: urlsName, reason: "\(error)")
        }
    }

    /// What of newsboat's config goes into this one.
    struct Carried {
        var settings: [String]
        var lines: [String]
        var skipped: [NewsboatURLs.Skipped]
        var notes: [NewsboatURLs.Skipped]
        /// The `[server]` section its sync settings make: its text, its lines, whether it holds a password.
        var server: (text: String, lines: [String], holdsPassword: Bool)?
    }

    /// newsboat's config as lines of this config: what it already sets itself stays (and the
    /// line is named); `ignore-article` rules become one `ignore =`, a feed's own rule tested
    /// with its source's name; a server the config has already is not added again.
    static func carry(_ newsboat: NewsboatConfig, into config: Config, names: [String: String]) -> Carried {
        var skipped = newsboat.skipped
        var notes = newsboat.notes
        var server: (text: String, lines: [String], holdsPassword: Bool)?
        if let section = newsboat.server {
            if config.servers.contains(where: { $0.name == section.name }) {
                skipped.append(NewsboatURLs.Skipped(line: section.line, entry: "urls-source", reason: "the config has a server named \(section.name) already"))
                notes.removeAll { $0.entry.hasSuffix("-password") || $0.entry.hasSuffix("-token") }
            } else {
                let text = (["[server \(ConfigText.quote(section.name))]"] + section.lines).joined(separator: "\n")
                server = (text, section.lines, section.holdsPassword)
            }
        }
        var settings: [String] = []
        for carried in newsboat.settings {
            let name = String(carried.text.prefix { $0 != " " })
            if config.settings.lines[name] != nil {
                skipped.append(NewsboatURLs.Skipped(line: carried.line, entry: name, reason: "the config sets \(name) already"))
            } else {
                settings.append(carried.text)
            }
        }
        var lines: [String] = []
        for carried in newsboat.lines {
            let words = carried.text.split(separator: " ")
            if words.first == "color", words.count > 1, let element = ColourScheme.Element(rawValue: String(words[1])),
                config.colours[element] != nil
            {
                skipped.append(NewsboatURLs.Skipped(line: carried.line, entry: "color", reason: "the config colours \(element.rawValue) already"))
            } else if words.first == "bind", words.count == 3, let bound = boundAlready(String(words[1]), in: config) {
                // Importing again adds no binding twice; nor one over the config's own.
                skipped.append(NewsboatURLs.Skipped(line: carried.line, entry: "bind-key", reason: "the config binds \(words[1]) to \(bound) already"))
            } else if words.first == "unbind", words.count == 2, unboundAlready(String(words[1]), in: config) {
                skipped.append(NewsboatURLs.Skipped(line: carried.line, entry: "unbind-key", reason: "the config unbinds \(words[1]) already"))
            } else {
                lines.append(carried.text)
            }
        }
        var rules: [String] = []
        for ignore in newsboat.ignores {
            if ignore.feed == "*" {
                rules.append("(\(ignore.filter))")
            } else if let url = URL(string: ignore.feed), let name = names[FeedURLKey.key(url)] {
                rules.append("(source = \(ConfigText.quote(name)) and (\(ignore.filter)))")
            } else {
                skipped.append(NewsboatURLs.Skipped(line: ignore.line, entry: "ignore-article", reason: "its feed is not among the sources"))
            }
        }
        if !rules.isEmpty {
            if config.settings.ignore != nil {
                for ignore in newsboat.ignores {
                    skipped.append(NewsboatURLs.Skipped(line: ignore.line, entry: "ignore-article", reason: "the config has an ignore rule of its own"))
                }
            } else {
                settings.append("ignore = " + ConfigText.encode(rules.joined(separator: " or ")))
            }
        }
        skipped.sort { $0.line < $1.line }
        notes.sort { $0.line < $1.line }
        return Carried(settings: settings, lines: lines, skipped: skipped, notes: notes, server: server)
    }
}

/// The action the config binds `key` to, if it binds it (the key as a `bind` line writes it).
private func boundAlready(_ key: String, in config: Config) -> String? {
    let name: KeyName
    do { name = try KeyName.parse(key) } catch { return nil }  // carried lines were checked: none fails here
    for change in config.bindings.reversed() where change.key == name {
        if case .bind(_, let action, _) = change { return action }
        return nil  // unbound last: free to take
    }
    return nil
}

/// Whether the config's last word on `key` is `unbind` (the key as an `unbind` line writes it).
private func unboundAlready(_ key: String, in config: Config) -> Bool {
    let name: KeyName
    do { name = try KeyName.parse(key) } catch { return false }  // carried lines were checked: none fails here
    guard let last = config.bindings.last(where: { $0.key == name }), case .unbind = last else { return false }
    return true
}

extension NewsboatImportError: ReadableError {}
