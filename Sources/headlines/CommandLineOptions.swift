import FoundationEssentials
import NewsCore

/// What the command line asked for. Parsing is pure so that it can be tested without a process.
struct CommandLineOptions: Equatable {
    var printMode = false
    var json = false
    var source: String?
    var newsAPIURL: String?
    var country: String?
    var category: String?
    var query: String?
    var everything = false
    var pageSize: Int?
    var saveDirectory: String?
    var maxImageSize: Int?
    /// Seconds a whole transfer may take (documents and images).
    var timeout: Int?
    /// `--config FILE`: another config file than the usual one.
    var config: String?
    var importOPML: String?
    var exportOPML = false
    /// `--import-newsboat [FILE]`: given (with its file, when one was named).
    var importNewsboat = false
    var newsboatFile: String?
    /// `--add URL [--name NAME] [--group GROUP]`.
    var add: String?
    var addName: String?
    var addGroup: String?
    /// `--server NAME` with `--add`: subscribe that feed server's account instead of adding a source.
    var addServer: String?
    /// `--strict`: with --print, any source that fails makes the exit status 1.
    var strict = false
    /// `--refresh`: fetch every source and server into the cache, say what came, and exit (cron).
    var refresh = false
    /// `--quiet`: with --refresh, no summary line (failures still go to stderr).
    var quiet = false
    /// `--verbose`: notes that are not failures go to stderr too (else only to the log).
    var verbose = false
    var log: String?
    var logLevel: LogLevel?
    /// `--offline`: print from the cache, with no network.
    var offline = false
    /// `--unread`: print only unread articles (from the cache).
    var unread = false
    /// `--search QUERY`: print the cache's matches (every one, unless `--limit`).
    var search: String?
    /// `--limit N`: with `--search`, print at most N matches.
    var limit: Int?
    /// `--refused-marks [retry|drop]`: list the marks feed servers refused, or put them back in
    /// the outbox, or forget them (`.list` without a word).
    var refusedMarks: RefusedMarksCommand.Action?
    /// `--image-protocol auto|kitty|sixel|iterm2|cells`: over the config's `image-protocol`.
    var imageProtocol: ImageProtocolSetting?
    var demo = false
    var help = false
    var version = false
    /// `--generate man|bash|zsh|fish` (not in --help): print the man page or a completion script,
    /// made from the option, key and config tables (`make docs` writes them under Resources/).
    var generate: GeneratedDocument?

    struct UsageError: Error, Equatable {
        let message: String
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var index = 0
        func value(for name: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(name) needs a value.") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            switch name {
            case "--print", "-p": options.printMode = true
            case "--json": options.json = true
            case "--demo": options.demo = true
            case "--everything": options.everything = true
            case "--help", "-h": options.help = true
            case "--version": options.version = true
            case "--source": options.source = try value(for: name, inline: inline)
            case "--newsapi-url": options.newsAPIURL = try value(for: name, inline: inline)
            case "--country": options.country = try value(for: name, inline: inline).lowercased()
            case "--category": options.category = try value(for: name, inline: inline).lowercased()
            case "--query", "-q": options.query = try value(for: name, inline: inline)
            case "--save-dir": options.saveDirectory = try value(for: name, inline: inline)
            case "--page-size":
                let text = try value(for: name, inline: inline)
                guard let size = Int(text), (1...100).contains(size) else {
                    throw UsageError(message: "--page-size takes a whole number from 1 to 100, not “\(text)”.")
                }
                options.pageSize = size
            case "--max-image-size":
                let text = try value(for: name, inline: inline)
                guard let megabytes = Int(text), (1...4096).contains(megabytes) else {
                    throw UsageError(message: "--max-image-size takes a number of MiB from 1 to 4096, not “\(text)”.")
                }
                options.maxImageSize = megabytes * 1024 * 1024
            case "--config": options.config = try value(for: name, inline: inline)
            case "--import-opml": options.importOPML = try value(for: name, inline: inline)
            case "--export-opml": options.exportOPML = true
            case "--import-newsboat":
                options.importNewsboat = true
                if let inline {
                    options.newsboatFile = inline
                } else if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") {
                    index += 1
                    options.newsboatFile = arguments[index]
                }
            case "--refused-marks":
                var word = inline
                if word == nil, index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") {
                    index += 1
                    word = arguments[index]
                }
                guard let action = RefusedMarksCommand.Action(rawValue: word ?? "list") else {
                    throw UsageError(message: "--refused-marks takes retry or drop (or nothing, to list them), not “\(word ?? "")”.")
                }
                options.refusedMarks = action
            case "--image-protocol":
                let text = try value(for: name, inline: inline)
                guard let choice = ImageProtocolSetting(rawValue: text.lowercased()) else {
                    throw UsageError(message: "--image-protocol takes auto, kitty, sixel, iterm2 or cells, not “\(text)”.")
                }
                options.imageProtocol = choice
            case "--add": options.add = try value(for: name, inline: inline)
            case "--name": options.addName = try value(for: name, inline: inline)
            case "--group": options.addGroup = try value(for: name, inline: inline)
            case "--server": options.addServer = try value(for: name, inline: inline)
            case "--strict": options.strict = true
            case "--refresh": options.refresh = true
            case "--quiet": options.quiet = true
            case "--verbose": options.verbose = true
            case "--offline": options.offline = true
            case "--unread": options.unread = true
            case "--search": options.search = try value(for: name, inline: inline)
            case "--limit":
                let text = try value(for: name, inline: inline)
                guard let limit = Int(text), limit >= 1 else {
                    throw UsageError(message: "--limit takes a whole number from 1 up, not “\(text)”.")
                }
                options.limit = limit
            case "--log": options.log = try value(for: name, inline: inline)
            case "--log-level":
                let text = try value(for: name, inline: inline)
                guard let level = LogLevel(name: text) else {
                    throw UsageError(message: "--log-level takes error, info or debug, not “\(text)”.")
                }
                options.logLevel = level
            case "--generate":
                let text = try value(for: name, inline: inline)
                guard let document = GeneratedDocument(rawValue: text) else {
                    throw UsageError(message: "--generate takes man, bash, zsh or fish, not “\(text)”.")
                }
                options.generate = document
            case "--timeout":
                let text = try value(for: name, inline: inline)
                guard let seconds = Int(text), (1...3600).contains(seconds) else {
                    throw UsageError(message: "--timeout takes a number of seconds from 1 to 3600, not “\(text)”.")
                }
                options.timeout = seconds
            default:
                throw UsageError(message: "Unknown option “\(argument)”.")
            }
            index += 1
        }
        if options.limit != nil && options.search == nil {
            throw UsageError(message: "--limit goes with --search.")
        }
        if options.search != nil { options.printMode = true }
        if (options.offline || options.unread) && !options.printMode {
            throw UsageError(message: "--offline and --unread go with --print.")
        }
        if options.json && !options.printMode {
            throw UsageError(message: "--json goes with --print.")
        }
        if options.demo && options.source != nil {
            throw UsageError(message: "Choose either --demo or --source, not both.")
        }
        let fileCommands = [options.importOPML != nil, options.exportOPML, options.importNewsboat, options.add != nil].filter { $0 }.count
        if fileCommands > 1 {
            throw UsageError(message: "Choose one of --add, --import-opml, --import-newsboat and --export-opml.")
        }
        if (options.addName != nil || options.addGroup != nil) && options.add == nil {
            throw UsageError(message: "--name and --group go with --add.")
        }
        if options.addServer != nil && options.add == nil {
            throw UsageError(message: "--server goes with --add.")
        }
        if options.strict && !options.printMode && !options.refresh {
            throw UsageError(message: "--strict goes with --print or --refresh.")
        }
        if options.quiet && !options.refresh {
            throw UsageError(message: "--quiet goes with --refresh.")
        }
        if options.refresh && (options.printMode || fileCommands > 0) {
            throw UsageError(message: "--refresh goes alone: run --print after it.")
        }
        if options.refusedMarks != nil && (options.printMode || options.refresh || fileCommands > 0) {
            throw UsageError(message: "--refused-marks goes alone.")
        }
        if options.everything && options.query == nil {
            throw UsageError(message: "--everything needs --query.")
        }
        return options
    }

    /// `--add`, `--import-opml` or `--import-newsboat`: the config file is written (created if need be).
    var addsSources: Bool { add != nil || importOPML != nil || importNewsboat }

    /// The source is named on the command line (`--source`, `--demo` or a NewsAPI flag): the
    /// config's sources are not opened.
    var namesASource: Bool {
        source != nil || demo || newsAPIURL != nil || country != nil || category != nil || query != nil || everything
    }
}
