import FoundationEssentials

/// The one way an item from outside becomes an `Article`: a feed's item (RSS, Atom, RDF, JSON
/// Feed, newsboat's cache), a NewsAPI article, or a synced one (a TT-RSS headline, a Fever item), each first made a
/// `RawItem`, then sanitised and capped, its links resolved and checked and its picture found by
/// the same rules.
///
/// A feed's items become an `Edition`, in the feed's order. An item without a link
/// (announcements, podcasts, JSON Feed items with only an `id`) is an article without one; items
/// whose link is refused (`javascript:`), items that say nothing at all, and repeats of an item
/// already seen, are skipped and counted. A synced item is never skipped (it is the server's
/// article, and its marks go back): a refused link is dropped, an empty item gets a made title.
///
/// Relative links resolve against the `xml:base` in force where they were written, else the
/// feed's site link, else the feed's own URL.
struct ItemNormaliser {
    let feedURL: URL?
    let siteURL: URL?
    let feedTitle: String?
    let feedAuthor: String?

    init(feed: RawFeed, feedURL: URL?) {
        self.feedURL = feedURL
        siteURL = feed.siteLink.flatMap { URLPolicy.articleURL($0.text, relativeTo: $0.base ?? feedURL) }
        feedTitle = feed.title.flatMap { Self.shown($0, maxLength: TextLimits.name) }
        feedAuthor = feed.author
    }

    /// For items that come without a feed document (a sync server's, a NewsAPI article): links
    /// are absolute or carry their own base, and `sourceName` names the articles' source.
    init(sourceName: String?) {
        feedURL = nil
        siteURL = nil
        feedTitle = Sanitizer.cleanOptional(sourceName, maxLength: TextLimits.name)
        feedAuthor = nil
    }

    static func edition(from feed: RawFeed, feedURL: URL?) -> Edition {
        let builder = ItemNormaliser(feed: feed, feedURL: feedURL)
        var articles: [Article] = []
        articles.reserveCapacity(feed.items.count)
        var seen = Set<String>(minimumCapacity: feed.items.count)
        var skipped = 0
        var empty = 0
        // By index, and the article consumed into the list: copying these structs (a dozen
        // references each) costs as much as building them.
        for index in feed.items.indices {
            let item = feed.items[index]
            guard let article = builder.article(from: item), seen.insert(article.identity).inserted else {
                skipped += 1
                if builder.hasNothingToShow(item) { empty += 1 }
                continue
            }
            articles.append(consume article)
        }
        var edition = Edition(articles: articles, skipped: skipped, title: builder.feedTitle, siteURL: builder.siteURL)
        if empty > 0 { edition.notes.append(FeedNotes.nothingToShow(empty)) }
        return edition
    }

    /// One article, or nil when the item's link is refused or it has nothing to show.
    func article(from item: RawItem) -> Article? {
        article(from: item, keeping: false)
    }

    /// A synced item's article: as a feed's, but kept whatever it holds, without its link when
    /// that is refused and under a made title when it says nothing.
    func keptArticle(from item: RawItem) -> Article {
        // Never nil when kept: the guards below only return nil when not keeping.
        article(from: item, keeping: true) ?? Article(sourceName: feedTitle, title: untitled(item), url: nil, publishedAt: item.publishedAt)
    }

    private func article(from item: RawItem, keeping: Bool) -> Article? {
        var url: URL?
        if let link = item.link {
            let resolved = URLPolicy.articleURL(link.text, relativeTo: base(for: link))
            guard resolved != nil || keeping else { return nil }
            url = resolved
        } else if let permalink = item.permalink, URLPolicy.isWebText(permalink.text) || permalink.text.hasPrefix("/") {
            // A permalink GUID (or `rdf:about`) is the link when it is one; "1234" is only a GUID.
            url = URLPolicy.articleURL(permalink.text, relativeTo: base(for: permalink))
        }
        let summary = item.summary.flatMap { Self.shown($0, maxLength: TextLimits.description) }
        var title = item.title.flatMap { Self.shown($0, maxLength: TextLimits.title) }
        if title == nil {
            // Micro-blog items (common in JSON Feed) have no title: their text stands in for one.
            title = summary ?? item.content.flatMap { Self.shown($0, maxLength: TextLimits.title) }
        }
        let guid = item.guid.flatMap { Sanitizer.cleanOptional($0, maxLength: TextLimits.guid) }
        let author = item.author.flatMap { Sanitizer.cleanOptional(Self.authorName($0), maxLength: TextLimits.name) }
        let image = imageURL(item, articleURL: url)
        let body = body(item)
        let enclosure = enclosure(item)
        // An item that says nothing at all, or only its id, is no article (a blank row); one with
        // only a date, an author, a picture, a body or an enclosure is, as feedparser keeps it,
        // under a title made for it.
        guard
            keeping || url != nil || title != nil || item.publishedAt != nil || author != nil || image != nil || body != nil
                || enclosure != nil
        else { return nil }
        return Article(
            sourceName: feedTitle,
            author: author ?? feedAuthor.flatMap { Sanitizer.cleanOptional(Self.authorName($0), maxLength: TextLimits.name) },
            title: title ?? untitled(item),
            description: summary,
            url: url,
            imageURL: image,
            publishedAt: item.publishedAt,
            content: item.extract.flatMap { Sanitizer.cleanOptional($0, maxLength: TextLimits.content) },
            guid: guid,
            body: body,
            enclosure: enclosure
        )
    }

    /// Whether an item was left out for having nothing to show or open (rather than for a
    /// refused link, or as a repeat).
    func hasNothingToShow(_ item: RawItem) -> Bool {
        item.link == nil && item.permalink.map { !URLPolicy.isWebText($0.text) } ?? true && item.summary == nil && item.content == nil
            && item.title.flatMap({ Self.shown($0, maxLength: TextLimits.title) }) == nil && item.publishedAt == nil
            && item.author == nil && item.image == nil && item.enclosure == nil
    }

    /// A title for an item that has none and no text to make one of, so that it is no blank
    /// row: "Untitled, 3 Dec" (its day, UTC), else "Untitled, <the feed's title>", else "Untitled".
    func untitled(_ item: RawItem) -> String {
        if let date = item.publishedAt, date.timeIntervalSince1970.isFinite, abs(date.timeIntervalSince1970) < 1e14 {
            let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
            let (_, month, day) = ISO8601.civilFromDays(days)
            return "Untitled, \(day) \(Self.monthNames[month - 1])"
        }
        return feedTitle.map { "Untitled, \($0)" } ?? "Untitled"
    }

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

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

    /// The item's image by the ranked candidates, else the first `<img>` in its content, summary
    /// or title (a title drawn as a picture: the row shows the picture under a made title).
    private func imageURL(_ item: RawItem, articleURL: URL?) -> URL? {
        if let image = item.image, let url = URLPolicy.imageURL(image.text, relativeTo: base(for: image)) { return url }
        for text in [item.content, item.summary, item.title] {
            guard let text, text.isHTML, let source = Self.firstImageSource(text.text) else { continue }
            return URLPolicy.imageURL(source, relativeTo: pictureBase(for: RawLink(text: source, base: item.contentBase), articleURL))
        }
        return nil
    }

    /// The base of a picture in the article's text: the feed's `xml:base` where it gives one,
    /// else the article's link, as the article screen resolves the text's other pictures (a
    /// blog's `<img src="fig.png">` sits beside its post, not beside its feed), else the site's
    /// or the feed's address. A feed's own picture elements (`media:content`) keep the feed's base.
    private func pictureBase(for link: RawLink, _ articleURL: URL?) -> URL? {
        URLPolicy.isWebText(link.text) ? nil : link.base ?? articleURL ?? siteURL ?? feedURL
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

    /// What a title or summary shows, sanitised and capped; where it is HTML that is only an
    /// image (`<img alt="년">`, a title drawn as a picture), the image's `alt` text, as a browser
    /// shows it when the picture is not loaded. Nil when it shows nothing.
    static func shown(_ text: RawText, maxLength: Int) -> String? {
        if let shown = Sanitizer.cleanOptional(plain(text), maxLength: maxLength) { return shown }
        guard text.isHTML, let alt = imageAltText(text.text) else { return nil }
        return Sanitizer.cleanOptional(alt, maxLength: maxLength)
    }

    /// The `alt` texts of the images in an HTML fragment, joined by spaces; nil when there are none.
    static func imageAltText(_ html: String) -> String? {
        guard html.utf8.contains(UInt8(ascii: "<")) else { return nil }
        var html = html
        return html.withUTF8 { bytes in
            var alts: [String] = []
            HTMLScanner.forEachTag(in: bytes) { tag in
                if !tag.isClosing, tag.name == "img", let alt = HTMLScanner.attribute("alt", of: tag, in: bytes)?.trimmingSpaces(), !alt.isEmpty {
                    alts.append(alt)
                }
                return alts.count < 20
            }
            return alts.isEmpty ? nil : alts.joined(separator: " ")
        }
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
