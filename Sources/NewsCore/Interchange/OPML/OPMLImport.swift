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
            skips.append(
                "\(unsupported.count) that \(unsupported.count == 1 ? "is not a web feed" : "are not web feeds") (\(unsupported.prefix(3).joined(separator: ", "))\(unsupported.count > 3 ? ", ..." : ""))"
            )
        }
        if !skips.isEmpty { text += "; skipped " + skips.joined(separator: " and ") }
        return text + "."
    }
}

/// Adds an OPML file's feeds to the config file, through `ConfigAppend` (existing text kept,
/// new sections appended, the file created mode 0600 when missing, replaced atomically).
public enum OPMLImport {
    public static func run(
        opml opmlURL: URL, config configURL: URL, environment: [String: String], knownActions: Set<String>
    ) throws(OPMLError) -> OPMLImportResult {
        let opmlName = ConfigPaths.display(opmlURL.path, environment: environment)
        let outlines = try readOutlines(opmlURL, display: opmlName)
        do {
            let file = try ConfigAppend(config: configURL, environment: environment, knownActions: knownActions)
            var plan = ConfigSections(config: file.config)
            for feed in outlines.feeds {
                plan.add(FeedToAdd(url: feed.url, title: feed.title, group: feed.group, site: feed.site))
            }
            try file.append(
                plan.sections, comment: "Added by headlines --import-opml from " + Sanitizer.clean(opmlURL.lastPathComponent, maxLength: TextLimits.name))
            return OPMLImportResult(
                added: plan.sections.count, duplicates: plan.duplicates, unsupported: outlines.unsupported, configFile: file.display
            )
        } catch {
            switch error {
            case .config(let error): throw .config(error)
            case .cannotWrite(let path, let reason): throw .cannotWrite(path: path, reason: reason)
            }
        }
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
}
