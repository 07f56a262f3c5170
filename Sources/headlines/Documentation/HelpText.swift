/// What `--help` prints, written from the tables the man page and the shell completions are
/// also made from: the options (`OptionTable`), the environment and the exit statuses here.
enum HelpText {
    /// The paragraph between the usage line and the options, as `--help` wraps it.
    static let description = [
        "A terminal news reader. With no options it opens the config file's sources; without",
        "any, NewsAPI's top headlines when NEWSAPI_KEY is set, and the bundled demo edition",
        "otherwise. Articles are kept in a cache, so the last headlines show at once.",
    ]

    /// The environment variables read, each with its meaning.
    static let environment: [(name: String, meaning: String)] = [
        ("NEWSAPI_KEY", "Your NewsAPI key (sent only to the NewsAPI base, as X-Api-Key)"),
        ("BROWSER", "The program `o` opens links with (default xdg-open)"),
        ("XDG_DOWNLOAD_DIR", "The parent of the default save folder"),
        ("NO_COLOR", "Set to turn colours off (pictures in ASCII shades)"),
        ("COLORTERM", "truecolor or 24bit: pictures in 24-bit colour"),
        ("XDG_CONFIG_HOME", "The config file's folder's parent (else ~/.config)"),
        ("XDG_CACHE_HOME", "The cache's folder's parent (else ~/.cache)"),
    ]

    /// What a newcomer with no config file does next.
    static let firstSteps = [
        "With no config file: write one (see the README), or start one with --add URL,",
        "--import-opml FILE or --import-newsboat.",
    ]

    /// Each exit status and what it means.
    static let exitStatuses: [(status: String, meaning: String)] = [
        ("0", "done (with --print: some source printed; with --refresh: some source was refreshed; each failure has its line on stderr)"),
        ("1", "the fetch or decoding failed (no source printed or refreshed)"),
        ("2", "a usage error"),
    ]

    /// The column the options' help starts in, and the width the paragraphs wrap at.
    static let helpColumn = 25
    static let width = 90

    static let usage: String = {
        var lines = ["Usage: headlines [options]", ""] + description + ["", "Options:"]
        for option in OptionTable.all {
            var name = "  " + (option.short.map { $0 + ", " } ?? "    ") + option.long
            if let placeholder = option.placeholder { name += " " + placeholder }
            // The help one space past the column when the name reaches it, two past a longer name.
            let gap = name.count < helpColumn ? String(repeating: " ", count: helpColumn - name.count) : "  "
            lines.append(name + gap + (option.help.first ?? ""))
            let indent = String(repeating: " ", count: helpColumn)
            lines += option.help.dropFirst().map { indent + $0 }
        }
        lines += ["", "Environment:"]
        for (name, meaning) in environment {
            lines.append("  " + name + String(repeating: " ", count: max(1, helpColumn - 2 - name.count)) + meaning)
        }
        lines += [""] + firstSteps + [""]
        let statuses = exitStatuses.map { "\($0.status) \($0.meaning)" }.joined(separator: ", ")
        lines += wrapped("Exit status: " + statuses + ".")
        return lines.joined(separator: "\n")
    }()

    /// `text` in lines of at most `width` characters, broken at spaces.
    private static func wrapped(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
