import FoundationEssentials

/// What a config file says, checked: global settings, the sources in file order, and the key
/// (re)bindings in file order. Built by `ConfigParser`; read from disk by `ConfigFile`.
public struct Config: Sendable, Equatable {
    public var settings: ConfigSettings
    public var sources: [SourceConfig]
    /// The `[server "Name"]` sections, in file order: feed servers read through their APIs.
    public var servers: [ServerConfig]
    public var bindings: [KeyBindingChange]
    /// The `[query "Name"]` sections, in file order.
    public var queries: [QueryConfig]
    /// The `color` lines.
    public var colours: ColourScheme
    /// What reading the file noticed without refusing it (a setting given again, whose later
    /// line wins as in newsboat), each with its line; said with `--verbose`.
    public var notes: [ConfigNote] = []

    public init(
        settings: ConfigSettings = ConfigSettings(), sources: [SourceConfig] = [], servers: [ServerConfig] = [],
        bindings: [KeyBindingChange] = [], queries: [QueryConfig] = [], colours: ColourScheme = ColourScheme()
    ) {
        self.colours = colours
        self.settings = settings
        self.sources = sources
        self.servers = servers
        self.bindings = bindings
        self.queries = queries
    }

    /// The configuration of someone with no config file.
    public static let empty = Config()
}

/// One `[source "Name"]` section.
public struct SourceConfig: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A feed, a NewsAPI-shaped JSON document or a web page: an http(s) URL, or a file URL
        /// for a path (already expanded and made absolute).
        case location(URL)
        /// A NewsAPI query, sent with the key.
        case newsAPI(NewsAPIRequest)
    }

    /// The section's name, sanitised; unique within the file.
    public var name: String
    public var kind: Kind
    /// The optional `group = ...` the Sources screen shows it under (`/` separates nested folders in OPML).
    public var group: String?
    /// The optional `site = ...`: the site's home page (OPML's `htmlUrl`), kept so an export loses nothing.
    public var site: URL?
    /// The optional `tags = a, b`: every tag it had where it came from (newsboat's), kept for later use.
    public var tags: [String]
    /// The line of the section header.
    public var line: Int
    /// The optional `ignore = EXPR`: a kill rule for this source's articles.
    public var ignore: ArticleFilter?
    /// The optional `max-items = N`: the newest this many shown (starred ones besides).
    public var maxItems: Int?
    /// The optional `full-text = yes|no`: its new articles' pages are read after a refresh (nil: the global setting).
    public var fullText: Bool?

    public init(name: String, kind: Kind, group: String? = nil, site: URL? = nil, tags: [String] = [], line: Int = 0) {
        self.name = name
        self.kind = kind
        self.group = group
        self.site = site
        self.tags = tags
        self.line = line
    }

    /// The location of a feed or document source; nil for NewsAPI.
    public var location: URL? {
        if case .location(let url) = kind { return url }
        return nil
    }
}

/// One `[query "Name"]` section: a list of the articles of every source that pass its
/// `filter`, shown on the Sources screen like a source.
public struct QueryConfig: Sendable, Equatable {
    public var name: String
    public var filter: ArticleFilter
    public var line: Int
    /// `full-text = yes`: the pages of the new articles that pass its filter are read after a refresh.
    public var readsFullText = false

    public init(name: String, filter: ArticleFilter, line: Int = 0) {
        self.name = name
        self.filter = filter
        self.line = line
    }
}

/// A `bind KEY ACTION` or `unbind KEY` line. The UI applies them in order over its default table.
public enum KeyBindingChange: Sendable, Equatable {
    case bind(KeyName, action: String, line: Int)
    case unbind(KeyName, line: Int)

    public var key: KeyName {
        switch self {
        case .bind(let key, _, _), .unbind(let key, _): return key
        }
    }

    public var line: Int {
        switch self {
        case .bind(_, _, let line), .unbind(_, let line): return line
        }
    }
}

/// A remark on one line of the config file that is no mistake.
public struct ConfigNote: Sendable, Equatable {
    public var line: Int
    public var text: String
}
