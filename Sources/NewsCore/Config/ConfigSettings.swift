import FoundationEssentials

/// The global `name = value` settings, each checked for its type and range, with its default.
/// Command-line options win over these; the caller applies that order.
public struct ConfigSettings: Sendable, Equatable {
    public static let defaultMaxConnections = 8
    public static let defaultMaxPerHost = 2
    public static let defaultTimeoutSeconds = 60
    public static let defaultKeepDays = 30

    /// `newsapi-key`. `NewsAPIKey.resolve` decides between it and `NEWSAPI_KEY`.
    public var newsAPIKey: String?
    /// `newsapi-url`: NewsAPI's base URL.
    public var newsAPIURL: URL?
    /// `max-connections`: loads running at once.
    public var maxConnections = ConfigSettings.defaultMaxConnections
    /// `max-per-host`: loads running at once against one host.
    public var maxPerHost = ConfigSettings.defaultMaxPerHost
    /// `timeout`: seconds a request may take.
    public var timeoutSeconds = ConfigSettings.defaultTimeoutSeconds
    /// `log`: the diagnostic log's file; nil (the default) keeps the log off.
    public var logFile: URL?
    /// `log-level`.
    public var logLevel = LogLevel.info
    /// `keep-days`: how long the cache keeps articles.
    public var keepDays = ConfigSettings.defaultKeepDays
    /// `refresh-minutes`: reload every source this often; nil (the default, or `off`) never.
    public var refreshMinutes: Int?
    /// `save-dir`: where images are saved.
    public var saveDirectory: URL?
    /// `podcast-dir`: where enclosures are downloaded, a folder per source.
    public var podcastDirectory: URL?
    /// `max-image-size`, converted from MiB to bytes.
    public var maxImageSize: Int?
    /// `text-width`: the widest an article's text is laid out, in columns; nil (the default) the whole width.
    public var textWidth: Int?
    /// `sort`: the order lists start in (a key cycles through the others).
    public var sort = ListOrder.date
    /// `show-read`: lists show read articles (`no`: unread ones only; a key toggles it).
    public var showRead = true
    /// `show-pictures`: an article shows its picture above its text (`i` toggles it for the session).
    public var showPictures = true
    /// `picture-height`: the most of the screen's height an article's picture takes, in percent,
    /// so that the text starts on the first screen.
    public var pictureHeight = 35
    /// `ignore`: the kill rule, hiding the articles it matches from every source.
    public var ignore: ArticleFilter?
    /// `max-items`: each source shows its newest this many articles (starred ones besides).
    public var maxItems: Int?
    /// `full-text`: every source's new articles have their pages read after a refresh (a
    /// source's own `full-text` decides for it).
    public var fullText = false
    /// `browser`: the program links open with and its arguments (`%u` is the URL), split
    /// without a shell; it wins over `$BROWSER`. Nil: `$BROWSER`, else xdg-open.
    public var browser: [String]?
    /// `player`: the program `P` plays a downloaded enclosure with and its arguments (`%f` is the
    /// file), split without a shell as `browser` is.
    public var player = ConfigSettings.defaultPlayer
    public static let defaultPlayer = ["mpv", "%f"]
    /// `set-title`: the terminal's title tells the unread count.
    public var setTitle = false
    /// `notify`: a program (and its arguments) run after a refresh that brought new articles, with
    /// the count and the first titles after them; split without a shell.
    public var notify: [String]?
    /// `bell`: the terminal rings after a refresh that brought new articles.
    public var bell = false
    /// `pipe-command` and `pipe-format`: what `|` offers to pipe the article to, and how.
    public var pipe = PipeSettings()
    /// `datetime-format`: the lists' dates in this strftime pattern (nil: their age, `27 Nov`, `27 Nov 2024`).
    public var dateFormat: DateFormat?
    /// `show-read-sources`: the Sources screen lists sources with no unread article (`no`: hides them).
    public var showReadSources = true
    /// `require-https`: every `[server]` section refuses to send its password to an `http://`
    /// address (a section's own `require-https` wins over it).
    public var requireHTTPS = false
    /// `refresh-on-start`: every source is refreshed when the interface starts (`no`: on `r`, `R` and `refresh-minutes` only).
    public var refreshOnStart = true
    /// `articlelist-format` and `feedlist-format`: the rows of the lists and of the Sources screen, in newsboat's `%` codes.
    public var articleListFormat: RowFormat?
    public var sourceListFormat: RowFormat?
    /// `image-protocol`: pictures in pixels (kitty, sixel, iTerm2) or as coloured cells.
    public var imageProtocol = ImageProtocolSetting.auto
    /// The line each setting was given on, by name.
    public var lines: [String: Int] = [:]

    /// The settings the interface sets up once, at start (its connections, clients, folders, log,
    /// the picture protocol it probed, the prune and refresh at start): a config read again takes
    /// them at the next start, and says so. Every other setting applies as soon as it is read.
    public static let readAtStart = [
        "newsapi-key", "newsapi-url", "max-connections", "max-per-host", "timeout", "log", "log-level", "keep-days", "save-dir", "podcast-dir",
        "max-image-size", "require-https", "refresh-on-start", "image-protocol",
    ]

    /// Whether `other` gives the start-only setting `name` another value (see `readAtStart`).
    public func differs(from other: ConfigSettings, in name: String) -> Bool {
        switch name {
        case "newsapi-key": return newsAPIKey != other.newsAPIKey
        case "newsapi-url": return newsAPIURL != other.newsAPIURL
        case "max-connections": return maxConnections != other.maxConnections
        case "max-per-host": return maxPerHost != other.maxPerHost
        case "timeout": return timeoutSeconds != other.timeoutSeconds
        case "log": return logFile != other.logFile
        case "log-level": return logLevel != other.logLevel
        case "keep-days": return keepDays != other.keepDays
        case "save-dir": return saveDirectory != other.saveDirectory
        case "podcast-dir": return podcastDirectory != other.podcastDirectory
        case "max-image-size": return maxImageSize != other.maxImageSize
        case "require-https": return requireHTTPS != other.requireHTTPS
        case "refresh-on-start": return refreshOnStart != other.refreshOnStart
        case "image-protocol": return imageProtocol != other.imageProtocol
        default: return false
        }
    }

    public init() {}
}

/// The known settings and how to read each one. Unknown names are errors, so that a typo
/// (`colour`, `max-conections`) is caught instead of silently ignored.
enum SettingsTable {
    typealias Apply = @Sendable (inout ConfigSettings, String, ConfigPathResolver) throws(LineError) -> Void

    static let names: [String] = entries.map(\.name)

    static func apply(_ name: String, value: String, to settings: inout ConfigSettings, paths: ConfigPathResolver) throws(LineError) {
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw LineError("unknown setting \(ConfigText.quoted(name))" + suggestion(for: name))
        }
        try entry.apply(&settings, value, paths)
    }

    private static let entries: [(name: String, apply: Apply)] = [
        (
            "newsapi-key",
            { settings, value, _ throws(LineError) in
                guard !value.isEmpty, value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                    throw LineError("newsapi-key must be the key as NewsAPI gave it: printable ASCII with no spaces")
                }
                settings.newsAPIKey = value
            }
        ),
        ("newsapi-url", { settings, value, _ throws(LineError) in settings.newsAPIURL = try ConfigLocation.webURL(value) }),
        number("max-connections", \.maxConnections, in: 1...64, unit: "loads at once"),
        number("max-per-host", \.maxPerHost, in: 1...16, unit: "loads at once"),
        number("timeout", \.timeoutSeconds, in: 1...3600, unit: "seconds"),
        ("log", { settings, value, paths throws(LineError) in settings.logFile = try paths.resolve(value) }),
        (
            "log-level",
            { settings, value, _ throws(LineError) in
                guard let level = LogLevel(name: value) else {
                    throw LineError("log-level is one of error, info or debug, not \(ConfigText.quoted(value))")
                }
                settings.logLevel = level
            }
        ),
        (
            "text-width",
            { settings, value, _ throws(LineError) in
                settings.textWidth = try number(value, "text-width", in: 20...1000, unit: "columns")
            }
        ),
        number("keep-days", \.keepDays, in: 1...36_500, unit: "days"),
        (
            "refresh-minutes",
            { settings, value, _ throws(LineError) in
                if value.lowercased() == "off" {
                    settings.refreshMinutes = nil
                } else {
                    settings.refreshMinutes = try number(value, "refresh-minutes", in: 1...10_080, unit: "minutes", orOff: true)
                }
            }
        ),
        (
            "browser",
            { settings, value, _ throws(LineError) in
                let words = try ConfigText.words(Substring(value))
                guard let program = words.first, !program.isEmpty else { throw LineError("browser names no program") }
                settings.browser = words
            }
        ),
        (
            "player",
            { settings, value, _ throws(LineError) in
                let words = try ConfigText.words(Substring(value))
                guard let program = words.first, !program.isEmpty else { throw LineError("player names no program") }
                settings.player = words
            }
        ),
        (
            "notify",
            { settings, value, _ throws(LineError) in
                let words = try ConfigText.words(Substring(value))
                guard let program = words.first, !program.isEmpty else { throw LineError("notify names no program") }
                settings.notify = words
            }
        ),
        ("bell", { settings, value, _ throws(LineError) in settings.bell = try flag(value, "bell") }),
        (
            "pipe-command",
            { settings, value, _ throws(LineError) in
                guard let program = try ConfigText.words(Substring(value)).first, !program.isEmpty else {
                    throw LineError("pipe-command names no program")
                }
                settings.pipe.command = value
            }
        ),
        (
            "pipe-format",
            { settings, value, _ throws(LineError) in
                guard let format = PipeSettings.Format(rawValue: value.lowercased()) else {
                    throw LineError("pipe-format is text or html, not \(ConfigText.quoted(value))")
                }
                settings.pipe.format = format
            }
        ),
        ("save-dir", { settings, value, paths throws(LineError) in settings.saveDirectory = try paths.resolve(value) }),
        ("podcast-dir", { settings, value, paths throws(LineError) in settings.podcastDirectory = try paths.resolve(value) }),
        (
            "max-image-size",
            { settings, value, _ throws(LineError) in
                settings.maxImageSize = try number(value, "max-image-size", in: 1...4096, unit: "MiB") * 1024 * 1024
            }
        ),
        (
            "sort",
            { settings, value, _ throws(LineError) in
                guard let order = ListOrder(rawValue: value.lowercased()) else {
                    throw LineError("sort is one of " + ListOrder.allCases.map(\.name).joined(separator: ", ") + ", not \(ConfigText.quoted(value))")
                }
                settings.sort = order
            }
        ),
        ("ignore", { settings, value, _ throws(LineError) in settings.ignore = try filter(value, "ignore") }),
        ("max-items", { settings, value, _ throws(LineError) in settings.maxItems = try maxItems(value) }),
        ("show-read", { settings, value, _ throws(LineError) in settings.showRead = try flag(value, "show-read") }),
        ("show-pictures", { settings, value, _ throws(LineError) in settings.showPictures = try flag(value, "show-pictures") }),
        (
            "picture-height",
            { settings, value, _ throws(LineError) in
                let percent = value.hasSuffix("%") ? String(value.dropLast()) : value
                settings.pictureHeight = try number(percent, "picture-height", in: 10...90, unit: "percent of the screen's height")
            }
        ),
        ("full-text", { settings, value, _ throws(LineError) in settings.fullText = try flag(value, "full-text") }),
        ("set-title", { settings, value, _ throws(LineError) in settings.setTitle = try flag(value, "set-title") }),
        (
            "datetime-format",
            { settings, value, _ throws(LineError) in
                guard let format = DateFormat(value) else {
                    throw LineError(
                        "datetime-format is a strftime pattern such as \"%d %b %Y\" (at most 100 characters, no controls), not \(ConfigText.quoted(value))")
                }
                settings.dateFormat = format
            }
        ),
        (
            "show-read-sources",
            { settings, value, _ throws(LineError) in settings.showReadSources = try flag(value, "show-read-sources") }
        ),
        ("refresh-on-start", { settings, value, _ throws(LineError) in settings.refreshOnStart = try flag(value, "refresh-on-start") }),
        ("require-https", { settings, value, _ throws(LineError) in settings.requireHTTPS = try flag(value, "require-https") }),
        (
            "image-protocol",
            { settings, value, _ throws(LineError) in
                guard let choice = ImageProtocolSetting(rawValue: value.lowercased()) else {
                    let names = ImageProtocolSetting.allCases.map(\.rawValue).joined(separator: ", ")
                    throw LineError("image-protocol is one of \(names), not \(ConfigText.quoted(value))")
                }
                settings.imageProtocol = choice
            }
        ),
        ("articlelist-format", { settings, value, _ throws(LineError) in settings.articleListFormat = try rowFormat(value, .articles) }),
        ("feedlist-format", { settings, value, _ throws(LineError) in settings.sourceListFormat = try rowFormat(value, .sources) }),
    ]

    private static func rowFormat(_ value: String, _ kind: RowFormat.Kind) throws(LineError) -> RowFormat {
        do {
            return try RowFormat(value, kind: kind)
        } catch {
            throw LineError(error.reason)
        }
    }

    static func flag(_ text: String, _ name: String) throws(LineError) -> Bool {
        switch text.lowercased() {
        case "yes", "true", "on": return true
        case "no", "false", "off": return false
        default: throw LineError("\(name) is yes or no, not \(ConfigText.quoted(text))")
        }
    }

    /// `ignore = EXPR` and a query's `filter = EXPR`: the expression, or its mistake with the setting's name.
    static func filter(_ value: String, _ name: String) throws(LineError) -> ArticleFilter {
        do {
            return try ArticleFilter(value)
        } catch {
            throw LineError("\(name): \(error.message)")
        }
    }

    static func maxItems(_ value: String) throws(LineError) -> Int {
        try number(value, "max-items", in: 1...1_000_000, unit: "articles")
    }

    /// A setting that is a whole number in `range`, kept at `key`.
    private static func number(
        _ name: String, _ key: WritableKeyPath<ConfigSettings, Int> & Sendable, in range: ClosedRange<Int>, unit: String
    ) -> (name: String, apply: Apply) {
        (name, { settings, value, _ throws(LineError) in settings[keyPath: key] = try number(value, name, in: range, unit: unit) })
    }

    private static func number(
        _ text: String, _ name: String, in range: ClosedRange<Int>, unit: String, orOff: Bool = false
    ) throws(LineError) -> Int {
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), range.contains(value) else {
            let off = orOff ? " (or off)" : ""
            throw LineError(
                "\(name) takes a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound)\(off), not \(ConfigText.quoted(text))"
            )
        }
        return value
    }

    /// " (did you mean ...?)" when one known name is a single edit away, else nothing.
    private static func suggestion(for name: String) -> String {
        guard let near = names.first(where: { EditDistance.isAtMostOne(name, $0) }) else { return "" }
        return " (did you mean \"\(near)\"?)"
    }
}
