import FoundationEssentials

/// One item of a Nextcloud News answer (`items`, `items/updated`), made a `RemoteArticle` through
/// the feed items' normaliser: texts sanitised and capped as a feed's (the title as plain text;
/// the API warns that title, author, url and the enclosure's fields are not sanitised), the link
/// checked, the full text (`body`, HTML the app has purified) kept as HTML, the date from
/// `pubDate` (seconds), an audio or video enclosure as the podcast, an image one or
/// `mediaThumbnail` as the picture, and the marks from `unread` and `starred`.
enum NextcloudNewsItem {
    /// nil when the item has no usable id or feed, or a feed's filter hid it (`filtered`).
    /// - Parameter feedTitles: the feeds' titles by id, to name its source.
    static func decode(_ item: JSONValue, feedTitles: [RemoteFeedID: String]) -> RemoteArticle? {
        guard let id = RESTEndpoint.id(item["id"]), let feed = RESTEndpoint.id(item["feedId"]), item["filtered"] != .bool(true) else { return nil }
        var raw = RawItem()
        if let title = item["title"]?.string { raw.offerTitle(RawText(text: title, isHTML: false), rank: 0) }
        if let url = item["url"]?.string { raw.offerLink(RawLink(text: url, base: nil), rank: 0) }
        if let published = item["pubDate"]?.text.flatMap({ Int64($0) }), published > 0 {
            raw.offerDate(Date(timeIntervalSince1970: TimeInterval(published)), rank: 0)
        }
        if let author = item["author"]?.string { raw.offerAuthor(author, rank: 0) }
        if let link = item["enclosureLink"]?.string { raw.offerAttachment(link, type: item["enclosureMime"]?.string, byteSize: nil) }
        if let thumbnail = item["mediaThumbnail"]?.string { raw.offerImage(RawLink(text: thumbnail, base: nil), rank: 1) }
        if let html = item["body"]?.string, !html.isEmpty { raw.content = RawText(text: html, isHTML: true) }
        let article = ItemNormaliser(sourceName: feedTitles[RemoteFeedID(feed)]).keptArticle(from: raw)
        return RemoteArticle(
            id: RemoteArticleID(id), feed: RemoteFeedID(feed), article: article, unread: item["unread"] == .bool(true),
            starred: item["starred"] == .bool(true))
    }
}
