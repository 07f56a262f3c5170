import FoundationEssentials

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org), recognised by its `version` member, read into
/// the same `RawFeed` as XML feeds so that every format makes articles the same way.
/// Lossy on purpose, as the NewsAPI decoder: an item that is not an object is skipped and counted.
enum JSONFeedDecoder {
    /// True for a JSON Feed: an object whose `version` starts with the spec's URL.
    static func isJSONFeed(_ root: JSONValue) -> Bool {
        guard let version = root["version"]?.string else { return false }
        return isJSONFeedVersion(version)
    }

    /// A `version` that names JSON Feed.
    static func isJSONFeedVersion(_ version: String) -> Bool {
        version.hasPrefix("https://jsonfeed.org/version/") || version.hasPrefix("http://jsonfeed.org/version/")
    }

    static func decode(_ root: JSONValue, baseURL: URL?, maximumItems: Int = RawFeed.maximumItems) throws(NewsError) -> Edition {
        guard let entries = root["items"]?.array else {
            throw .invalidDocument("it is a JSON Feed with no list of items")
        }
        var feed = RawFeed()
        // Titles are plain text in JSON Feed (the spec says so; HTML goes in `content_html` only):
        // `Die Rückkehr von <i> und <b>` is a title about two tags, not one with tags stripped.
        feed.title = root["title"]?.string.map { RawText(text: $0, isHTML: false) }
        feed.siteLink = root["home_page_url"]?.string.map { RawLink(text: $0, base: nil) }
        feed.author = authorName(root)
        var notObjects = 0
        feed.items.reserveCapacity(entries.count)
        for entry in entries.prefix(maximumItems) {
            guard case .object(let fields) = entry else {
                notObjects += 1
                continue
            }
            feed.items.append(item(fields))
        }
        var edition = ItemNormaliser.edition(from: feed, feedURL: baseURL)
        edition.skipped += notObjects
        if entries.count > maximumItems { edition.notes.append(FeedNotes.itemLimit(maximumItems)) }
        return edition
    }

    private static func item(_ fields: JSONObject) -> RawItem {
        var item = RawItem()
        item.title = fields["title"]?.string.map { RawText(text: $0, isHTML: false) }
        if let url = fields["url"]?.string { item.offerLink(RawLink(text: url, base: nil), rank: 0) }
        if let external = fields["external_url"]?.string { item.offerLink(RawLink(text: external, base: nil), rank: 1) }
        item.guid = fields["id"]?.text
        if let published = fields["date_published"]?.string { item.offerDate(published, rank: 0) }
        if let modified = fields["date_modified"]?.string { item.offerDate(modified, rank: 2) }
        item.summary = fields["summary"]?.string.map { RawText(text: $0, isHTML: false) }
        if let html = fields["content_html"]?.string {
            item.content = RawText(text: html, isHTML: true)
        } else if let text = fields["content_text"]?.string {
            item.content = RawText(text: text, isHTML: false)
        }
        if let image = fields["image"]?.string { item.offerImage(RawLink(text: image, base: nil), rank: 4) }
        if let banner = fields["banner_image"]?.string { item.offerImage(RawLink(text: banner, base: nil), rank: 5) }
        if let author = authorName(.object(fields)) { item.offerAuthor(author, rank: 0) }
        if let attachment = attachment(fields["attachments"]) { item.offerEnclosure(attachment, rank: 0) }
        return item
    }

    /// The first attachment that is not a picture (`mime_type` is required; one without is taken).
    private static func attachment(_ attachments: JSONValue?) -> RawEnclosure? {
        for attachment in attachments?.array?.prefix(100) ?? [] {
            guard let url = attachment["url"]?.string else { continue }
            let type = attachment["mime_type"]?.string
            guard type.map({ !$0.lowercased().hasPrefix("image/") }) ?? true else { continue }
            return RawEnclosure(
                link: RawLink(text: url, base: nil), type: type,
                byteSize: attachment["size_in_bytes"]?.int.map(Int64.init),
                duration: attachment["duration_in_seconds"].flatMap(seconds))
        }
        return nil
    }

    /// Whole seconds of a number (a fraction is dropped); nil for anything else.
    private static func seconds(_ value: JSONValue) -> Int? {
        guard case .number(let number) = value, number.isFinite, number >= 0, number < 1e12 else { return nil }
        return Int(number)
    }

    /// 1.1's `authors` list (its first name), else 1.0's `author` object.
    private static func authorName(_ object: JSONValue) -> String? {
        if let first = object["authors"]?.array?.first, let name = first["name"]?.string, !name.isEmpty { return name }
        return object["author"]?["name"]?.string
    }
}
