/// What each config file setting means, in the words the README's settings table and the man
/// page both use: the global settings' rows come from `SettingsTable`, where each is read; the
/// sections' are here (tests keep them and the sections' keys in step, and the README's table
/// equal to `markdown()`).
public enum ConfigDocumentation {
    /// One row: settings documented together, and what they do. Text may hold `code` spans.
    public struct Entry: Sendable, Equatable {
        public let names: [String]
        public let meaning: String

        init(_ names: [String], _ meaning: String) {
            self.names = names
            self.meaning = meaning
        }
    }

    /// The global settings, before the first section, as `SettingsTable` documents them.
    public static let settings: [Entry] = SettingsTable.entries.reduce(into: []) { rows, setting in
        switch setting.meaning {
        case .row(let meaning): rows.append(Entry([setting.name], meaning))
        case .withAbove: rows[rows.count - 1] = Entry(rows[rows.count - 1].names + [setting.name], rows[rows.count - 1].meaning)
        }
    }

    /// The settings of a `[source "Name"]` section.
    public static let sourceSettings: [Entry] = [
        Entry(
            ["url"],
            "An http or https URL, a `file://` URL, or a path starting with `/`, `~/`, `./` or `../` (relative paths are read from the config's folder)"),
        Entry(["newsapi"], "`top-headlines` or `everything`: a NewsAPI source instead of a URL"),
        Entry(["country"], "With `newsapi`: a two-letter country code (`us`, `gb`, `de`)"),
        Entry(["category"], "With `newsapi`: \(NewsAPIFilters.categories.map { "`\($0)`" }.joined(separator: ", "))"),
        Entry(["query"], "With `newsapi`: only articles that match these words"),
        Entry(["group"], "The Sources screen's heading for the source (`/` nests folders in OPML; `\\/` is a `/` within a folder's name)"),
        Entry(["site"], "The site's home page, kept for OPML"),
        Entry(["tags"], "Comma-separated tags: `t` on the Sources screen lists them, and filters test them (`tag = linux`)"),
        Entry(["ignore"], "A kill rule for this source's articles, besides the global one"),
        Entry(["max-items"], "As the global `max-items`, for this source"),
        Entry(["full-text"], "As the global `full-text`, for this source"),
    ]

    /// The settings of a `[query "Name"]` section.
    public static let querySettings: [Entry] = [
        Entry(["filter"], "The filter expression (see Filters) a query feed's articles, from every source, pass"),
        Entry(["full-text"], "As the global `full-text`, for the new articles that pass the filter"),
    ]

    /// The settings of a `[server "Name"]` section: a Tiny Tiny RSS, Fever, Google Reader API, Miniflux or Nextcloud News server.
    public static let serverSettings: [Entry] = [
        Entry(
            ["kind"],
            "`ttrss` (Tiny Tiny RSS's API), `fever` (the Fever API: Miniflux, FreshRSS, Coldsweat and others), `greader` (the Google Reader API: FreshRSS, Miniflux, Inoreader, The Old Reader, BazQux), `freshrss` and `inoreader` (greader at their usual paths), `miniflux` (Miniflux's own API), or `nextcloud` (Nextcloud News' API)"
        ),
        Entry(
            ["url"],
            "The server's address (TT-RSS: its page, whose `api/` is called; Fever and greader: the API's own address, FreshRSS's `…/api/greader.php`; freshrss: its page, whose `api/greader.php` is called; inoreader: none needed, `https://www.inoreader.com`; miniflux: its address, whose `v1/` is called; nextcloud: its address, whose `index.php/apps/news/api/v1-3/` is called)"
        ),
        Entry(["user"], "The account's name (miniflux: none to send the password as an API token, made in Miniflux's Settings > API Keys)"),
        Entry(["password-command"], "A command whose first line of output is the password, run without a shell (`pass show rss/home`)"),
        Entry(["password-file"], "A file whose first line is the password; it must not be readable by others (`chmod 600 FILE`)"),
        Entry(["password"], "The password itself, only in a config file others cannot read"),
        Entry(
            ["require-https"],
            "`yes` never sends the password (or Fever's key) to an `http://` address: the sync stops with a sentence and asks nothing; else it is sent and said once a run (the global `require-https`, else `no`)"
        ),
        Entry(
            ["app-id"],
            "Google Reader kinds: a registered app's id, sent with every request; Inoreader needs it and `app-key` (register an app under Preferences, Developer)"
        ),
        Entry(["app-key"], "That app's key, sent beside `app-id` and never shown"),
        Entry(
            ["sync-limit"],
            "The most articles one sync may bring before it is taken for a server that never stops sending (the default: 100,000, or four times what the cache held of the account, whichever is more); set it only to raise that for an account that really holds more"
        ),
    ]

    /// The elements a `color ELEMENT FOREGROUND BACKGROUND [ATTRIBUTES]` line colours, with their default look.
    public static let colourElements: [Entry] = [
        Entry(["list"], "Rows of the lists (the terminal's colours)"),
        Entry(["unread"], "Rows of unread articles (bold)"),
        Entry(["selection"], "The selected row (reverse video)"),
        Entry(["status"], "The status bar at the bottom (reverse video)"),
        Entry(["heading"], "The title line, the Sources screen's groups, the help's sections and an article's headings (magenta, bold)"),
        Entry(["marks"], "The marks in a list's gutter: `*` starred, `N` new, `•` unread (green, bold)"),
        Entry(["link"], "Links in an article and its address (magenta, underlined)"),
        Entry(["quote"], "Quoted text in an article (dim)"),
    ]

    /// What `color` lines take, in one sentence for the README and the man page.
    public static let colourSyntax =
        "`color ELEMENT FOREGROUND BACKGROUND [ATTRIBUTES]` colours an element. A colour is "
        + "`default` (the terminal's own), a name (`black`, `red`, `green`, `yellow`, `blue`, `magenta`, `cyan`, `white`, or one of them "
        + "after `bright`: `brightblue`), `color0` to `color255`, or `#rrggbb` (exact where `COLORTERM` says the terminal has 24-bit colour, "
        + "else the nearest colour it has). Attributes are `bold`, `underline`, `reverse`, `dim` and `italic`, and replace the element's own. "
        + "`NO_COLOR` turns colours off whatever the config says"

    /// The names `SettingsTable` and the source section accept, for the tests that keep this table whole.
    static var acceptedSettings: [String] { SettingsTable.names }
    static var acceptedSourceSettings: [String] { SourceSectionBuilder.keys }
    static var acceptedServerSettings: [String] { ServerSectionBuilder.keys }
    static var acceptedColourElements: [String] { ColourScheme.Element.allCases.map(\.rawValue) }

    /// The README's settings table.
    public static func markdown() -> String {
        table(header: "| Setting | Meaning (default) |", settings)
    }

    /// The README's table of colour elements.
    public static func colourMarkdown() -> String {
        table(header: "| Element | What it colours (default) |", colourElements)
    }

    private static func table(header: String, _ entries: [Entry]) -> String {
        var lines = [header, "| --- | --- |"]
        for entry in entries {
            lines.append("| \(entry.names.map { "`\($0)`" }.joined(separator: ", ")) | \(entry.meaning) |")
        }
        return lines.joined(separator: "\n")
    }
}
