import FoundationEssentials

/// One entry of a Miniflux answer (`GET /v1/entries`, `GET /v1/entries/{id}`), made a
/// `RemoteArticle` through the feed items' normaliser: texts sanitised and capped as a feed's (the
/// title as plain text, as Miniflux keeps it unescaped), the link checked, the full text
/// (`content`, HTML Miniflux has already sanitised) kept as HTML, the date from `published_at`
/// (RFC 3339), an audio or video enclosure as the podcast and an image one as the picture, and
/// the marks from `status` and `starred`.
enum MinifluxEntry {
    /// nil when the entry has no usable id or feed, or was removed (`status: "removed"`).
    /// - Parameter feedTitles: the feeds' titles by id (the entry's `feed.title` names it when the list does not).
    static func decode(_ entry: JSONValue, feedTitles: [RemoteFeedID: String]) -> RemoteArticle? {
        guard let id = MinifluxClient.id(entry["id"]), let feed = MinifluxClient.id(entry["feed_id"]) ?? MinifluxClient.id(entry["feed"]?["id"]) else {
            return nil
        }
        let status = entry["status"]?.string
        guard status == "unread" || status == "read" else { return nil }
        var raw = RawItem()
        if let title = entry["title"]?.string { raw.offerTitle(RawText(text: title, isHTML: false), rank: 0) }
        if let url = entry["url"]?.string { raw.offerLink(RawLink(text: url, base: nil), rank: 0) }
        if let published = entry["published_at"]?.string { raw.offerDate(published, rank: 0) }
        if let author = entry["author"]?.string { raw.offerAuthor(author, rank: 0) }
        for enclosure in entry["enclosures"]?.array ?? [] {
            guard let url = enclosure["url"]?.string else { continue }
            raw.offerAttachment(url, type: enclosure["mime_type"]?.string, byteSize: enclosure["size"]?.text.flatMap { Int64($0) })
        }
        if let html = entry["content"]?.string, !html.isEmpty { raw.content = RawText(text: html, isHTML: true) }
        let source = feedTitles[RemoteFeedID(feed)] ?? entry["feed"]?["title"]?.string
        let article = ItemNormaliser(sourceName: source).keptArticle(from: raw)
        return RemoteArticle(
            id: RemoteArticleID(id), feed: RemoteFeedID(feed), article: article, unread: status == "unread", starred: entry["starred"] == .bool(true))
    }
}
