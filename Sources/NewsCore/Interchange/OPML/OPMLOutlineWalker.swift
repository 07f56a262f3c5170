import FoundationEssentials

/// Walks the outline tree as the parser reports it: an outline with a feed URL is a feed; one
/// without is a folder whose name (`title`, else `text`) becomes part of the group of the feeds
/// inside it. A refusal ends the walk (the parser stops at the first one).
struct OPMLOutlineWalker {
    private(set) var outlines = OPMLOutlines()
    private(set) var sawRoot = false
    /// One entry per open `outline`: the folder's name, or nil for a feed or a nameless folder.
    private var folders: [String?] = []
    private var depth = 0
    private var count = 0

    /// An element opened, with its attributes (names as written).
    mutating func start(_ elementName: String, attributes: [(name: String, value: String)]) throws(OPMLParseFailure) {
        depth += 1
        if depth == 1 {
            guard elementName.lowercased() == "opml" else {
                throw OPMLParseFailure("it is not OPML (its root element is <\(Sanitizer.clean(elementName, maxLength: 40))>)")
            }
            sawRoot = true
            return
        }
        guard elementName.lowercased() == "outline" else { return }
        count += 1
        guard folders.count < OPMLReader.maxDepth else { throw OPMLParseFailure("its outlines nest more than \(OPMLReader.maxDepth) deep") }
        guard count <= OPMLReader.maxOutlines else { throw OPMLParseFailure("it has more than \(OPMLReader.maxOutlines) outlines") }
        let attributes = Dictionary(attributes.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        let name =
            Sanitizer.cleanOptional(attributes["title"], maxLength: TextLimits.name)
            ?? Sanitizer.cleanOptional(attributes["text"], maxLength: TextLimits.name)
        guard let link = feedLink(attributes) else {
            folders.append(name)
            return
        }
        folders.append(nil)
        guard let url = webURL(link) else {
            outlines.unsupported.append(Sanitizer.clean(link, maxLength: 200))
            return
        }
        let site = attributes["htmlurl"].flatMap { webURL($0) }
        outlines.feeds.append(OPMLFeed(title: name, url: url, site: site, group: group(category: attributes["category"])))
    }

    mutating func end(_ elementName: String) {
        depth -= 1
        if elementName.lowercased() == "outline", depth >= 1, !folders.isEmpty { folders.removeLast() }
    }

    /// `xmlUrl`; else `url` on an outline typed as a feed (some readers write that).
    private func feedLink(_ attributes: [String: String]) -> String? {
        if let link = attributes["xmlurl"]?.trimmingSpaces, !link.isEmpty { return link }
        let type = attributes["type"]?.lowercased()
        if type == "rss" || type == "atom", let link = attributes["url"]?.trimmingSpaces, !link.isEmpty { return link }
        return nil
    }

    /// An http(s) URL that also reads back from the config file as written there; nil otherwise
    /// (the caller lists it as unsupported, so the failure is reported, not lost).
    private func webURL(_ text: String) -> URL? {
        guard text.utf8.count <= TextLimits.url, let url = try? ConfigLocation.webURL(text),
            (try? ConfigLocation.webURL(url.absoluteString)) != nil
        else { return nil }
        return url
    }

    /// The open folders' names as a `GroupPath` (a `/` inside a name escaped); outside any folder,
    /// the first usable OPML 2.0 category (comma-separated, `/`-delimited paths; newsboat's
    /// `~title` and `!hidden` tags are not groups).
    private func group(category: String?) -> String? {
        let path = folders.compactMap { $0 }
        if !path.isEmpty { return GroupPath.group(path) }
        guard let category else { return nil }
        for tag in category.split(separator: ",") {
            let trimmed = tag.trimmingSpaces.drop { $0 == "/" }
            guard let first = trimmed.first, first != "~", first != "!" else { continue }
            // A category's `/` separates folders already; only its backslashes need escaping.
            let cleaned = Sanitizer.clean(GroupPath.group(trimmed.split(separator: "/").map(String.init)), maxLength: TextLimits.name)
            if !cleaned.isEmpty { return cleaned }
        }
        return nil
    }
}

extension String {
    /// Without spaces and tabs (and newlines, which attribute normalisation may leave) at either end.
    fileprivate var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
