/// What each config file setting means, in the words the README's settings table and the man
/// page both use (tests keep this table, `SettingsTable` and the source section's keys in step,
/// and the README's table equal to `markdown()`).
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

    /// The global settings, before the first section.
    public static let settings: [Entry] = [
        Entry(
            ["newsapi-key"],
            "Your NewsAPI key. `NEWSAPI_KEY` wins over it; a file holding a key must not be readable by others (`chmod 600 FILE`), or Headlines refuses it"),
        Entry(["newsapi-url"], "NewsAPI's base URL (`https://newsapi.org`)"),
        Entry(
            ["max-connections", "max-per-host"],
            "Loads at once, in all (\(ConfigSettings.defaultMaxConnections), from 1 to 64) and against one host (\(ConfigSettings.defaultMaxPerHost), from 1 to 16)"
        ),
        Entry(["timeout"], "Seconds a request may take (\(ConfigSettings.defaultTimeoutSeconds), from 1 to 3600)"),
        Entry(["log", "log-level"], "The diagnostic log's file (off) and its level: `error`, `info` (the default) or `debug`"),
        Entry(["keep-days"], "Days the cache keeps articles (\(ConfigSettings.defaultKeepDays))"),
        Entry(["refresh-minutes"], "Reload every source this often (`off`)"),
        Entry(["save-dir", "max-image-size"], "As `--save-dir` (where `d` saves images and `s` articles, as Markdown) and `--max-image-size` (MiB)"),
        Entry(["podcast-dir"], "Where `e` downloads enclosures (at most 4 GiB each), a folder per source (`$XDG_MUSIC_DIR/Podcasts`, else `~/Podcasts`)"),
        Entry(
            ["browser"],
            "The program `o` opens links with and its arguments, run in the terminal without a shell: `%u` is the link, one argument (else it comes last), percent-encoded past what a shell reads as text where it stands inside a longer word (`sh -c \"echo '%u'\"`); wins over `$BROWSER` (xdg-open)"
        ),
        Entry(
            ["player"],
            "The program `P` plays a downloaded enclosure with and its arguments, run in the terminal without a shell, split as `browser` is: `%f` is the file, one argument (else it comes last) (`mpv %f`)"
        ),
        Entry(
            ["notify"],
            "A program run without a shell after a refresh that brought new articles, at most once a minute: its arguments are followed by the count, `--` (so that no title is read as an option) and the newest three titles (off)"
        ),
        Entry(
            ["pipe-command"],
            "The command the pipe key offers to send the article to: edited at its prompt, run in the terminal without a shell, split as `browser` is (none)"
        ),
        Entry(["pipe-format"], "What the pipe key sends: `text` (title, link, date and the text as laid out, the default) or `html` (the article's HTML)"),
        Entry(["bell"], "`yes` rings the terminal when a refresh brought new articles, at most once a minute (`no`)"),
        Entry(["text-width"], "The widest an article's text is laid out, in columns, from 20 to 1000 (the terminal's width)"),
        Entry(["sort"], "The order lists start in: `date` (newest first, the default), `date-asc`, `title` or `source`; `s` cycles them"),
        Entry(["set-title"], "`yes` puts the unread count in the terminal's title, `Headlines (12 unread)`, and gives the old title back at exit (`no`)"),
        Entry(
            ["image-protocol"],
            "How the article's picture is drawn: `kitty`, `sixel` or `iterm2` in real pixels, `cells` in coloured text cells, or `auto` (the default), which asks the terminal and draws cells where none of the three answers, and always in tmux"
        ),
        Entry(["show-read"], "`no` shows unread articles only (`yes`); `U` toggles it"),
        Entry(["show-pictures"], "`no` opens articles without their picture (`yes`); `i` shows or hides pictures for the rest of the session"),
        Entry(
            ["picture-height"], "The most of the screen's height an article's picture takes, from 10% to 90%, so the text starts on the first screen (`35%`)"),
        Entry(["show-read-sources"], "`no` leaves sources with no unread article off the Sources screen (`yes`)"),
        Entry(["refresh-on-start"], "`no` refreshes nothing when the interface starts: only `r`, `R` and `refresh-minutes` do (`yes`)"),
        Entry(
            ["datetime-format"],
            "The lists' dates as a `strftime` pattern, as newsboat's (`%d %b %Y`) (the age: `5m`, `3h`, `2d`, `27 Nov`, and `27 Nov 2024` for another year)"
        ),
        Entry(
            ["articlelist-format"],
            "The lists' rows in newsboat's codes: `%i` number, `%f` marks, `%D` date, `%t` title, `%a` author, `%T` source, `%L` length; `%-17T` and `%4i` align in so many columns, `%?T?then&else?` tests a field, `%>c` fills to the right edge with `c` (the built-in layout)"
        ),
        Entry(
            ["feedlist-format"],
            "The Sources screen's source rows in newsboat's codes: `%i` number, `%n` `N` when unread, `%S` `x` when its load failed (`.` while loading; without `%S` a failing row adds its reason), `%u` (unread/total), `%U` unread, `%c` count, `%t` name, `%T` first tag, `%l` address; widths and tests as in `articlelist-format` (the built-in layout)"
        ),
        Entry(
            ["ignore"],
            "A kill rule: the articles this filter expression matches (see Filters) are not shown, counted or searched, though kept in the cache (none)"),
        Entry(["max-items"], "Each source shows its newest this many articles, starred ones besides (all)"),
        Entry(
            ["full-text"],
            "`yes` reads every new article's own page after a refresh, in the background within the connection limits, and keeps its full text in the cache, shown in place of the feed's summary (as `x` does for one article) (`no`)"
        ),
        Entry(["require-https"], "`yes` makes every `[server]` section refuse to send its password to an `http://` address, as its own `require-https` (`no`)"),
    ]

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
