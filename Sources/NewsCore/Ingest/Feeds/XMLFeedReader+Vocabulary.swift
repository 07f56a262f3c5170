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
        case ("CHANNEL", .rss): return .cdf
        default: return nil
        }
    }

    /// The frame for an element opening under the current one, reading its attributes and
    /// starting a capture when its text is a field.
    mutating func frame(for name: String, in namespace: XMLNamespace, format: Format, attributes: XMLAttributes) -> Frame {
        let parent = stack.last ?? .other
        let isCore = namespace == .rss || (format == .atom && namespace == .atom)
        if item == nil, isCore, name == (format == .atom ? "entry" : format == .cdf ? "ITEM" : "item") {
            var item = RawItem()
            if format == .cdf { Self.readCDFItem(attributes, into: &item, base: currentBase) }
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
            switch format {
            case .atom: return atomFeedChild(name, isCore: isCore, attributes: attributes)
            case .cdf: return isCore && name == "TITLE" ? startCapture(.feedTitle(isHTML: true)) : .other
            case .rss, .rdf: return channelChild(name, in: namespace)
            }
        case .item:
            switch format {
            case .atom: return atomEntryChild(name, in: namespace, attributes: attributes)
            case .cdf: return cdfItemChild(name, isCore: isCore)
            case .rss, .rdf: return rssItemChild(name, in: namespace, attributes: attributes)
            }
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
        default:
            if let lowered = Self.loweredRSSName(name, in: namespace), lowered != name { return channelChild(lowered, in: namespace) }
            return .other
        }
    }

    /// RSS's own element names written in another case (`<TiTlE>`, which iTunes reads, and so
    /// does feedparser), lower-cased; nil for a name already in lower case, or another vocabulary's.
    private static func loweredRSSName(_ name: String, in namespace: XMLNamespace) -> String? {
        guard namespace == .rss, name.utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return nil }
        let lowered = name.lowercased()
        return ["title", "link", "description", "author", "guid", "pubdate"].contains(lowered)
            ? (lowered == "pubdate" ? "pubDate" : lowered) : nil
    }

    private mutating func rssItemChild(_ name: String, in namespace: XMLNamespace, attributes: XMLAttributes) -> Frame {
        switch (namespace, name) {
        case (.rss, "title"): return startCapture(.title(isHTML: true, rank: 0))
        case (.dublinCore, "title"): return startCapture(.title(isHTML: true, rank: 1))
        case (.rss, "link"): return startCapture(.link(rank: 0))
        case (.rss, "guid"):
            let isPermaLink = attributes["isPermaLink"].map { Self.trimmed($0).lowercased() != "false" } ?? true
            return startCapture(.guid(isPermaLink: isPermaLink))
        case (.rss, "pubDate"): return startCapture(.date(rank: 0))
        case (.dublinCore, _): return dublinCoreElement(name)
        case (.rss, "description"): return startCapture(.summary(isHTML: true, rank: 0))
        case (.itunes, "summary"): return startCapture(.summary(isHTML: true, rank: 2))
        case (.content, "encoded"), (.rss, "fullitem"): return startCapture(.content(isHTML: true))
        // The full text as XHTML elements (`<body>` or `<xhtml:body>`), written back out as HTML.
        case (.rss, "body"), (.xhtml, "body"): return startCapture(.content(isHTML: true), escapesText: true)
        case (.rss, "author"): return startCapture(.author(rank: 1))
        case (.itunes, "author"): return startCapture(.author(rank: 2))
        case (.itunes, "image"), (.itunes, "link"):
            itunesImage(name, attributes)
            return .other
        case (.rss, "enclosure"):
            if let url = attributes["url"] {
                let link = RawLink(text: Self.trimmed(url), base: currentBase)
                if Self.isImage(type: attributes["type"], medium: nil, url: nil) {
                    item?.offerImage(link, rank: 2)
                } else if Self.isFile(type: attributes["type"], url: url) {
                    item?.offerEnclosure(Self.enclosure(link, attributes, size: "length"), rank: 0)
                }
            }
            return .other
        case (.itunes, "duration"): return startCapture(.duration)
        default:
            if let lowered = Self.loweredRSSName(name, in: namespace), lowered != name {
                return rssItemChild(lowered, in: namespace, attributes: attributes)
            }
            return .other
        }
    }

    /// An episode's picture: `<itunes:image href>` (Apple's), `<itunes:image url>` (as written
    /// by some hosts), or `<itunes:link rel="image" href>` (Apple's older form).
    private mutating func itunesImage(_ name: String, _ attributes: XMLAttributes) {
        if name == "link", attributes["rel"]?.lowercased() != "image" { return }
        guard let href = attributes["href"] ?? attributes["url"] else { return }
        let link = RawLink(text: Self.trimmed(href), base: currentBase)
        item?.offerImage(link, rank: 2)
    }

    /// Dublin Core (and DCMI terms) in an item of any format: the fallbacks feeds use when they
    /// leave the format's own elements out.
    private mutating func dublinCoreElement(_ name: String) -> Frame {
        switch name {
        case "title": return startCapture(.title(isHTML: true, rank: 1))
        case "description": return startCapture(.summary(isHTML: true, rank: 1))
        case "creator": return startCapture(.author(rank: 0))
        case "author": return startCapture(.author(rank: 1))  // not Dublin Core, but written (feedparser reads it)
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
            guard let kind = Self.textKind(attributes) else {
                return startCapture(.feedTitle(isHTML: false), isBase64: Self.isBase64(attributes) || Self.saysBase64(attributes), mayBeBase64: true)
            }
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
            if namespace == .itunes, name == "duration" { return startCapture(.duration) }
            if namespace == .itunes, name == "image" || name == "link" { itunesImage(name, attributes) }
            return .other
        }
        let isBase64 = Self.isBase64(attributes)
        switch name {
        case "title":
            guard let kind = Self.textKind(attributes) else {
                return startCapture(.title(isHTML: false, rank: 0), isBase64: isBase64 || Self.saysBase64(attributes), mayBeBase64: true)
            }
            return startCapture(.title(isHTML: kind != .text, rank: 0), escapesText: kind == .xhtml, isBase64: isBase64)
        case "summary" where attributes["src"] == nil && Self.textKind(attributes) == nil:
            return startCapture(.summary(isHTML: false, rank: 0), isBase64: isBase64 || Self.saysBase64(attributes), mayBeBase64: true)
        case "summary", "content":
            // Content given by reference (`src`), or in a binary type, is not text to show.
            guard attributes["src"] == nil, let kind = Self.textKind(attributes) else { return .other }
            let isHTML = kind != .text
            return startCapture(
                name == "summary" ? .summary(isHTML: isHTML, rank: 0) : .content(isHTML: isHTML),
                escapesText: kind == .xhtml, isBase64: isBase64)
        case "link":
            return atomLink(attributes)
        case "id": return startCapture(.guid(isPermaLink: false))
        case "published", "issued": return startCapture(.date(rank: 0))
        case "created": return startCapture(.date(rank: 1))
        case "updated", "modified": return startCapture(.date(rank: 2))
        case "author": return .itemAuthor
        default: return .other
        }
    }

    /// An entry's link. One without `href` whose URL is its text (`<link rel="alternate">http://…</link>`,
    /// seen in the wild, and missed by feedparser) is read from the text.
    private mutating func atomLink(_ attributes: XMLAttributes) -> Frame {
        guard let href = attributes["href"] else {
            if Self.isAlternate(attributes) { return startCapture(.link(rank: Self.alternateRank(attributes))) }
            if attributes["rel"] == "enclosure" {
                return startCapture(.enclosureLink(type: attributes["type"], byteSize: attributes["length"].flatMap(EnclosureNumbers.byteSize)))
            }
            return .other
        }
        let link = RawLink(text: Self.trimmed(href), base: currentBase)
        if Self.isAlternate(attributes) {
            item?.offerLink(link, rank: Self.alternateRank(attributes))
        } else if attributes["rel"] == "enclosure" {
            if Self.isImage(type: attributes["type"], medium: nil, url: nil) {
                item?.offerImage(link, rank: 3)
            } else if Self.isFile(type: attributes["type"], url: href) {
                item?.offerEnclosure(Self.enclosure(link, attributes, size: "length"), rank: 0)
            }
        }
        return .other
    }

    /// An HTML page (or an untyped link) is the article; another alternate only if there is none.
    private static func alternateRank(_ attributes: XMLAttributes) -> Int {
        let type = attributes["type"]?.lowercased() ?? "text/html"
        return type.hasPrefix("text/html") || type.hasPrefix("application/xhtml") ? 0 : 1
    }

    // MARK: - CDF

    /// An `ITEM`'s link and date are its attributes.
    private static func readCDFItem(_ attributes: XMLAttributes, into item: inout RawItem, base: URL?) {
        if let href = attributes["HREF"] { item.offerLink(RawLink(text: trimmed(href), base: base), rank: 0) }
        if let modified = attributes["LASTMOD"] { item.offerDate(modified, rank: 0) }
    }

    private mutating func cdfItemChild(_ name: String, isCore: Bool) -> Frame {
        guard isCore else { return .other }
        switch name {
        case "TITLE": return startCapture(.title(isHTML: true, rank: 0))
        case "ABSTRACT": return startCapture(.summary(isHTML: true, rank: 0))
        default: return .other
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
            } else if Self.isAudioOrVideo(type: attributes["type"], medium: attributes["medium"]) {
                var enclosure = Self.enclosure(link, attributes, size: "fileSize")
                enclosure.duration = attributes["duration"].flatMap(EnclosureNumbers.duration)
                item?.offerEnclosure(enclosure, rank: 1)
            }
            return .other
        default:
            return .other
        }
    }

    // MARK: - Attributes

    /// An enclosure of the item: its type and size (in the attribute `size` names) as given.
    static func enclosure(_ link: RawLink, _ attributes: XMLAttributes, size: StaticString) -> RawEnclosure {
        RawEnclosure(link: link, type: attributes["type"], byteSize: attributes[size].flatMap(EnclosureNumbers.byteSize))
    }

    /// A file enclosure (a podcast's episode, a PDF) rather than a picture: a type that is not an
    /// image's, or with no type, a link that does not look like a picture's.
    static func isFile(type: String?, url: String) -> Bool {
        if let type { return !type.lowercased().hasPrefix("image/") }
        return !isImage(type: nil, medium: nil, url: url)
    }

    /// Media RSS content that a player plays: audio or video by its medium, else by its type.
    static func isAudioOrVideo(type: String?, medium: String?) -> Bool {
        if let medium { return ["audio", "video"].contains(medium.lowercased()) }
        return type.flatMap { Enclosure.normalisedType($0) }.map(Enclosure.isMediaType) ?? false
    }

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

    /// A title or summary whose `type` says it is base64 (`application/base64`,
    /// `text/plain;base64`): decoded, as Atom 0.3's `mode="base64"` is. In another type that is
    /// not text (`application/x-custom`, `application/octet-stream`) the text is decoded only
    /// when it is strictly base64 of UTF-8 text (feedparser's own tests write base64 there);
    /// otherwise it is the text as written: decoding whatever came made `��-` of a title.
    static func saysBase64(_ attributes: XMLAttributes) -> Bool {
        attributes["type"]?.lowercased().contains("base64") ?? false
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
