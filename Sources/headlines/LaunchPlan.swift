import FoundationEssentials
import HeadlinesKeys
import HeadlinesSession
import NewsCore

/// Everything a run needs, read from the command line, the config file and the environment:
/// the session it opens (sources, settings with the options winning over the config, keys,
/// log), and what only the command line speaks of. `plan.entries` reads `plan.session.entries`.
@dynamicMemberLookup
struct LaunchPlan {
    var session: SessionPlan
    /// The keys in force: the default table with the config's `bind` and `unbind` applied.
    var keys: KeyMap
    /// The sources came from the config file (rather than the command line).
    var fromConfig: Bool
    /// The config file as a person would type it, for the first run's advice.
    var configDisplay: String

    subscript<Value>(dynamicMember path: KeyPath<SessionPlan, Value>) -> Value { session[keyPath: path] }

    /// A message for stderr and the exit status (2: the command line or the config is wrong).
    struct Failure: Error {
        let message: String
        var status: Int32 = 2
    }

    static func make(_ options: CommandLineOptions, _ loaded: LoadedConfig, environment: [String: String]) throws(Failure) -> LaunchPlan {
        let config = loaded.config ?? .empty
        let settings = try settings(options, config)
        let http = HTTPClient(deadline: TimeInterval(settings.timeoutSeconds))
        let key = NewsAPIKey.resolve(environment: environment, config: loaded.config)
        let service = NewsService(baseURL: settings.newsAPIURL ?? NewsService.defaultBaseURL, apiKey: key?.key, http: http)
        let (entries, fallback, fromConfig) = try sources(options, config, service: service, hasKey: key != nil)
        let log = try openLog(options, settings, secrets: key.map { [$0.key] } ?? [], environment: environment)
        if let key { log.config("newsapi-key", ["from": key.origin.rawValue]) }
        if let url = loaded.url {
            log.config(loaded.config == nil ? "no config file" : "config", ["file": url.path, "sources": String(config.sources.count)])
        }
        let saveFolder =
            options.saveDirectory.map { SaveFolder.resolve(explicit: $0, environment: environment) } ?? settings.saveDirectory
            ?? SaveFolder.resolve(explicit: nil, environment: environment)
        var session = SessionPlan(
            entries: entries, isFallbackDemo: fallback, cacheFile: StoreLocation.resolve(environment: environment), settings: settings,
            log: log, saveFolder: saveFolder, http: http, environment: environment)
        session.configuredSources = fromConfig ? Set(entries.map(\.key)) : nil
        // The config names sources of its own: the demo edition's articles (cached by an earlier
        // run) are neither shown nor searched any more.
        if (!config.sources.isEmpty || !config.servers.isEmpty) && !options.demo { session.demoSources = isDemoSource }
        session.servers = fromConfig ? config.servers : []
        session.rules = rules(config, entries: entries, fromConfig: fromConfig)
        session.queries = fromConfig ? config.queries : []
        session.colours = config.colours
        var plan = LaunchPlan(
            session: session, keys: KeyMap(applying: config.bindings), fromConfig: fromConfig,
            configDisplay: loaded.url.map { ConfigPaths.display($0.path, environment: environment) } ?? "a config file (--config FILE)")
        plan.session.welcome = fallback ? plan.firstRunAdvice(short: true) : nil
        return plan
    }

    /// The config's settings with the command line's options winning: at start, and each time the config is read again.
    static func settings(_ options: CommandLineOptions, _ config: Config) throws(Failure) -> ConfigSettings {
        var settings = config.settings
        if let timeout = options.timeout { settings.timeoutSeconds = timeout }
        if let size = options.maxImageSize { settings.maxImageSize = size }
        if let choice = options.imageProtocol { settings.imageProtocol = choice }
        if let base = options.newsAPIURL {
            guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
                throw Failure(message: "--newsapi-url needs an http or https URL, not “\(base)”.")
            }
            settings.newsAPIURL = url
        }
        return settings
    }

    /// The config's kill rules and `max-items`, and each source's name, group and tags, by key.
    static func rules(_ config: Config, entries: [Library.Entry], fromConfig: Bool) -> ArticleRules {
        var rules = ArticleRules(ignore: config.settings.ignore, maxItems: config.settings.maxItems)
        for entry in entries {
            rules.sources.facts[entry.key] = FilterSources.Facts(name: entry.source.name, group: entry.group, tags: entry.tags)
        }
        guard fromConfig else { return rules }
        for (source, entry) in zip(config.sources, entries) {
            rules.sourceIgnores[entry.key] = source.ignore
            rules.sourceMaxItems[entry.key] = source.maxItems
        }
        return rules
    }

    /// `--demo`, `--source`, the NewsAPI flags; else the config's sources; else NewsAPI with a key; else the demo.
    static func sources(
        _ options: CommandLineOptions, _ config: Config, service: NewsService, hasKey: Bool
    ) throws(Failure) -> (entries: [Library.Entry], fallbackDemo: Bool, fromConfig: Bool) {
        if options.demo { return ([try demo(service)], false, false) }
        if let location = options.source {
            return ([Library.Entry(source: DocumentSource(service: service, location: try documentURL(location)))], false, false)
        }
        if options.namesASource || (config.sources.isEmpty && config.servers.isEmpty && hasKey) {
            let request: NewsAPIRequest
            if options.everything, let query = options.query {
                request = .everything(query: query, pageSize: options.pageSize)
            } else {
                request = .topHeadlines(country: options.country, category: options.category, query: options.query, pageSize: options.pageSize)
            }
            return ([Library.Entry(source: NewsAPISource(service: service, request: request))], false, false)
        }
        if !config.sources.isEmpty || !config.servers.isEmpty {
            let entries = config.sources.map { source -> Library.Entry in
                switch source.kind {
                case .location(let url):
                    return Library.Entry(
                        source: DocumentSource(service: service, location: url, name: source.name, namesArticles: true),
                        group: source.group.map(GroupPath.heading), tags: source.tags, readsFullText: source.fullText ?? config.settings.fullText)
                case .newsAPI(let request):
                    return Library.Entry(
                        source: NewsAPISource(service: service, request: request, name: source.name), group: source.group.map(GroupPath.heading),
                        tags: source.tags, readsFullText: source.fullText ?? config.settings.fullText)
                }
            }
            return (entries, false, true)
        }
        // A command that reads only the cache needs no demo document: an installation without it
        // (or one whose checkout this user cannot enter) still prints and searches what it holds.
        if DemoEdition.documentURL == nil, options.search != nil || options.offline || options.unread { return ([], true, false) }
        return ([try demo(service)], true, false)
    }

    /// Whether a cached source is the demo edition (from this installation or another).
    static let isDemoSource: @Sendable (SourceKey) -> Bool = { DemoEdition.isDocument($0.rawValue) }

    /// What a newcomer with no sources reads: how to add some.
    func firstRunAdvice(short: Bool) -> String {
        if short { return "No sources yet: headlines --add URL, --import-opml FILE, or edit \(configDisplay)" }
        return "No sources yet: showing the bundled demo edition. Add a feed with headlines --add URL, "
            + "import a list with headlines --import-opml FILE (or --import-newsboat), or write \(configDisplay) "
            + "(see the README); NEWSAPI_KEY adds NewsAPI's top headlines."
    }

    private static func demo(_ service: NewsService) throws(Failure) -> Library.Entry {
        guard let url = DemoEdition.documentURL else {
            throw Failure(message: "The bundled demo edition is missing from this installation.", status: 1)
        }
        return Library.Entry(source: DocumentSource(service: service, location: url, name: "Demo edition"))
    }

    /// `--source` takes an http(s) URL, a file URL, or a path (relative to the working directory).
    /// Text with a scheme (`scheme://`, or `http:`, `https:`, `file:`) is a URL: one that does
    /// not parse, or of any other scheme, is refused rather than taken for a relative path
    /// ("http://[::1" once read as the file "http:/[::1").
    static func documentURL(_ text: String) throws(Failure) -> URL {
        if let scheme = schemePrefix(text) {
            // Repaired as a feed's link is (a raw space, non-ASCII), its own escapes kept.
            guard let url = URLPolicy.parseLink(text) else { throw Failure(message: "“\(text)” is not a valid \(scheme) URL.") }
            if scheme == "http" || scheme == "https" {
                guard url.host != nil else { throw Failure(message: "“\(text)” has no host.") }
                return url
            }
            if scheme == "file" { return url.standardizedFileURL }
            throw Failure(message: "Headlines cannot read \(scheme): URLs; --source takes an http or https URL, a file URL or a path.")
        }
        guard !text.isEmpty else { throw Failure(message: "--source needs a URL or a path.") }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return URL(fileURLWithPath: text, relativeTo: cwd).standardizedFileURL
    }

    /// The scheme `text` starts with when it is written as a URL: letters, digits, `+`, `-` or
    /// `.` after a letter, then `://`; or `http:`, `https:` or `file:` with anything after.
    /// A path such as `notes:2024.xml` has none.
    static func schemePrefix(_ text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        let lowered = scheme.lowercased()
        let isWebOrFile = lowered == "http" || lowered == "https" || lowered == "file"
        return isWebOrFile || text[colon...].hasPrefix("://") ? lowered : nil
    }

    /// `--log` (or the config's `log`), at `--log-level` (or the config's); off when neither names a file.
    private static func openLog(
        _ options: CommandLineOptions, _ settings: ConfigSettings, secrets: [String], environment: [String: String]
    ) throws(Failure) -> DiagnosticLog {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        guard let file = options.log.map({ URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }) ?? settings.logFile else { return .off }
        do {
            return try DiagnosticLog.open(file: file, level: options.logLevel ?? settings.logLevel, secrets: secrets)
        } catch {
            throw Failure(message: error.message)
        }
    }
}

/// The config file as this run reads it: where it is, and what it says (nil when there is none).
struct LoadedConfig {
    let url: URL?
    let config: Config?

    static func load(_ options: CommandLineOptions, environment: [String: String]) throws(LaunchPlan.Failure) -> LoadedConfig {
        let url = ConfigPaths.configFile(explicit: options.config, environment: environment, workingDirectory: FileManager.default.currentDirectoryPath)
        guard let url else { return LoadedConfig(url: nil, config: nil) }
        do {
            // A command that adds sources creates the file it is told to use.
            let mustExist = options.config != nil && !options.addsSources
            let config = try ConfigFile.load(url, mustExist: mustExist, environment: environment, knownActions: Action.names)
            if options.verbose, let notes = config?.notes {
                let display = ConfigPaths.display(url.path, environment: environment)
                for note in notes { Output.error("\(display):\(note.line): \(note.text).") }
            }
            return LoadedConfig(url: url, config: config)
        } catch {
            throw LaunchPlan.Failure(message: error.message)
        }
    }
}
