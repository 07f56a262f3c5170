import FoundationEssentials

/// Turns a `RawFeed` (from any format) into an `Edition`: texts sanitised and capped, links
/// resolved and checked, items kept in the feed's order. An item without a link (announcements,
/// podcasts, JSON Feed items with only an `id`) is an article without one; items whose link is
/// refused (`javascript:`), items that say nothing at all, and repeats of an item already seen, are
/// skipped and counted.
///
/// Relative links resolve against the `xml:base` in force where they were written, else the
/// feed's site link, else the feed's own URL.
struct FeedEditionBuilder {
    let feedURL: URL?
    let siteURL: URL?
    let feedTitle: String?
    let feedAuthor: String?

    init(feed: RawFeed, feedURL: URL?) {
        self.feedURL = feedURL
        siteURL = feed.siteLink.flatMap { URLPolicy.articleURL($0.text, relativeTo: $0.base ?? feedURL) }
        feedTitle = feed.title.flatMap { Sanitizer.cleanOptional(Self.plain($0), maxLength: TextLimits.name) }
        feedAuthor = feed.author
    }

    static func edition(from feed: RawFeed, feedURL: URL?) -> Edition {
        let builder = FeedEditionBuilder(feed: feed, feedURL: feedURL)
        var articles: [Article] = []
        articles.reserveCapacity(feed.items.count)
        var seen = Set<String>(minimumCapacity: feed.items.count)
        var skipped = 0
        // By index, and the article consumed into the list: copying these structs (a dozen
        // references each) costs as much as building them.
        for index in feed.items.indices {
            guard let article = builder.article(from: feed.items[index]), seen.insert(article.identity).inserted else {
                skipped += 1
                continue
            }
            articles.append(consume article)
        }
        return Edition(articles: articles, skipped: skipped, title: builder.feedTitle, siteURL: builder.siteURL)
    }

    /// One article, or nil when the item's link is refused or it has nothing to show.
    func article(from item: RawItem) -> Article? {
        var url: URL?
        if let link = item.link {
            guard let resolved = URLPolicy.articleURL(link.text, relativeTo: base(for: link)) else { return nil }
            url = resolved
        } else if let permalink = item.permalink, URLPolicy.isWebText(permalink.text) || permalink.text.hasPrefix("/") {
            // A permalink GUID (or `rdf:about`) is the link when it is one; "1234" is only a GUID.
            url = URLPolicy.articleURL(permalink.text, relativeTo: base(for: permalink))
        }
        let summary = item.summary.flatMap { Sanitizer.cleanOptional(Self.plain($0), maxLength: TextLimits.description) }
        var title = item.title.flatMap { Sanitizer.cleanOptional(Self.plain($0), maxLength: TextLimits.title) }
        if title == nil {
            // Micro-blog items (common in JSON Feed) have no title: their text stands in for one.
            title = summary ?? item.content.flatMap { Sanitizer.cleanOptional(Self.plain($0), maxLength: TextLimits.title) }
        }
        let guid = item.guid.flatMap { Sanitizer.cleanOptional($0, maxLength: TextLimits.guid) }
        let author = item.author.flatMap { Sanitizer.cleanOptional(Self.authorName($0), maxLength: TextLimits.name) }
        let image = imageURL(item)
        let body = body(item)
        let enclosure = enclosure(item)
        // An item that says nothing at all is no article; one with only a date, a picture, a body
        // or a title of markup that shows nothing (`<img>`) is, as feedparser keeps it.
        guard
            url != nil || title != nil || guid != nil || item.publishedAt != nil || author != nil || image != nil
                || body != nil || enclosure != nil || item.title?.text.utf8.contains(where: { $0 > 0x20 }) == true
        else { return nil }
        return Article(
            sourceName: feedTitle,
            author: author ?? feedAuthor.flatMap { Sanitizer.cleanOptional(Self.authorName($0), maxLength: TextLimits.name) },
            title: title ?? "",
            description: summary,
            url: url,
            imageURL: image,
            publishedAt: item.publishedAt,
            guid: guid,
            body: body,
            enclosure: enclosure
        )
    }

    /// The item's enclosure, when its link is a web link; its own duration, else `itunes:duration`.
    private func enclosure(_ item: RawItem) -> Enclosure? {
        guard let raw = item.enclosure, let url = URLPolicy.articleURL(raw.link.text, relativeTo: base(for: raw.link)) else {
            return nil
        }
        return Enclosure(url: url, mimeType: raw.type, byteSize: raw.byteSize, duration: raw.duration ?? item.duration)
    }

    /// The base a link resolves against; none for a plainly absolute link, which then costs one
    /// URL parse instead of two (a relative parse, then its resolution).
    private func base(for link: RawLink) -> URL? {
        URLPolicy.isWebText(link.text) ? nil : link.base ?? siteURL ?? feedURL
    }

    /// The item's image by the ranked candidates, else the first `<img>` in its content or summary.
    private func imageURL(_ item: RawItem) -> URL? {
        if let image = item.image, let url = URLPolicy.imageURL(image.text, relativeTo: base(for: image)) { return url }
        for text in [item.content, item.summary] {
            guard let text, text.isHTML, let source = Self.firstImageSource(text.text) else { continue }
            return URLPolicy.imageURL(source, relativeTo: base(for: RawLink(text: source, base: item.contentBase)))
        }
        return nil
    }

    /// The full text as received, capped: the content, else a summary that is HTML (so that the
    /// article screen can still show its paragraphs and links).
    private func body(_ item: RawItem) -> ArticleBody? {
        if let content = item.content, let text = Self.capped(content.text) {
            return content.isHTML ? .html(text) : .text(text)
        }
        if let summary = item.summary, summary.isHTML, summary.text.utf8.contains(UInt8(ascii: "<")),
            let text = Self.capped(summary.text)
        {
            return .html(text)
        }
        return nil
    }

    static func plain(_ text: RawText) -> String {
        text.isHTML ? HTMLInline.plainText(text.text) : text.text
    }

    /// At most `TextLimits.body` characters; nil when empty or only whitespace.
    static func capped(_ text: String) -> String? {
        guard text.utf8.contains(where: { $0 > 0x20 }) else { return nil }
        guard text.utf8.count > TextLimits.body else { return text }  // fewer bytes than the cap: fewer characters too
        return String(text.prefix(TextLimits.body))
    }

    /// The name in an author given with an address: RSS's "email (Name)" (the spec's form),
    /// and the "Name (email)" and "Name <email>" feeds write too. Anything else as it is.
    static func authorName(_ text: String) -> String {
        for (open, close) in [("(" as Character, ")" as Character), ("<", ">")] {
            guard text.hasSuffix(String(close)), let start = text.lastIndex(of: open) else { continue }
            let inside = text[text.index(after: start)..<text.index(before: text.endIndex)].trimmingSpaces()
            let outside = text[..<start].trimmingSpaces()
            if open == "(", outside.contains("@"), !inside.isEmpty, !inside.contains("@") { return inside }
            if inside.contains("@"), !outside.isEmpty, !outside.contains("@") { return outside }
        }
        return text
    }

    /// The `src` of the first `img` in an HTML fragment that is not a tracking pixel (one that
    /// declares a width or height of 2 or less, as Medium's `/_/stat?event=` images do).
    static func firstImageSource(_ html: String) -> String? {
        guard html.utf8.contains(UInt8(ascii: "<")) else { return nil }
        var html = html
        return html.withUTF8 { bytes in
            var source: String?
            HTMLScanner.forEachTag(in: bytes) { tag in
                guard !tag.isClosing, tag.name == "img", !isTrackingPixel(tag, in: bytes) else { return true }
                source = HTMLScanner.attribute("src", of: tag, in: bytes)
                return source == nil || source?.isEmpty == true
            }
            return source.flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    private static func isTrackingPixel(_ tag: HTMLScanner.Tag, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ["width", "height"].contains { name in
            guard let value = HTMLScanner.attribute(name, of: tag, in: bytes) else { return false }
            // "1", "1px", " 2 ": the leading digits.
            let digits = value.trimmingSpaces().prefix { $0.isASCII && $0.isNumber }
            return Int(digits).map { $0 <= 2 } ?? false
        }
    }
}
