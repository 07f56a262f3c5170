import FoundationEssentials

/// What newsboat's `config` file says that Headlines can say too, as lines of Headlines' config:
/// `ignore-article` (its expression translated exactly, as query feeds are), `color`, `bind-key`
/// (where an operation maps to an action), `browser`, `show-read-feeds`, `show-read-articles`,
/// `max-items`, `datetime-format`, `refresh-on-startup`, `reload-time` with `auto-reload`,
/// `articlelist-format`, `feedlist-format`, `text-width`, `player`, `notify-program`,
/// `save-path`, `download-path`, `unbind-key`, and the sync settings (see `NewsboatSyncSettings`).
/// Every other line, and every line of those that cannot be carried, is named with why. The file is hostile like any input: each value is
/// checked as Headlines' own config checks it, and the result is parsed again before it is written.
public struct NewsboatConfig: Sendable, Equatable {
    /// Global setting lines (`browser = ...`), kept before the config's first section.
    public var settings: [Carried] = []
    /// `color` and `bind` lines, which may come anywhere in the file.
    public var lines: [Carried] = []

    /// A line of this config, and the line of newsboat's it came from.
    public struct Carried: Sendable, Equatable {
        public var text: String
        public var line: Int
    }
    /// `ignore-article` rules.
    public var ignores: [Ignore] = []
    public var skipped: [NewsboatURLs.Skipped] = []
    /// Lines carried with something the person should know (where a password went, how a program is called now).
    public var notes: [NewsboatURLs.Skipped] = []
    /// The `[server]` section newsboat's sync settings make, if they name a service Headlines syncs with.
    var server: NewsboatSyncSettings.Section?

    /// One `ignore-article`: the feed's URL (`*` for every feed), the filter in Headlines' words, its line.
    public struct Ignore: Sendable, Equatable {
        public var feed: String
        public var filter: String
        public var line: Int
    }

    /// `configName`: where the carried lines go, as a person writes it (a moved password's note names it).
    public static func parse(_ text: String, knownActions: Set<String>, configName: String = "the config") -> NewsboatConfig {
        var result = NewsboatConfig()
        var autoReload = false
        var reloadMinutes: (Int, Int)?  // the value, its line
        var sync = NewsboatSyncSettings()
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (offset, rawLine) in lines.enumerated() {
            let line = offset + 1
            let words = NewsboatURLs.words(rawLine.last == "\r" ? rawLine.dropLast() : rawLine)
            guard let command = words.first, !command.hasPrefix("#") else { continue }
            let arguments = Array(words.dropFirst())
            let entry = NewsboatURLs.entry(command)
            func skip(_ reason: String) { result.skipped.append(NewsboatURLs.Skipped(line: line, entry: entry, reason: reason)) }
            func note(_ sentence: String) { result.notes.append(NewsboatURLs.Skipped(line: line, entry: entry, reason: sentence)) }
            func setting(_ name: String, _ value: String) {
                var settings = ConfigSettings()
                do {
                    // Checked only: `~/` stands for whatever home the config is read in.
                    let paths = ConfigPathResolver(folder: URL(fileURLWithPath: "/"), home: "/")
                    try SettingsTable.apply(name, value: value, to: &settings, paths: paths)
                    result.settings.append(Carried(text: "\(name) = \(ConfigText.encode(value))", line: line))
                } catch {
                    skip(error.reason)
                }
            }
            switch command {
            case "ignore-article":
                guard arguments.count == 2 else {
                    skip("it takes a feed and an expression: ignore-article \"*\" \"title =~ \\\"x\\\"\"")
                    continue
                }
                do {
                    let filter = try NewsboatQuery.expression(arguments[1])
                    _ = try ArticleFilter(filter)
                    result.ignores.append(Ignore(feed: arguments[0], filter: filter, line: line))
                } catch let error as NewsboatQueryError {
                    skip("its expression has no exact translation: " + error.reason)
                } catch {
                    skip("its expression does not read")
                }
            case "color":
                guard let translated = colour(arguments, skip: skip) else { continue }
                result.lines.append(Carried(text: translated, line: line))
            case "bind-key":
                guard let translated = binding(arguments, knownActions: knownActions, skip: skip) else { continue }
                result.lines.append(Carried(text: translated, line: line))
            case "show-read-feeds": yesNo(arguments, "show-read-sources", setting: setting, skip: skip)
            case "show-read-articles": yesNo(arguments, "show-read", setting: setting, skip: skip)
            case "refresh-on-startup": yesNo(arguments, "refresh-on-start", setting: setting, skip: skip)
            case "max-items":
                guard let value = arguments.first, let count = Int(value) else { skip("it takes a number"); continue }
                if count == 0 { skip("0 is newsboat's default (keep them all), which is Headlines' too"); continue }
                setting("max-items", value)
            case "datetime-format", "articlelist-format", "feedlist-format":
                guard let value = arguments.first, arguments.count == 1 else { skip("it takes one value"); continue }
                setting(command, value)
            case "auto-reload":
                autoReload = arguments.first.map { ["yes", "true"].contains($0.lowercased()) } ?? false
            case "reload-time":
                guard let value = arguments.first.flatMap(Int.init), value > 0 else { skip("it takes a number of minutes"); continue }
                reloadMinutes = (value, line)
            case "text-width":
                guard let value = arguments.first, let columns = Int(value) else { skip("it takes a number"); continue }
                if columns == 0 { skip("0 is newsboat's default (the terminal's width), which Headlines' is too"); continue }
                setting("text-width", value)
            case "browser", "player", "notify-program":
                guard let value = arguments.first, arguments.count == 1 else { skip("it takes one command"); continue }
                if value.contains(where: { "|;&$`<>()".contains($0) }) {
                    skip("newsboat runs it through a shell, and Headlines runs programs without one")
                    continue
                }
                if command == "notify-program" {
                    setting("notify", value)
                    note("carried as notify: the program gets the count of new articles, -- and the newest titles, not newsboat's one message")
                } else {
                    setting(command, value)
                }
            case "save-path", "download-path":
                guard let value = arguments.first, arguments.count == 1 else { skip("it takes one folder"); continue }
                setting(command == "save-path" ? "save-dir" : "podcast-dir", value)
            case "unbind-key":
                guard let key = arguments.first, let translated = keyName(key, skip: skip) else {
                    if arguments.isEmpty { skip("it takes a key") }
                    continue
                }
                result.lines.append(Carried(text: "unbind \(translated)", line: line))
            case "urls", "cache-file", "podcast-auto-enqueue":
                skip("a file or habit of newsboat's own, which Headlines keeps its own way")
            case "ignore-mode":
                skip("Headlines always keeps ignored articles in the cache and hides them, as newsboat's \"display\" mode does")
            case "include":
                skip("Headlines does not read other files from its config")
            default:
                if NewsboatSyncSettings.isSyncSetting(command) {
                    sync.take(command, arguments, line: line)
                } else {
                    skip("Headlines has no setting of that name")
                }
            }
        }
        result.server = sync.section(
            configName: configName,
            skip: { line, entry, reason in result.skipped.append(NewsboatURLs.Skipped(line: line, entry: entry, reason: reason)) },
            note: { line, entry, sentence in result.notes.append(NewsboatURLs.Skipped(line: line, entry: entry, reason: sentence)) })
        if let (minutes, line) = reloadMinutes {
            if autoReload {
                result.settings.append(Carried(text: "refresh-minutes = \(minutes)", line: line))
            } else {
                result.skipped.append(
                    NewsboatURLs.Skipped(line: line, entry: "reload-time", reason: "auto-reload is off, so newsboat never reloads on its own"))
            }
        }
        result.keepLastOfEachSetting()
        return result
    }

    /// newsboat takes the last line of a setting given twice: so does the import, naming the
    /// earlier ones, where this config would refuse the repeat.
    private mutating func keepLastOfEachSetting() {
        var last: [String: Int] = [:]  // setting name: index of its last line
        for (index, carried) in settings.enumerated() { last[Self.name(of: carried)] = index }
        var kept: [Carried] = []
        for (index, carried) in settings.enumerated() {
            let name = Self.name(of: carried)
            if last[name] == index {
                kept.append(carried)
            } else {
                skipped.append(NewsboatURLs.Skipped(line: carried.line, entry: name, reason: "a later line sets it again, and newsboat takes the last"))
            }
        }
        settings = kept
        skipped.sort { $0.line < $1.line }
    }

    /// The setting a carried line sets (`browser` of `browser = firefox`).
    private static func name(of carried: Carried) -> String { String(carried.text.prefix { $0 != " " }) }

    private static func yesNo(_ arguments: [String], _ name: String, setting: (String, String) -> Void, skip: (String) -> Void) {
        switch arguments.first?.lowercased() {
        case "yes", "true": setting(name, "yes")
        case "no", "false": setting(name, "no")
        default: skip("it takes yes or no")
        }
    }

    /// newsboat's elements that Headlines colours, and what they are called here.
    static let elements: [String: String] = [
        "listnormal": "list", "listnormal_unread": "unread", "listfocus": "selection", "info": "status", "title": "heading",
        "hint-key": "marks",
    ]

    private static func colour(_ arguments: [String], skip: (String) -> Void) -> String? {
        guard arguments.count >= 3 else {
            skip("it takes an element and two colours")
            return nil
        }
        guard let element = elements[arguments[0]] else {
            skip("Headlines has no element \(Sanitizer.clean(arguments[0], maxLength: 40)) (its elements: list, unread, selection, status, heading, marks)")
            return nil
        }
        var attributes: [String] = []
        for attribute in arguments.dropFirst(3) {
            switch attribute.lowercased() {
            case "standout": attributes.append("reverse")
            case "bold", "underline", "reverse", "dim", "italic": attributes.append(attribute.lowercased())
            default:
                skip("Headlines has no attribute \(Sanitizer.clean(attribute, maxLength: 40))")
                return nil
            }
        }
        let line = (["color", element] + arguments[1...2].map { $0.lowercased() } + attributes).joined(separator: " ")
        do {
            _ = try ColourLine.parse(Substring(line), line: 0)
            return line
        } catch {
            skip(error.reason)
            return nil
        }
    }

    /// newsboat's operations that an action of Headlines does.
    static let operations: [String: String] = [
        "open": "read", "reload": "reload", "reload-all": "reload-all", "quit": "back", "hard-quit": "quit",
        "next-unread": "next-unread", "next": "next-article", "prev": "previous-article", "toggle-article-read": "toggle-read",
        "mark-feed-read": "mark-all-read", "mark-all-feeds-read": "mark-everything-read", "open-in-browser": "open-in-browser",
        "open-in-browser-and-mark-read": "open-in-browser", "save": "save-article", "pipe-to": "pipe-article", "search": "search",
        "help": "help", "redraw": "redraw", "up": "up", "down": "down", "pageup": "page-up",
        "pagedown": "page-down", "home": "first", "end": "last", "sort": "cycle-sort", "rev-sort": "cycle-sort",
        "enqueue": "download-enclosure", "reload-urls": "reload-config", "select-tag": "tags", "edit-flags": "toggle-star",
        "toggle-show-read-feeds": "toggle-show-read", "prev-unread": "prev-unread", "next-feed": "next-feed", "prev-feed": "prev-feed",
    ]

    /// newsboat's key names that Headlines writes another way.
    static let keys: [String: String] = [
        "ENTER": "Enter", "ESC": "Esc", "UP": "Up", "DOWN": "Down", "LEFT": "Left", "RIGHT": "Right", "PPAGE": "PgUp",
        "NPAGE": "PgDn", "HOME": "Home", "END": "End", "TAB": "Tab", "SPACE": "Space", "BACKSPACE": "Backspace",
    ]

    private static func binding(_ arguments: [String], knownActions: Set<String>, skip: (String) -> Void) -> String? {
        guard arguments.count >= 2 else {
            skip("it takes a key and an operation")
            return nil
        }
        let operation = arguments[1]
        guard let action = operations[operation], knownActions.contains(action) else {
            skip("no action of Headlines does what \(Sanitizer.clean(operation, maxLength: 40)) does")
            return nil
        }
        guard let key = keyName(arguments[0], skip: skip) else { return nil }
        // A key bound for one of newsboat's dialogs is bound where the action works here.
        return "bind \(key) \(action)"
    }

    /// newsboat's name of a key as this config writes it (`^T` is `Ctrl-t`, `ENTER` is `Enter`).
    private static func keyName(_ newsboatKey: String, skip: (String) -> Void) -> String? {
        var key = newsboatKey
        if let named = keys[key] {
            key = named
        } else if key.hasPrefix("^"), key.count == 2 {
            key = "Ctrl-" + key.dropFirst().lowercased()
        } else if key.count > 1, key.first == "F", Int(key.dropFirst()) != nil {
            // F1 to F12, as written.
        } else if key.count != 1 {
            skip("Headlines has no key \(Sanitizer.clean(key, maxLength: 40))")
            return nil
        }
        do {
            _ = try KeyName.parse(key)
        } catch {
            skip(error.reason)
            return nil
        }
        return key
    }
}
