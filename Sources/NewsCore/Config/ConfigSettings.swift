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
    /// `layout`: the list and the article side by side on a wide terminal, or one screen at a time.
    public var layout = LayoutSetting.auto
    /// `layout-width`: the narrowest terminal `layout = auto` puts panes side by side on.
    public var layoutWidth = 160
    /// `list-width`: the list's percent of the columns it shares with the article, side by side.
    public var listWidth = 40
    /// `sources-width`: the Sources column's columns at three panes (nil: a fifth of the terminal, 24 to 40).
    public var sourcesWidth: Int?
    /// `mouse`: the terminal reports the mouse (clicks, the wheel, dragging a divider).
    public var mouse = true
    /// The line each setting was given on, by name.
    public var lines: [String: Int] = [:]

    /// The settings the interface sets up once, at start (its connections, clients, folders, log,
    /// the picture protocol it probed, the prune and refresh at start): a config read again takes
    /// them at the next start, and says so. Every other setting applies as soon as it is read.
    public static let readAtStart = SettingsTable.entries.filter(\.readAtStart).map(\.name)

    /// Whether `other` gives the setting `name` another value.
    public func differs(from other: ConfigSettings, in name: String) -> Bool {
        SettingsTable.entries.first { $0.name == name }?.differs(self, other) ?? false
    }

    public init() {}
}

/// The known settings: each one's reader (its type, its range), what it means for the README's
/// settings table and the man page, and whether it applies only from the next start. A new
/// setting is a field of `ConfigSettings` and one row here, in the order documented. Unknown
/// names are errors, so that a typo (`colour`, `max-conections`) is caught instead of silently ignored.
enum SettingsTable {
    typealias Apply = @Sendable (inout ConfigSettings, String, ConfigPathResolver) throws(LineError) -> Void

    /// What a setting means, in the README's settings table and the man page.
    enum Meaning: Sendable {
        /// A row of its own.
        case row(String)
        /// Documented in the row above, beside the setting before it.
        case withAbove
    }

    /// One setting.
    struct Entry: Sendable {
        let name: String
        let meaning: Meaning
        /// It applies only from the next start (see `ConfigSettings.readAtStart`).
        let readAtStart: Bool
        let apply: Apply
        /// Whether two settings give it different values.
        let differs: @Sendable (ConfigSettings, ConfigSettings) -> Bool
    }

    static let names: [String] = entries.map(\.name)

    static func apply(_ name: String, value: String, to settings: inout ConfigSettings, paths: ConfigPathResolver) throws(LineError) {
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw LineError("unknown setting \(ConfigText.quoted(name))" + suggestion(for: name))
        }
        try entry.apply(&settings, value, paths)
    }

    static let entries: [Entry] = [
        setting(
            "newsapi-key", \.newsAPIKey, atStart: true,
            "Your NewsAPI key. `NEWSAPI_KEY` wins over it; a file holding a key must not be readable by others (`chmod 600 FILE`), or Headlines refuses it"
        ) { settings, value, _ throws(LineError) in
            guard !value.isEmpty, value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw LineError("newsapi-key must be the key as NewsAPI gave it: printable ASCII with no spaces")
            }
            settings.newsAPIKey = value
        },
        setting("newsapi-url", \.newsAPIURL, atStart: true, "NewsAPI's base URL (`https://newsapi.org`)") { settings, value, _ throws(LineError) in
            settings.newsAPIURL = try ConfigLocation.webURL(value)
        },
        number(
            "max-connections", \.maxConnections, in: 1...64, unit: "loads at once", atStart: true,
            .row(
                "Loads at once, in all (\(ConfigSettings.defaultMaxConnections), from 1 to 64) and against one host (\(ConfigSettings.defaultMaxPerHost), from 1 to 16)"
            )),
        number("max-per-host", \.maxPerHost, in: 1...16, unit: "loads at once", atStart: true, .withAbove),
        number(
            "timeout", \.timeoutSeconds, in: 1...3600, unit: "seconds", atStart: true,
            .row("Seconds a request may take (\(ConfigSettings.defaultTimeoutSeconds), from 1 to 3600)")),
        setting("log", \.logFile, atStart: true, "The diagnostic log's file (off) and its level: `error`, `info` (the default) or `debug`") {
            settings, value, paths throws(LineError) in settings.logFile = try paths.resolve(value)
        },
        setting("log-level", \.logLevel, atStart: true, .withAbove) { settings, value, _ throws(LineError) in
            guard let level = LogLevel(name: value) else {
                throw LineError("log-level is one of error, info or debug, not \(ConfigText.quoted(value))")
            }
            settings.logLevel = level
        },
        number("keep-days", \.keepDays, in: 1...36_500, unit: "days", atStart: true, .row("Days the cache keeps articles (\(ConfigSettings.defaultKeepDays))")),
        setting("refresh-minutes", \.refreshMinutes, "Reload every source this often (`off`)") { settings, value, _ throws(LineError) in
            if value.lowercased() == "off" {
                settings.refreshMinutes = nil
            } else {
                settings.refreshMinutes = try number(value, "refresh-minutes", in: 1...10_080, unit: "minutes", orOff: true)
            }
        },
        setting(
            "save-dir", \.saveDirectory, atStart: true,
            "As `--save-dir` (where `d` saves images and `s` articles, as Markdown) and `--max-image-size` (MiB)"
        ) { settings, value, paths throws(LineError) in settings.saveDirectory = try paths.resolve(value) },
        setting("max-image-size", \.maxImageSize, atStart: true, .withAbove) { settings, value, _ throws(LineError) in
            settings.maxImageSize = try number(value, "max-image-size", in: 1...4096, unit: "MiB") * 1024 * 1024
        },
        setting(
            "podcast-dir", \.podcastDirectory, atStart: true,
            "Where `e` downloads enclosures (at most 4 GiB each), a folder per source (`$XDG_MUSIC_DIR/Podcasts`, else `~/Podcasts`)"
        ) { settings, value, paths throws(LineError) in settings.podcastDirectory = try paths.resolve(value) },
        setting(
            "browser", \.browser,
            "The program `o` opens links with and its arguments, run in the terminal without a shell: `%u` is the link, one argument (else it comes last), percent-encoded past what a shell reads as text where it stands inside a longer word (`sh -c \"echo '%u'\"`); wins over `$BROWSER` (xdg-open)"
        ) { settings, value, _ throws(LineError) in settings.browser = try program(value, "browser") },
        setting(
            "player", \.player,
            "The program `P` plays a downloaded enclosure with and its arguments, run in the terminal without a shell, split as `browser` is: `%f` is the file, one argument (else it comes last) (`mpv %f`)"
        ) { settings, value, _ throws(LineError) in settings.player = try program(value, "player") },
        setting(
            "notify", \.notify,
            "A program run without a shell after a refresh that brought new articles, at most once a minute: its arguments are followed by the count, `--` (so that no title is read as an option) and the newest three titles (off)"
        ) { settings, value, _ throws(LineError) in settings.notify = try program(value, "notify") },
        setting(
            "pipe-command", \.pipe.command,
            "The command the pipe key offers to send the article to: edited at its prompt, run in the terminal without a shell, split as `browser` is (none)"
        ) { settings, value, _ throws(LineError) in
            _ = try program(value, "pipe-command")
            settings.pipe.command = value
        },
        setting(
            "pipe-format", \.pipe.format,
            "What the pipe key sends: `text` (title, link, date and the text as laid out, the default) or `html` (the article's HTML)"
        ) { settings, value, _ throws(LineError) in
            guard let format = PipeSettings.Format(rawValue: value.lowercased()) else {
                throw LineError("pipe-format is text or html, not \(ConfigText.quoted(value))")
            }
            settings.pipe.format = format
        },
        flag("bell", \.bell, "`yes` rings the terminal when a refresh brought new articles, at most once a minute (`no`)"),
        setting("text-width", \.textWidth, "The widest an article's text is laid out, in columns, from 20 to 1000 (the terminal's width)") {
            settings, value, _ throws(LineError) in settings.textWidth = try number(value, "text-width", in: 20...1000, unit: "columns")
        },
        setting("sort", \.sort, "The order lists start in: `date` (newest first, the default), `date-asc`, `title` or `source`; `s` cycles them") {
            settings, value, _ throws(LineError) in
            guard let order = ListOrder(rawValue: value.lowercased()) else {
                throw LineError("sort is one of " + ListOrder.allCases.map(\.name).joined(separator: ", ") + ", not \(ConfigText.quoted(value))")
            }
            settings.sort = order
        },
        flag(
            "set-title", \.setTitle, "`yes` puts the unread count in the terminal's title, `Headlines (12 unread)`, and gives the old title back at exit (`no`)"
        ),
        setting(
            "image-protocol", \.imageProtocol, atStart: true,
            "How the article's picture is drawn: `kitty`, `sixel` or `iterm2` in real pixels, `cells` in coloured text cells, or `auto` (the default), which asks the terminal and draws cells where none of the three answers, and always in tmux"
        ) { settings, value, _ throws(LineError) in
            guard let choice = ImageProtocolSetting(rawValue: value.lowercased()) else {
                let names = ImageProtocolSetting.allCases.map(\.rawValue).joined(separator: ", ")
                throw LineError("image-protocol is one of \(names), not \(ConfigText.quoted(value))")
            }
            settings.imageProtocol = choice
        },
        setting(
            "layout", \.layout,
            "`two` puts the list and the article side by side wherever both fit in 40 columns (the list's own keys in its pane, Tab and Shift-Tab move the focus, the article following the list's selection), `three` adds the Sources screen as a column on the left (its selection at rest opening its list beside it) where it fits in 24 more, `single` shows one screen at a time, and `auto` (the default) does as `two` on a terminal at least `layout-width` columns wide (`160`) and as `three` from 80 more"
        ) { settings, value, _ throws(LineError) in
            guard let choice = LayoutSetting(rawValue: value.lowercased()) else {
                throw LineError("layout is one of auto, single, two or three, not \(ConfigText.quoted(value))")
            }
            settings.layout = choice
        },
        number("layout-width", \.layoutWidth, in: 81...1000, unit: "columns", .withAbove),
        setting(
            "list-width", \.listWidth,
            "The list's share of the columns the list and the article share side by side, from 20% to 80% (`40%`); dragging the divider with the mouse changes it for the session"
        ) { settings, value, _ throws(LineError) in settings.listWidth = try percent(value, "list-width", in: 20...80, of: "") },
        setting(
            "sources-width", \.sourcesWidth,
            "The Sources column's width at three panes, from 24 to 80 columns (a fifth of the terminal, 24 to 40); dragging its divider changes it for the session"
        ) { settings, value, _ throws(LineError) in settings.sourcesWidth = try number(value, "sources-width", in: 24...80, unit: "columns") },
        flag(
            "mouse", \.mouse,
            "`no` leaves the mouse to the terminal (`yes`: a click selects and focuses a pane, a double click opens, the wheel scrolls the pane under the pointer, a click on a link's number opens it, dragging a divider resizes the panes; Shift with the mouse selects text as usual)"
        ),
        flag("show-read", \.showRead, "`no` shows unread articles only (`yes`); `U` toggles it"),
        flag("show-pictures", \.showPictures, "`no` opens articles without their picture (`yes`); `i` shows or hides pictures for the rest of the session"),
        setting(
            "picture-height", \.pictureHeight,
            "The most of the screen's height an article's picture takes, from 10% to 90%, so the text starts on the first screen (`35%`)"
        ) { settings, value, _ throws(LineError) in settings.pictureHeight = try percent(value, "picture-height", in: 10...90, of: " of the screen's height") },
        flag("show-read-sources", \.showReadSources, "`no` leaves sources with no unread article off the Sources screen (`yes`)"),
        flag(
            "refresh-on-start", \.refreshOnStart, atStart: true,
            "`no` refreshes nothing when the interface starts: only `r`, `R` and `refresh-minutes` do (`yes`)"),
        setting(
            "datetime-format", \.dateFormat,
            "The lists' dates as a `strftime` pattern, as newsboat's (`%d %b %Y`) (the age: `5m`, `3h`, `2d`, `27 Nov`, and `27 Nov 2024` for another year)"
        ) { settings, value, _ throws(LineError) in
            guard let format = DateFormat(value) else {
                throw LineError(
                    "datetime-format is a strftime pattern such as \"%d %b %Y\" (at most 100 characters, no controls), not \(ConfigText.quoted(value))")
            }
            settings.dateFormat = format
        },
        setting(
            "articlelist-format", \.articleListFormat,
            "The lists' rows in newsboat's codes: `%i` number, `%f` marks, `%D` date, `%t` title, `%a` author, `%T` source, `%L` length; `%-17T` and `%4i` align in so many columns, `%?T?then&else?` tests a field, `%>c` fills to the right edge with `c` (the built-in layout)"
        ) { settings, value, _ throws(LineError) in settings.articleListFormat = try rowFormat(value, .articles) },
        setting(
            "feedlist-format", \.sourceListFormat,
            "The Sources screen's source rows in newsboat's codes: `%i` number, `%n` `N` when unread, `%S` `x` when its load failed (`.` while loading; without `%S` a failing row adds its reason), `%u` (unread/total), `%U` unread, `%c` count, `%t` name, `%T` first tag, `%l` address; widths and tests as in `articlelist-format` (the built-in layout)"
        ) { settings, value, _ throws(LineError) in settings.sourceListFormat = try rowFormat(value, .sources) },
        setting(
            "ignore", \.ignore,
            "A kill rule: the articles this filter expression matches (see Filters) are not shown, counted or searched, though kept in the cache (none)"
        ) { settings, value, _ throws(LineError) in settings.ignore = try filter(value, "ignore") },
        setting("max-items", \.maxItems, "Each source shows its newest this many articles, starred ones besides (all)") {
            settings, value, _ throws(LineError) in settings.maxItems = try maxItems(value)
        },
        flag(
            "full-text", \.fullText,
            "`yes` reads every new article's own page after a refresh, in the background within the connection limits, and keeps its full text in the cache, shown in place of the feed's summary (as `x` does for one article) (`no`)"
        ),
        flag(
            "require-https", \.requireHTTPS, atStart: true,
            "`yes` makes every `[server]` section refuse to send its password to an `http://` address, as its own `require-https` (`no`)"),
    ]

    /// A setting read by `apply`, kept at `key`.
    private static func setting<Value: Equatable & Sendable>(
        _ name: String, _ key: KeyPath<ConfigSettings, Value> & Sendable, atStart: Bool = false, _ meaning: Meaning,
        apply: @escaping Apply
    ) -> Entry {
        Entry(name: name, meaning: meaning, readAtStart: atStart, apply: apply, differs: { $0[keyPath: key] != $1[keyPath: key] })
    }

    private static func setting<Value: Equatable & Sendable>(
        _ name: String, _ key: KeyPath<ConfigSettings, Value> & Sendable, atStart: Bool = false, _ meaning: String, apply: @escaping Apply
    ) -> Entry {
        setting(name, key, atStart: atStart, .row(meaning), apply: apply)
    }

    /// A setting that is yes or no, kept at `key`.
    private static func flag(_ name: String, _ key: WritableKeyPath<ConfigSettings, Bool> & Sendable, atStart: Bool = false, _ meaning: String) -> Entry {
        setting(name, key, atStart: atStart, .row(meaning)) { settings, value, _ throws(LineError) in settings[keyPath: key] = try flag(value, name) }
    }

    /// A setting that is a whole number in `range`, kept at `key`.
    private static func number(
        _ name: String, _ key: WritableKeyPath<ConfigSettings, Int> & Sendable, in range: ClosedRange<Int>, unit: String, atStart: Bool = false,
        _ meaning: Meaning
    ) -> Entry {
        setting(name, key, atStart: atStart, meaning) { settings, value, _ throws(LineError) in
            settings[keyPath: key] = try number(value, name, in: range, unit: unit)
        }
    }

    /// A percent in `range`, written with its `%` or without.
    private static func percent(_ value: String, _ name: String, in range: ClosedRange<Int>, of whole: String) throws(LineError) -> Int {
        try number(value.hasSuffix("%") ? String(value.dropLast()) : value, name, in: range, unit: "percent" + whole)
    }

    /// A program and its arguments, split without a shell.
    private static func program(_ value: String, _ name: String) throws(LineError) -> [String] {
        let words = try ConfigText.words(Substring(value))
        guard let program = words.first, !program.isEmpty else { throw LineError("\(name) names no program") }
        return words
    }

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
