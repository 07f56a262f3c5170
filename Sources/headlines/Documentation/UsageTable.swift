import NewsCore

/// `--help`'s text read as a table: its options, environment variables and exit statuses. The
/// man page and the shell completions are generated from it, so an option added to
/// `HelpText.usage` reaches them all with a regeneration (`make docs`), and a test
/// checks that each option read here is one the parser accepts.
struct UsageTable {
    struct Option: Equatable {
        /// `-p`, when there is a short form.
        var short: String?
        /// `--print`.
        var long: String
        /// `FILE`, `URL|PATH`; nil for a flag.
        var placeholder: String?
        /// The help text, its lines joined.
        var summary: String

        /// What the option's value can be, for completions.
        var values: ValueKind {
            switch long {
            case "--log-level": return .oneOf(LogLevel.allCases.map(\.name))
            case "--category": return .oneOf(NewsAPIFilters.categories)
            case "--country": return .oneOf(NewsAPIFilters.countries)
            case "--refused-marks": return .oneOf(["retry", "drop"])
            case "--image-protocol": return .oneOf(ImageProtocolSetting.allCases.map(\.rawValue))
            default: break
            }
            switch placeholder {
            case nil: return .none
            case "FILE", "PATH", "URL|PATH": return .file
            case "DIR", "FOLDER": return .directory
            default: return .text
            }
        }
    }

    enum ValueKind: Equatable {
        case none, text, file, directory
        case oneOf([String])
    }

    struct Variable: Equatable {
        var name: String
        var meaning: String
    }

    /// The paragraph between the usage line and the options.
    var description: String
    var options: [Option]
    var environment: [Variable]
    /// `0 done`, `1 the fetch or decoding failed`, ...
    var exitStatuses: [(status: String, meaning: String)]

    static let current = UsageTable(HelpText.usage)

    init(_ usage: String) {
        let lines = usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var description: [String] = []
        var options: [Option] = []
        var environment: [Variable] = []
        var exitStatuses: [(String, String)] = []
        var exitText = ""
        var section = ""
        for line in lines {
            let trimmed = line.drop { $0 == " " }
            if line.hasPrefix("Usage:") || trimmed.isEmpty { continue }
            if line == "Options:" || line == "Environment:" {
                section = line
                continue
            }
            if line.hasPrefix("Exit status:") {
                section = "Exit status:"
                exitText = String(line.dropFirst("Exit status:".count))
                continue
            }
            let indent = line.count - trimmed.count
            switch section {
            case "Options:":
                if trimmed.hasPrefix("-"), indent <= 6, let option = Self.option(String(trimmed)) {
                    options.append(option)
                } else if !options.isEmpty {
                    options[options.count - 1].summary += " " + trimmed
                }
            case "Environment:":
                let parts = trimmed.split(separator: " ", maxSplits: 1)
                if indent <= 2, parts.count == 2 {
                    environment.append(Variable(name: String(parts[0]), meaning: parts[1].drop { $0 == " " }.description))
                } else if !environment.isEmpty {
                    environment[environment.count - 1].meaning += " " + trimmed
                }
            case "Exit status:":
                exitText += " " + trimmed
            default:
                description.append(String(trimmed))
            }
        }
        // "0 done (with --print: ...), 1 the fetch failed, 2 a usage error.": a status starts
        // each item (a meaning may hold commas of its own, and run over lines).
        for item in Self.statusItems(exitText) {
            let words = item.split(separator: " ", maxSplits: 1)
            guard words.count == 2 else { continue }
            exitStatuses.append((String(words[0]), String(words[1]).trimmingSuffix(".")))
        }
        self.description = description.joined(separator: " ")
        self.options = options
        self.environment = environment
        self.exitStatuses = exitStatuses
    }

    /// The items of the exit status paragraph: split at each ", " that a number and a space follow.
    private static func statusItems(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var rest = Substring(text.drop { $0 == " " })
        while let character = rest.first {
            if rest.hasPrefix(", "), let digit = rest.dropFirst(2).first, digit.isNumber,
                rest.dropFirst(2).drop(while: \.isNumber).first == " "
            {
                items.append(current)
                current = ""
                rest = rest.dropFirst(2)
                continue
            }
            current.append(character)
            rest = rest.dropFirst()
        }
        if !current.isEmpty { items.append(current) }
        return items
    }

    /// `-p, --print            Print ...`, `--source URL|PATH  Read ...`, `--import-opml FILE Add ...`:
    /// the placeholder follows the name after one space, the help after the column's spaces.
    private static func option(_ text: String) -> Option? {
        var rest = Substring(text)
        var short: String?
        if rest.hasPrefix("-"), !rest.hasPrefix("--"), let comma = rest.firstIndex(of: ",") {
            short = String(rest[..<comma])
            rest = rest[rest.index(after: comma)...].drop { $0 == " " }
        }
        guard rest.hasPrefix("--") else { return nil }
        let name = rest.prefix { $0 != " " }
        rest = rest.dropFirst(name.count)
        var placeholder: String?
        if rest.hasPrefix(" "), !rest.hasPrefix("  ") {
            let word = rest.dropFirst().prefix { $0 != " " }
            placeholder = String(word)
            rest = rest.dropFirst(1 + word.count)
        }
        return Option(short: short, long: String(name), placeholder: placeholder, summary: String(rest.drop { $0 == " " }))
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
