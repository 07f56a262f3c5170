import NewsCore

/// The command line as the man page and the shell completions are written from it: the
/// options (`OptionTable`), the environment and the exit statuses (`HelpText`), the same tables
/// `--help` is written from, so an option added to the table reaches them all with a
/// regeneration (`make docs`).
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

        /// The values completions offer (`--log-level`); nil: as the placeholder says.
        var choices: [String]?

        /// What the option's value can be, for completions.
        var values: ValueKind {
            if let choices { return .oneOf(choices) }
            switch placeholder {
            case nil: return .none
            case "FILE", "[FILE]", "PATH", "URL|PATH": return .file
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

    static let current = UsageTable(
        description: HelpText.description.joined(separator: " "),
        options: OptionTable.all.map { option in
            Option(
                short: option.short, long: option.long, placeholder: option.placeholder, summary: option.help.joined(separator: " "), choices: option.choices)
        },
        environment: HelpText.environment.map { Variable(name: $0.name, meaning: $0.meaning) },
        exitStatuses: HelpText.exitStatuses)
}
