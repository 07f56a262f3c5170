import FoundationEssentials

/// What each element of RSS, RSS 1.0 (RDF) and Atom means, and where: a field is read only
/// where its format puts it (an item's `title`, not the `title` of its `source` or `image`).
extension XMLFeedReader {
    /// The format a root element starts; nil for anything else (a web page, OPML, ...).
    static func format(root name: String, namespace: XMLNamespace) -> Format? {
        switch (name, namespace) {
        case ("rss", .rss): return .rss
        case ("RDF", .rdf): return .rdf
        case ("feed", .atom), ("feed", .rss): return .atom  // .rss here: an Atom feed that forgot its namespace
        default: return nil
        }
    }

    /// The frame for an element opening under the current one, reading its attributes and
    /// starting a capture when its text is a field.
    mutating func frame(for name: String, in namespace: XMLNamespace, format: Format, attributes: XMLAttributes) -> Frame {
        let parent = stack.last ?? .other
        let isCore = namespace == .rss || (format == .atom && namespace == .atom)
        if item == nil, isCore, name == (format == .atom ? "entry" : "item") {
            var item = RawItem()
            if format == .rdf, let about = attributes["rdf:about"] {
                item.guid = Self.trimmed(about)
                item.permalink = RawLink(text: Self.trimmed(about), base: currentBase)
            }
            self.item = item
            return .item
        }
        // Media RSS anywhere in an item, `media:group` (YouTube's) included.
        if item != nil, namespace == .media {
            return mediaElement(name, attributes: attributes)
        }
        switch parent {
        case .root where isCore && name == "channel":
            return .channel
        case .channel:
            return format == .atom ? atomFeedChild(name, isCore: isCore, attributes: attributes)
                : channelChild(name, in: namespace)
        case .item:
            return format == .atom ? atomEntryChild(name, in: namespace, attributes: attributes)
                : rssItemChild(name, in: namespace, attributes: attributes)
        case .feedAuthor where isCore && name == "name":
            return startCapture(.feedAuthor)
        case .itemAuthor where isCore && name == "name":
            return startCapture(.author(rank: 0))
        default:
            return .other
        }
    }

    // MARK: - RSS and RSS 1.0

    private mutating func channelChild(_ name: String, in namespace: XMLNamespace) -> Frame {
        switch (namespace, name) {
        case (.rss, "title"), (.dublinCore, "title"): return startCapture(.feedTitle(isHTML: true))
        case (.rss, "link"): return startCapture(.feedLink)
        case (.dublinCore, "creator"), (.itunes, "author"): return startCapture(.feedAuthor)
        default: return .other
        }
    }

    private mutating func rssItemChild(_ name: String, in namespace: XMLNamespace, attributes: XMLAttributes) -> Frame {
        switch (namespace, name) {
        case (.rss, "title"): return startCapture(.title(isHTML: true, rank: 0))
        case (.dublinCore, "title"): return startCapture(.title(isHTML: true, rank: 1))
        case (.rss, "link"): return startCapture(.link)
        case (.rss, "guid"):
            let isPermaLink = attributes["isPermaLink"].map { Self.trimmed($0).lowercased() != "false" } ?? true
            return startCapture(.guid(isPermaLink: isPermaLink))
        case (.rss, "pubDate"): return startCapture(.date(rank: 0))
        case (.dublinCore, _): return dublinCoreElement(name)
        case (.rss, "description"): return startCapture(.summary(isHTML: true, rank: 0))
        case (.itunes, "summary"): return startCapture(.summary(isHTML: true, rank: 2))
        case (.content, "encoded"): return startCapture(.content(isHTML: true))
        case (.rss, "author"): return startCapture(.author(rank: 1))
        case (.itunes, "author"): return startCapture(.author(rank: 2))
        case (.itunes, "image"):
            if let href = attributes["href"] {
                let link = RawLink(text: Self.trimmed(href), base: currentBase)
                item?.offerImage(link, rank: 2)
            }
            return .other
        case (.rss, "enclosure"):
            if let url = attributes["url"], Self.isImage(type: attributes["type"], medium: nil, url: nil) {
                let link = RawLink(text: Self.trimmed(url), base: currentBase)
                item?.offerImage(link, rank: 2)
            }
            return .other
        default: return .other
        }
    }

    /// Dublin Core (and DCMI terms) in an item of any format: the fallbacks feeds use when they
    /// leave the format's own elements out.
    private mutating func dublinCoreElement(_ name: String) -> Frame {
        switch name {
        case "title": return startCapture(.title(isHTML: true, rank: 1))
        case "description": return startCapture(.summary(isHTML: true, rank: 1))
        case "creator": return startCapture(.author(rank: 0))
        case "date": return startCapture(.date(rank: 1))
        case "issued": return startCapture(.date(rank: 2))
        case "created": return startCapture(.date(rank: 3))
        case "modified": return startCapture(.date(rank: 4))
        default: return .other
        }
    }

    // MARK: - Atom

    private mutating func atomFeedChild(_ name: String, isCore: Bool, attributes: XMLAttributes) -> Frame {
        guard isCore else { return .other }
        switch name {
        case "title":
            guard let kind = Self.textKind(attributes) else { return .other }
            return startCapture(.feedTitle(isHTML: kind != .text), escapesText: kind == .xhtml, isBase64: Self.isBase64(attributes))
        case "link":
            if feed.siteLink == nil, Self.isAlternate(attributes), let href = attributes["href"] {
                feed.siteLink = RawLink(text: Self.trimmed(href), base: currentBase)
            }
            return .other
        case "author": return .feedAuthor
        default: return .other
        }
    }

    private mutating func atomEntryChild(_ name: String, in namespace: XMLNamespace, attributes: XMLAttributes) -> Frame {
        guard namespace == .atom || namespace == .rss else {
            if namespace == .dublinCore { return dublinCoreElement(name) }
            if namespace == .itunes, name == "summary" { return startCapture(.summary(isHTML: true, rank: 2)) }
            if namespace == .itunes, name == "author" { return startCapture(.author(rank: 2)) }
            return .other
        }
        let isBase64 = Self.isBase64(attributes)
        switch name {
        case "title":
            guard let kind = Self.textKind(attributes) else { return .other }
            return startCapture(.title(isHTML: kind != .text, rank: 0), escapesText: kind == .xhtml, isBase64: isBase64)
        case "summary", "content":
            // Content given by reference (`src`), or in a binary type, is not text to show.
            guard attributes["src"] == nil, let kind = Self.textKind(attributes) else { return .other }
            let isHTML = kind != .text
            return startCapture(
                name == "summary" ? .summary(isHTML: isHTML, rank: 0) : .content(isHTML: isHTML),
                escapesText: kind == .xhtml, isBase64: isBase64)
        case "link":
            atomLink(attributes)
            return .other
        case "id": return startCapture(.guid(isPermaLink: false))
        case "published", "issued": return startCapture(.date(rank: 0))
        case "created": return startCapture(.date(rank: 1))
        case "updated", "modified": return startCapture(.date(rank: 2))
        case "author": return .itemAuthor
        default: return .other
        }
    }

    private mutating func atomLink(_ attributes: XMLAttributes) {
        guard let href = attributes["href"] else { return }
        let link = RawLink(text: Self.trimmed(href), base: currentBase)
        if Self.isAlternate(attributes) {
            // An HTML page (or an untyped link) is the article; another alternate only if there is none.
            let type = attributes["type"]?.lowercased() ?? "text/html"
            item?.offerLink(link, rank: type.hasPrefix("text/html") || type.hasPrefix("application/xhtml") ? 0 : 1)
        } else if attributes["rel"] == "enclosure", Self.isImage(type: attributes["type"], medium: nil, url: nil) {
            item?.offerImage(link, rank: 3)
        }
    }

    // MARK: - Media RSS

    private mutating func mediaElement(_ name: String, attributes: XMLAttributes) -> Frame {
        switch name {
        case "title", "description":
            // Plain text unless `type="html"`.
            let isHTML = attributes["type"]?.lowercased() == "html"
            return startCapture(name == "title" ? .title(isHTML: isHTML, rank: 2) : .summary(isHTML: isHTML, rank: 3))
        case "content", "thumbnail":
            guard let url = attributes["url"] else { return .other }
            let link = RawLink(text: Self.trimmed(url), base: currentBase)
            if name == "thumbnail" {
                item?.offerImage(link, rank: 1)
            } else if Self.isImage(type: attributes["type"], medium: attributes["medium"], url: url) {
                item?.offerImage(link, rank: 0)
            }
            return .other
        default:
            return .other
        }
    }

    // MARK: - Attributes

    enum TextKind { case text, html, xhtml }

    /// An Atom text construct's kind from `type` (and Atom 0.3's `mode`); nil for binary
    /// content. An empty `type` is the default, text.
    static func textKind(_ attributes: XMLAttributes) -> TextKind? {
        var type = Self.trimmed(attributes["type"]?.lowercased() ?? "")
        if type.isEmpty { type = "text" }
        let mode = attributes["mode"]?.lowercased()
        switch type {
        case "text", "text/plain": return mode == "escaped" ? .html : .text
        case "html", "text/html": return mode == "xml" ? .xhtml : .html
        case "xhtml", "application/xhtml+xml": return .xhtml
        default: return type.hasPrefix("text/") ? .text : nil
        }
    }

    /// Atom 0.3's `mode="base64"`: the text is base64 (decoded when the capture ends).
    static func isBase64(_ attributes: XMLAttributes) -> Bool {
        attributes["mode"].map { Self.trimmed($0).lowercased() == "base64" } ?? false
    }

    /// Atom's default relation is "alternate".
    static func isAlternate(_ attributes: XMLAttributes) -> Bool {
        guard let rel = attributes["rel"] else { return true }
        return rel == "alternate" || rel == "http://www.iana.org/assignments/relation/alternate"
    }

    /// An image by its MIME type or Media RSS medium; with neither given, by the URL's extension.
    static func isImage(type: String?, medium: String?, url: String?) -> Bool {
        if let medium { return medium.lowercased() == "image" }
        if let type { return type.lowercased().hasPrefix("image/") }
        guard let url else { return false }
        let path = url.split(separator: "?", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        return [".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif"].contains { path.hasSuffix($0) }
    }
}
