import FoundationEssentials

/// Why sources could not be added to the config file, as one sentence for a person.
public enum ConfigAppendError: Error, Sendable, Equatable {
    /// The config file has an error; nothing was written.
    case config(ConfigError)
    /// The config file could not be written; it is unchanged.
    case cannotWrite(path: String, reason: String)

    public var message: String {
        switch self {
        case .config(let error): return error.message
        case .cannotWrite(let path, let reason): return "Could not write \(path): \(reason); it is unchanged."
        }
    }
}

/// Adds sources to the config file (`--add`, `--import-opml`, `--import-newsboat`). The file's
/// existing bytes are kept exactly (comments, order, spacing); new sections are appended at the
/// end; the file is created (mode 0600, folder 0700) when missing and replaced atomically, so
/// it is never left half-written, and the new text must read back before it replaces the old.
public struct ConfigAppend: Sendable {
    /// The config file as a person would write it (`~/.config/headlines/config`).
    public let display: String
    /// What the file says now (empty when there is none).
    public let config: Config
    private let target: URL
    private let existing: ConfigFile.Contents?
    private let environment: [String: String]
    private let knownActions: Set<String>

    /// Reads the config file at `configURL` (through a symbolic link: dotfiles are often linked).
    public init(config configURL: URL, environment: [String: String], knownActions: Set<String>) throws(ConfigAppendError) {
        let target = configURL.resolvingSymlinksInPath()
        let display = ConfigPaths.display(configURL.path, environment: environment)
        self.target = target
        self.display = display
        self.environment = environment
        self.knownActions = knownActions
        do {
            let contents = try ConfigFile.read(target, display: display, mustExist: false, limit: ConfigFile.maxSize)
            existing = contents
            config =
                try contents.map { contents throws(ConfigError) in
                    try ConfigFile.parse(contents, at: target, environment: environment, knownActions: knownActions)
                } ?? .empty
        } catch {
            throw .config(error)
        }
    }

    /// Appends `sections` under a comment line saying where they came from; `settings` (global
    /// settings, which must come before any section) go at the file's start, under the same comment.
    /// `makePrivate`: the text holds a password, so the file is made readable by its owner only.
    public func append(
        _ sections: [String], comment: String, settings: [String] = [], settingsComment: String? = nil, makePrivate: Bool = false
    ) throws(ConfigAppendError) {
        guard !sections.isEmpty || !settings.isEmpty else { return }
        let old = existing?.data ?? Data()
        var data = Data()
        if !settings.isEmpty {
            let newline = old.firstRange(of: Data("\r\n".utf8)) != nil ? "\r\n" : "\n"
            let head = "# " + Sanitizer.clean(settingsComment ?? comment, maxLength: TextLimits.description) + "\n" + settings.joined(separator: "\n") + "\n\n"
            data.append(Data((newline == "\n" ? head : head.replacing("\n", with: "\r\n")).utf8))
        }
        data.append(old)
        if !sections.isEmpty { data.append(Data(Self.appendix(to: old, comment: comment, sections: sections).utf8)) }
        // Refused before writing: a config past the limit would stop every later run.
        guard data.count <= ConfigFile.maxSize else {
            throw .cannotWrite(
                path: display,
                reason:
                    "it would grow to \(ByteCount.describe(data.count)), past the config's limit of \(ByteCount.describe(ConfigFile.maxSize)) (add fewer feeds)"
            )
        }
        do {
            _ = try ConfigFile.parse(ConfigFile.Contents(data: data, mode: 0o600), at: target, environment: environment, knownActions: knownActions)
        } catch {
            throw .cannotWrite(path: display, reason: "the new text would not read back (\(error.statement))")
        }
        do {
            try AtomicFileWriter.write(data, to: target, mode: makePrivate ? 0o600 : existing.map { $0.mode & 0o7777 } ?? 0o600)
        } catch {
            throw .cannotWrite(path: display, reason: error.reason)
        }
    }

    /// The text to append after `old`: on a line of its own, after a blank line, with the file's line ending.
    static func appendix(to old: Data, comment: String, sections: [String]) -> String {
        let newline = old.firstRange(of: Data("\r\n".utf8)) != nil ? "\r\n" : "\n"
        var text = ""
        if let last = old.last {
            if last != UInt8(ascii: "\n") { text += "\n" }
            text += "\n"
        }
        text += "# " + Sanitizer.clean(comment, maxLength: TextLimits.description) + "\n"
        text += sections.joined(separator: "\n\n") + "\n"
        return newline == "\n" ? text : text.replacing("\n", with: "\r\n")
    }
}

/// A feed to add to the config, from the command line, an OPML file or newsboat's urls file.
public struct FeedToAdd: Sendable, Equatable {
    public var url: URL
    /// The name it had where it came from; nil: the URL's host names it.
    public var title: String?
    public var group: String?
    public var site: URL?
    /// Every tag it had (newsboat's), kept in the config's `tags =`.
    public var tags: [String]

    public init(url: URL, title: String? = nil, group: String? = nil, site: URL? = nil, tags: [String] = []) {
        self.url = url
        self.title = title
        self.group = group
        self.site = site
        self.tags = tags
    }
}

/// The sections an import will append: one per feed whose URL is new, with a name not yet taken.
public struct ConfigSections: Sendable {
    private var urls: Set<String>
    private var names: Set<String>
    /// For a base name already numbered, the number to try next.
    private var nextNumber: [String: Int] = [:]
    public private(set) var sections: [String] = []
    /// Feeds whose URL the config (or an earlier feed of the same import) already had.
    public private(set) var duplicates = 0

    public init(config: Config) {
        urls = Set(config.sources.compactMap { $0.location.map(FeedURLKey.key) })
        names = Set(config.sources.map(\.name) + config.queries.map(\.name))
    }

    /// Adds a `[query "Name"]` section; false when the name is taken.
    @discardableResult
    public mutating func addQuery(name: String, filter: String) -> Bool {
        guard names.insert(name).inserted else { return false }
        sections.append(["[query \(ConfigText.quote(name))]", "filter = \(ConfigText.encode(filter))"].joined(separator: "\n"))
        return true
    }

    /// Whether the config already names this URL.
    public func has(_ url: URL) -> Bool { urls.contains(FeedURLKey.key(url)) }

    /// Whether a source already has this name.
    public func hasName(_ name: String) -> Bool { names.contains(name) }

    /// Adds a section for `feed` and returns its name; nil when its URL is already there.
    @discardableResult
    public mutating func add(_ feed: FeedToAdd) -> String? {
        guard urls.insert(FeedURLKey.key(feed.url)).inserted else {
            duplicates += 1
            return nil
        }
        // Room for " (99)" within the longest name the parser keeps.
        let cleaned = Sanitizer.clean(feed.title ?? feed.url.host ?? "Feed", maxLength: TextLimits.name - 8)
        let base = cleaned.isEmpty ? "Feed" : cleaned
        var name = base
        // Numbering resumes where it stopped for this base: many feeds of one host, untitled,
        // would otherwise try every taken number again (quadratic: 60,000 took minutes).
        var number = nextNumber[base] ?? 2
        while names.contains(name) {
            name = "\(base) (\(number))"
            number += 1
        }
        if name != base { nextNumber[base] = number }
        names.insert(name)
        var lines = ["[source \(ConfigText.quote(name))]", "url = \(ConfigText.encode(feed.url.absoluteString))"]
        if let group = feed.group { lines.append("group = \(ConfigText.encode(group))") }
        if let site = feed.site { lines.append("site = \(ConfigText.encode(site.absoluteString))") }
        if !feed.tags.isEmpty { lines.append("tags = \(ConfigText.encode(SourceSectionBuilder.tagsValue(feed.tags)))") }
        sections.append(lines.joined(separator: "\n"))
        return name
    }
}

extension ConfigAppendError: ReadableError {}
