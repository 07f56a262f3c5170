import FoundationEssentials

/// Reads the config file's text into a checked `Config`, or the first error with its line.
///
/// The format, one construct a line: blank lines and lines starting with `#` are ignored;
/// `name = value` sets a global setting (before the first section) or a section's setting (after
/// its header); `[source "Name"]` starts a source, `[server "Name"]` a feed server, `[query "Name"]` a query feed;
/// `bind KEY ACTION` and `unbind KEY` change the
/// keys; `color ELEMENT FOREGROUND BACKGROUND [ATTRIBUTES]` colours a part of the interface. Values are trimmed, or quoted with `"..."` and backslash escapes.
public enum ConfigParser {
    /// - Parameters:
    ///   - file: the file's name as messages show it (`~/.config/headlines/config`).
    ///   - folder: the folder relative paths in the file are read from (the file's own).
    ///   - environment: for `HOME`, which `~/` means.
    ///   - knownActions: the action names `bind` may name (the UI's key table).
    public static func parse(
        _ text: String, file: String, folder: URL, environment: [String: String], knownActions: Set<String>
    ) throws(ConfigError) -> Config {
        var state = ParserState(
            paths: ConfigPathResolver(folder: folder, home: ConfigPaths.home(environment)), knownActions: knownActions
        )
        var number = 0
        // "\r\n" is one Character in Swift, so both forms of line end are named.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            var line = rawLine
            if line.last == "\r" { line = line.dropLast() }
            if number == 1, line.first == "\u{FEFF}" { line = line.dropFirst() }
            let trimmed = line.trimmingSpaces
            do {
                try state.read(trimmed, line: number, indent: line.distance(from: line.startIndex, to: trimmed.startIndex))
            } catch {
                throw ConfigError(file: file, line: error.line, reason: error.reason)
            }
        }
        do {
            return try state.finish()
        } catch {
            throw ConfigError(file: file, line: error.line, reason: error.reason)
        }
    }
}

/// The parser's progress through the file.
private struct ParserState {
    let paths: ConfigPathResolver
    let knownActions: Set<String>
    var config = Config()
    var section: SourceSectionBuilder?
    var server: ServerSectionBuilder?
    /// The `[query "Name"]` being read: its name, header line and filter so far.
    var query: (name: String, line: Int, filter: ArticleFilter?, readsFullText: Bool)?
    /// Source, server and query names already used, with their lines.
    var names: [String: Int] = [:]

    init(paths: ConfigPathResolver, knownActions: Set<String>) {
        self.paths = paths
        self.knownActions = knownActions
    }

    /// - Parameter indent: the characters before `text` on its line, for columns in messages.
    mutating func read(_ text: Substring, line: Int, indent: Int) throws(ConfigLineError) {
        guard let first = text.first, first != "#" else { return }
        // A header ends the section before it, whose errors carry their own lines.
        if first == "[" { try closeSection() }
        do {
            try readLine(text, line: line, indent: indent)
        } catch {
            throw ConfigLineError(line, error.reason)
        }
    }

    private mutating func readLine(_ text: Substring, line: Int, indent: Int) throws(LineError) {
        guard let first = text.first else { return }
        if let control = text.unicodeScalars.first(where: \.isForbiddenControl) {
            throw LineError(
                "the line holds the control character U+\(String(control.value, radix: 16, uppercase: true).leftPadded(4)) (write tabs and newlines in values as \\t and \\n inside quotes)"
            )
        }
        if first == "[" { return try startSection(text, line: line) }
        let keyword = text.prefix { $0 != " " && $0 != "\t" }
        if keyword == "bind" || keyword == "unbind" { return try binding(text, line: line) }
        guard let equals = text.firstIndex(of: "=") else {
            if keyword == "color" || keyword == "colour" { return try colour(text, line: line, indent: indent) }
            if SecretLine.looksSecret(text) {
                throw LineError("expected a setting (name = value); the line looks like it holds a secret, so it is not shown")
            }
            throw LineError(
                "expected a setting (name = value), a section ([source \"Name\"]), bind, unbind or color, not \(ConfigText.quoted(String(text)))"
            )
        }
        let name = text[..<equals].trimmingSpaces.lowercased()
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            if SecretLine.looksSecret(text) {
                throw LineError(
                    "the name before = is not a setting name (names are letters, digits and -); the line looks like it holds a secret, so it is not shown")
            }
            throw LineError("\(ConfigText.quoted(name)) is not a setting name (names are letters, digits and -)")
        }
        let value = try ConfigText.value(text[text.index(after: equals)...])
        guard !value.isEmpty || text[text.index(after: equals)...].trimmingSpaces.first == "\"" else {
            throw LineError("\(name) has no value")
        }
        if section != nil {
            try section?.set(name, value: value, line: line, paths: paths)
            return
        }
        if server != nil {
            try server?.set(name, value: value, line: line, paths: paths)
            return
        }
        if let current = query {
            switch name {
            case "filter":
                guard current.filter == nil else { throw LineError("filter is given twice in query \(ConfigText.quoted(current.name))") }
                query?.filter = try SettingsTable.filter(value, "filter")
            case "full-text":
                query?.readsFullText = try SettingsTable.flag(value, "full-text")
            default:
                throw LineError("unknown query setting \(ConfigText.quoted(name)) (a query takes filter and full-text)")
            }
            return
        }
        // Given again, the later line wins, as in newsboat, where an override appended at the end
        // of the file is a habit; the earlier line is still checked, and the repeat noted.
        if let first = config.settings.lines[name] {
            config.notes.append(ConfigNote(line: line, text: "\(name) is set again (first on line \(first)); this later line wins"))
        }
        try SettingsTable.apply(name, value: value, to: &config.settings, paths: paths)
        config.settings.lines[name] = line
    }

    private mutating func startSection(_ text: Substring, line: Int) throws(LineError) {
        guard text.last == "]" else { throw LineError("a section header ends with ]") }
        let words = try ConfigText.words(text.dropFirst().dropLast())
        guard let kind = words.first, kind == "source" || kind == "server" || kind == "query" else {
            throw LineError(
                "unknown section \(ConfigText.quoted(String(text))) (sources are written [source \"Name\"], servers [server \"Name\"], queries [query \"Name\"])"
            )
        }
        guard words.count == 2 else { throw LineError("a \(kind) section is written [\(kind) \"Name\"]") }
        let name = Sanitizer.clean(words[1], maxLength: TextLimits.name)
        guard !name.isEmpty else { throw LineError("a \(kind) needs a name: [\(kind) \"Name\"]") }
        if let first = names[name] {
            throw LineError("duplicate \(kind) name \(ConfigText.quoted(name)) (first on line \(first))")
        }
        names[name] = line
        if kind == "server" {
            server = ServerSectionBuilder(name: name, line: line)
        } else if kind == "query" {
            query = (name, line, nil, false)
        } else {
            section = SourceSectionBuilder(name: name, line: line)
        }
    }

    private mutating func binding(_ text: Substring, line: Int) throws(LineError) {
        let words = try ConfigText.words(text)
        if words[0] == "unbind" {
            guard words.count == 2 else { throw LineError("unbind takes one key: unbind KEY") }
            config.bindings.append(.unbind(try KeyName.parse(words[1]), line: line))
            return
        }
        guard words.count == 3 else { throw LineError("bind takes a key and an action: bind KEY ACTION") }
        let key = try KeyName.parse(words[1])
        let action = words[2]
        guard knownActions.contains(action) else {
            let near = knownActions.sorted().first { EditDistance.isAtMostOne(action, $0) }
            let hint =
                near.map { " (did you mean \"\($0)\"?)" }
                ?? " (actions: \(knownActions.sorted().joined(separator: ", ")))"
            throw LineError("unknown action \(ConfigText.quoted(action))" + hint)
        }
        config.bindings.append(.bind(key, action: action, line: line))
    }

    private mutating func colour(_ text: Substring, line: Int, indent: Int) throws(LineError) {
        let (element, look) = try ColourLine.parse(text, line: line, indent: indent)
        if let first = config.colours[element] {
            config.notes.append(ConfigNote(line: line, text: "color \(element.rawValue) is set again (first on line \(first.line)); this later line wins"))
        }
        config.colours.looks[element] = look
    }

    private mutating func closeSection() throws(ConfigLineError) {
        if let server {
            config.servers.append(try server.build(requireHTTPS: config.settings.requireHTTPS))
            self.server = nil
        }
        if let query {
            guard let filter = query.filter else {
                throw ConfigLineError(query.line, "query \(ConfigText.quoted(query.name)) has no filter: give filter = EXPR")
            }
            var finished = QueryConfig(name: query.name, filter: filter, line: query.line)
            finished.readsFullText = query.readsFullText
            config.queries.append(finished)
            self.query = nil
        }
        guard let section else { return }
        config.sources.append(try section.build())
        self.section = nil
    }

    mutating func finish() throws(ConfigLineError) -> Config {
        try closeSection()
        return config
    }
}

extension Unicode.Scalar {
    /// C0 controls other than tab, DEL, and C1 controls: never meaningful in a hand-written file,
    /// and the start of every terminal escape sequence.
    fileprivate var isForbiddenControl: Bool {
        (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
