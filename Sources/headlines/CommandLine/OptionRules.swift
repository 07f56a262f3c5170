/// Which options mean something only beside others, and which go alone: checked once the
/// command line is read, in this order (the first broken rule is the sentence said).
enum OptionRule {
    /// `options` go only with one of `companions`: “--name and --group go with --add.”
    case goWith([String], [String])
    /// `option` needs `other`: “--everything needs --query.”
    case needs(String, String)
    /// At most one of `options` at once, else `sentence`.
    case exclusive([String], String)
    /// `option` goes with none of `others`, else `sentence`.
    case alone(String, besides: [String], String)

    /// The commands that write the config file or print it, one at a time.
    static let fileCommands = ["--add", "--import-opml", "--import-newsboat", "--export-opml"]

    static let all: [OptionRule] = [
        .goWith(["--limit"], ["--search"]),
        .goWith(["--offline", "--unread"], ["--print"]),
        .goWith(["--json"], ["--print"]),
        .exclusive(["--demo", "--source"], "Choose either --demo or --source, not both."),
        .exclusive(fileCommands, "Choose one of --add, --import-opml, --import-newsboat and --export-opml."),
        .goWith(["--name", "--group"], ["--add"]),
        .goWith(["--server"], ["--add"]),
        .goWith(["--strict"], ["--print", "--refresh"]),
        .goWith(["--quiet"], ["--refresh"]),
        .alone("--refresh", besides: ["--print"] + fileCommands, "--refresh goes alone: run --print after it."),
        .alone("--refused-marks", besides: ["--print", "--refresh"] + fileCommands, "--refused-marks goes alone."),
        .needs("--everything", "--query"),
    ]

    /// The sentence for `given` (the long names on the command line; `--search` counts as
    /// `--print`, which it implies), or nil when the rule holds.
    func broken(by given: Set<String>) -> String? {
        switch self {
        case .goWith(let options, let companions):
            guard options.contains(where: given.contains), !companions.contains(where: given.contains) else { return nil }
            return options.joined(separator: " and ") + (options.count == 1 ? " goes" : " go") + " with " + companions.joined(separator: " or ") + "."
        case .needs(let option, let other):
            return given.contains(option) && !given.contains(other) ? "\(option) needs \(other)." : nil
        case .exclusive(let options, let sentence):
            return options.filter(given.contains).count > 1 ? sentence : nil
        case .alone(let option, let others, let sentence):
            return given.contains(option) && others.contains(where: given.contains) ? sentence : nil
        }
    }
}
