import NewsCore

/// One command-line option, declared once: its names, its value, its lines in `--help`, and
/// what it sets. The parser (`CommandLineOptions.parse`), `--help` (`HelpText`), the man page
/// and the shell completions (`UsageTable`) all read `OptionTable.all`.
struct OptionSpec: Sendable {
    /// What follows the option's name.
    enum Value: Sendable {
        /// Nothing: a flag.
        case none
        /// A value, named `placeholder` in `--help` (`--source URL|PATH`, or `--source=...`).
        case required(String)
        /// A value that may be left out (`--import-newsboat [FILE]`): the next word, unless it is an option.
        case optional(String)
    }

    /// `-p`, when there is a short form.
    var short: String?
    /// `--print`.
    var long: String
    var value: Value
    /// Its lines in `--help`: the first beside the name, the others under it.
    var help: [String]
    /// The values completions offer (`--log-level`: error, info, debug); nil: files, folders or
    /// free text, as the placeholder says.
    var choices: [String]?
    /// Sets what the option asks for; the value when it takes one. Throws its usage mistake.
    var set: @Sendable (inout CommandLineOptions, String?) throws(CommandLineOptions.UsageError) -> Void

    /// An option with a short form: `-p`, `--print`.
    init(
        _ short: String, _ long: String, _ value: Value = .none, choices: [String]? = nil, help: [String],
        set: @escaping @Sendable (inout CommandLineOptions, String?) throws(CommandLineOptions.UsageError) -> Void
    ) {
        self.init(long, value, choices: choices, help: help, set: set)
        self.short = short
    }

    init(
        _ long: String, _ value: Value = .none, choices: [String]? = nil, help: [String],
        set: @escaping @Sendable (inout CommandLineOptions, String?) throws(CommandLineOptions.UsageError) -> Void
    ) {
        self.short = nil
        self.long = long
        self.value = value
        self.help = help
        self.choices = choices
        self.set = set
    }

    /// `FILE`, `URL|PATH`, `[retry|drop]`; nil for a flag.
    var placeholder: String? {
        switch value {
        case .none: return nil
        case .required(let name): return name
        case .optional(let name): return "[" + name + "]"
        }
    }
}

/// Every option, in `--help`'s order.
enum OptionTable {
    typealias UsageError = CommandLineOptions.UsageError

    static let all: [OptionSpec] = [
        OptionSpec(
            "-p", "--print", help: ["Print the articles, one per line, and exit:", "date<TAB>source<TAB>title<TAB>url (date in UTC)"]
        ) { options, _ in options.printMode = true },
        OptionSpec("--json", help: ["With --print: one JSON object per line instead"]) { options, _ in options.json = true },
        OptionSpec(
            "--source", .required("URL|PATH"),
            help: ["Read one feed (RSS, Atom, RDF, JSON Feed, NewsAPI JSON, or a web", "page that links to its feed) from a URL or a file"]
        ) { options, value in options.source = value },
        OptionSpec("--demo", help: ["Show the bundled demo edition"]) { options, _ in options.demo = true },
        OptionSpec("--newsapi-url", .required("URL"), help: ["NewsAPI's base URL (default https://newsapi.org)"]) { options, value in
            options.newsAPIURL = value
        },
        OptionSpec("--country", .required("CODE"), choices: NewsAPIFilters.countries, help: ["Top headlines for a country (e.g. us, gb, de)"]) {
            options, value in options.country = value?.lowercased()
        },
        OptionSpec(
            "--category", .required("NAME"), choices: NewsAPIFilters.categories,
            help: ["business, entertainment, general, health, science, sports, technology"]
        ) { options, value in options.category = value?.lowercased() },
        OptionSpec("-q", "--query", .required("TEXT"), help: ["Only articles that match TEXT"]) { options, value in options.query = value },
        OptionSpec("--everything", help: ["Search all articles (/v2/everything) for --query"]) { options, _ in options.everything = true },
        OptionSpec("--page-size", .required("N"), help: ["Articles per request, 1 to 100"]) { options, value throws(UsageError) in
            options.pageSize = try number(value, in: 1...100, "--page-size takes a whole number from 1 to 100")
        },
        OptionSpec(
            "--save-dir", .required("DIR"),
            help: ["Where `d` saves images and `s` articles (default $XDG_DOWNLOAD_DIR/headlines", "or ~/Downloads/headlines)"]
        ) { options, value in options.saveDirectory = value },
        OptionSpec("--max-image-size", .required("MiB"), help: ["The largest image `d` will save (default 50)"]) { options, value throws(UsageError) in
            options.maxImageSize = try number(value, in: 1...4096, "--max-image-size takes a number of MiB from 1 to 4096") * 1024 * 1024
        },
        OptionSpec(
            "--image-protocol", .required("NAME"), choices: ImageProtocolSetting.allCases.map(\.rawValue),
            help: ["How the article's picture is drawn: auto (ask the terminal), kitty,", "sixel, iterm2, or cells (coloured text cells); as image-protocol"]
        ) { options, value throws(UsageError) in
            guard let choice = ImageProtocolSetting(rawValue: (value ?? "").lowercased()) else {
                throw UsageError(message: "--image-protocol takes auto, kitty, sixel, iterm2 or cells, not “\(value ?? "")”.")
            }
            options.imageProtocol = choice
        },
        OptionSpec("--timeout", .required("SECONDS"), help: ["The longest a document or image may take to arrive (default 60)"]) {
            options, value throws(UsageError) in
            options.timeout = try number(value, in: 1...3600, "--timeout takes a number of seconds from 1 to 3600")
        },
        OptionSpec("--config", .required("FILE"), help: ["Read this config file instead of ~/.config/headlines/config"]) { options, value in
            options.config = value
        },
        OptionSpec(
            "--add", .required("URL"),
            help: ["Add a feed (or a page that names one) to the config file, once", "the URL is checked to give a feed, and exit"]
        ) { options, value in options.add = value },
        OptionSpec("--name", .required("NAME"), help: ["With --add: the source's name"]) { options, value in options.addName = value },
        OptionSpec("--group", .required("GROUP"), help: ["With --add: the source's group"]) { options, value in options.addGroup = value },
        OptionSpec("--server", .required("NAME"), help: ["With --add: subscribe the config's feed server NAME to the URL"]) { options, value in
            options.addServer = value
        },
        OptionSpec("--import-opml", .required("FILE"), help: ["Add the feeds of an OPML file to the config file, and exit"]) { options, value in
            options.importOPML = value
        },
        OptionSpec(
            "--import-newsboat", .optional("FILE"),
            help: ["Add newsboat's feeds, titles and tags (FILE: its urls", "file, default ~/.newsboat/urls), and exit"]
        ) { options, value in
            options.importNewsboat = true
            options.newsboatFile = value
        },
        OptionSpec("--export-opml", help: ["Print the config's sources as OPML 2.0, and exit"]) { options, _ in options.exportOPML = true },
        OptionSpec("--log", .required("FILE"), help: ["Write a diagnostic log (no keys, no escapes, rotated at 1 MiB)"]) { options, value in
            options.log = value
        },
        OptionSpec("--log-level", .required("LEVEL"), choices: LogLevel.allCases.map(\.name), help: ["error, info (the default) or debug"]) {
            options, value throws(UsageError) in
            guard let level = LogLevel(name: value ?? "") else { throw UsageError(message: "--log-level takes error, info or debug, not “\(value ?? "")”.") }
            options.logLevel = level
        },
        OptionSpec("--offline", help: ["With --print: print what the cache holds, with no network"]) { options, _ in options.offline = true },
        OptionSpec("--unread", help: ["With --print: only the articles not read yet (from the cache)"]) { options, _ in options.unread = true },
        OptionSpec(
            "--search", .required("QUERY"), help: ["Print every cached article that matches QUERY (words, prefix*, \"phrases\"), best first"]
        ) { options, value in options.search = value },
        OptionSpec("--limit", .required("N"), help: ["With --search: print at most N matches"]) { options, value throws(UsageError) in
            options.limit = try number(value, in: 1...Int.max, "--limit takes a whole number from 1 up")
        },
        OptionSpec("--strict", help: ["With --print or --refresh: exit 1 when any source fails (else only when none could)"]) { options, _ in
            options.strict = true
        },
        OptionSpec(
            "--refresh",
            help: [
                "Fetch every source and feed server into the cache, print one summary",
                "line (new articles, failures) and exit, as newsboat -x reload (for cron)",
            ]
        ) { options, _ in options.refresh = true },
        OptionSpec("--quiet", help: ["With --refresh: no summary line (failures still on stderr)"]) { options, _ in options.quiet = true },
        OptionSpec(
            "--refused-marks", .optional("retry|drop"), choices: ["retry", "drop"],
            help: ["List the marks a feed server refused (set aside so that", "the others and the sync go on), send them again, or forget them"]
        ) { options, value throws(UsageError) in
            guard let action = RefusedMarksCommand.Action(rawValue: value ?? "list") else {
                throw UsageError(message: "--refused-marks takes retry or drop (or nothing, to list them), not “\(value ?? "")”.")
            }
            options.refusedMarks = action
        },
        OptionSpec("--verbose", help: ["Notes that are not failures (\"Using the feed ...\") on stderr too"]) { options, _ in options.verbose = true },
        OptionSpec("-h", "--help", help: ["Show this help"]) { options, _ in options.help = true },
        OptionSpec("--version", help: ["Show the version"]) { options, _ in options.version = true },
    ]

    /// `--generate man|bash|zsh|fish`: parsed as the others, but not in `--help` (it is how the
    /// man page and the completions are made).
    static let hidden: [OptionSpec] = [
        OptionSpec("--generate", .required("man|bash|zsh|fish"), help: []) { options, value throws(UsageError) in
            guard let document = GeneratedDocument(rawValue: value ?? "") else {
                throw UsageError(message: "--generate takes man, bash, zsh or fish, not “\(value ?? "")”.")
            }
            options.generate = document
        }
    ]

    /// The option named `name` (`-p`, `--print`).
    static func option(named name: String) -> OptionSpec? {
        (all + hidden).first { $0.long == name || $0.short == name }
    }

    /// A whole number in `range`, or `sentence`, “value”.
    private static func number(_ value: String?, in range: ClosedRange<Int>, _ sentence: String) throws(UsageError) -> Int {
        guard let value, let number = Int(value), range.contains(number) else { throw UsageError(message: "\(sentence), not “\(value ?? "")”.") }
        return number
    }
}
