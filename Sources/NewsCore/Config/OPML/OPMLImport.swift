import FoundationEssentials

/// What `headlines --import-opml FILE` did.
public struct OPMLImportResult: Sendable, Equatable {
    /// Feeds added to the config, each as a new section.
    public let added: Int
    /// Feeds whose URL the config (or an earlier outline) already had.
    public let duplicates: Int
    /// Feed URLs Headlines cannot take (programs, filters, local files, other schemes), sanitised.
    public let unsupported: [String]
    /// The config file, as a person would write it.
    public let configFile: String

    public var skipped: Int { duplicates + unsupported.count }

    /// One line for the terminal: "Added 12 feeds to ~/.config/headlines/config; skipped 3 already there."
    public var summary: String {
        var text = "Added \(added) \(added == 1 ? "feed" : "feeds") to \(configFile)"
        var skips: [String] = []
        if duplicates > 0 { skips.append("\(duplicates) already there") }
        if !unsupported.isEmpty {
            skips.append("\(unsupported.count) that \(unsupported.count == 1 ? "is not a web feed" : "are not web feeds") (\(unsupported.prefix(3).joined(separator: ", "))\(unsupported.count > 3 ? ", ..." : ""))")
        }
        if !skips.isEmpty { text += "; skipped " + skips.joined(separator: " and ") }
        return text + "."
    }
}

/// Adds an OPML file's feeds to the config file. The file's existing bytes are kept exactly
/// (comments, order, spacing); new sections are appended at the end; the file is created (mode
/// 0600, folder 0700) when missing and replaced atomically, so it is never left half-written.
public enum OPMLImport {
    public static func run(
        opml opmlURL: URL, config configURL: URL, environment: [String: String], knownActions: Set<String>
    ) throws(OPMLError) -> OPMLImportResult {
        let opmlName = ConfigPaths.display(opmlURL.path, environment: environment)
        let outlines = try readOutlines(opmlURL, display: opmlName)
        // Write through a symbolic link (dotfiles are often linked), never over it.
        let target = configURL.resolvingSymlinksInPath()
        let configName = ConfigPaths.display(configURL.path, environment: environment)
        let existing: ConfigFile.Contents?
        let config: Config
        do {
            existing = try ConfigFile.read(target, display: configName, mustExist: false, limit: ConfigFile.maxSize)
            config = try existing.map { contents throws(ConfigError) in
                try ConfigFile.parse(contents, at: target, environment: environment, knownActions: knownActions)
            } ?? .empty
        } catch {
            throw .config(error)
        }
        var plan = ImportPlan(config: config)
        for feed in outlines.feeds { plan.add(feed) }
        let result = OPMLImportResult(
            added: plan.sections.count, duplicates: plan.duplicates, unsupported: outlines.unsupported, configFile: configName
        )
        guard !plan.sections.isEmpty else { return result }
        let old = existing?.data ?? Data()
        let newText = plan.appendix(to: old, source: opmlURL.lastPathComponent)
        var data = old
        data.append(Data(newText.utf8))
        try check(data, at: target, display: configName, environment: environment, knownActions: knownActions)
        do {
            try AtomicFileWriter.write(data, to: target, mode: existing.map { $0.mode & 0o7777 } ?? 0o600)
        } catch {
            throw .cannotWrite(path: configName, reason: error.reason)
        }
        return result
    }

    private static func readOutlines(_ url: URL, display: String) throws(OPMLError) -> OPMLOutlines {
        let contents: ConfigFile.Contents?
        do {
            contents = try ConfigFile.read(url, display: display, mustExist: true, limit: OPMLReader.maxSize)
        } catch {
            throw .unreadable(path: display, reason: error.reason)
        }
        do {
            return try OPMLReader.parse(contents?.data ?? Data())
        } catch {
            throw .invalid(path: display, reason: error.reason)
        }
    }

    /// The new text must read back as a valid config before it replaces the old.
    private static func check(
        _ data: Data, at url: URL, display: String, environment: [String: String], knownActions: Set<String>
    ) throws(OPMLError) {
        do {
            _ = try ConfigFile.parse(ConfigFile.Contents(data: data, mode: 0o600), at: url, environment: environment, knownActions: knownActions)
        } catch {
            throw .cannotWrite(path: display, reason: "the new text would not read back (\(error.message))")
        }
    }
}

/// The sections an import will append: one per feed whose URL is new, with a name not yet taken.
private struct ImportPlan {
    private var urls: Set<String>
    private var names: Set<String>
    private(set) var sections: [String] = []
    private(set) var duplicates = 0

    init(config: Config) {
        urls = Set(config.sources.compactMap { $0.location.map(FeedURLKey.key) })
        names = Set(config.sources.map(\.name))
    }

    mutating func add(_ feed: OPMLFeed) {
        guard urls.insert(FeedURLKey.key(feed.url)).inserted else {
            duplicates += 1
            return
        }
        // Room for " (99)" within the longest name the parser keeps.
        let base = Sanitizer.clean(feed.title ?? feed.url.host ?? "Feed", maxLength: TextLimits.name - 8)
        var name = base
        var number = 2
        while names.contains(name) {
            name = "\(base) (\(number))"
            number += 1
        }
        names.insert(name)
        var lines = ["[source \(ConfigText.quote(name))]", "url = \(ConfigText.encode(feed.url.absoluteString))"]
        if let group = feed.group { lines.append("group = \(ConfigText.encode(group))") }
        if let site = feed.site { lines.append("site = \(ConfigText.encode(site.absoluteString))") }
        sections.append(lines.joined(separator: "\n"))
    }

    /// The text to append after `old`: on a line of its own, after a blank line, with the file's line ending.
    func appendix(to old: Data, source: String) -> String {
        let newline = old.firstRange(of: Data("\r\n".utf8)) != nil ? "\r\n" : "\n"
        var text = ""
        if let last = old.last {
            if last != UInt8(ascii: "\n") { text += "\n" }
            text += "\n"
        }
        text += "# Added by headlines --import-opml from " + Sanitizer.clean(source, maxLength: TextLimits.name) + "\n"
        text += sections.joined(separator: "\n\n") + "\n"
        return newline == "\n" ? text : text.replacing("\n", with: "\r\n")
    }
}

/// A feed URL in the form two URLs are compared in: scheme and host in lower case, no default
/// port, no fragment, an empty path as `/`. Everything else (path case, query) can matter.
enum FeedURLKey {
    static func key(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.scheme = components.scheme?.lowercased()
        if let host = components.host { components.host = host.lowercased() }
        if (components.scheme == "http" && components.port == 80) || (components.scheme == "https" && components.port == 443) {
            components.port = nil
        }
        components.fragment = nil
        if components.path.isEmpty, components.host != nil { components.path = "/" }
        return components.string ?? url.absoluteString
    }
}
