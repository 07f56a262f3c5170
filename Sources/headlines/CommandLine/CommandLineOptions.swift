import FoundationEssentials
import NewsCore

/// What the command line asked for, as `OptionTable` reads it. Parsing is pure so that it can be tested without a process.
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

    /// Reads the arguments through `OptionTable`, then checks `OptionRule`s. A value follows
    /// its option as the next word or after `=` (`--source=URL`); an optional one only when the
    /// next word is no option.
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var given: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = OptionTable.option(named: name) else { throw UsageError(message: "Unknown option “\(argument)”.") }
            var value = inline
            switch option.value {
            case .none:
                break
            case .required:
                if value == nil {
                    index += 1
                    guard index < arguments.count else { throw UsageError(message: "\(name) needs a value.") }
                    value = arguments[index]
                }
            case .optional:
                if value == nil, index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") {
                    index += 1
                    value = arguments[index]
                }
            }
            try option.set(&options, value)
            given.insert(option.long)
            index += 1
        }
        if options.search != nil {
            options.printMode = true
            given.insert("--print")
        }
        for rule in OptionRule.all {
            if let sentence = rule.broken(by: given) { throw UsageError(message: sentence) }
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
