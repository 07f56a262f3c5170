import FoundationEssentials

/// One item of a Fever `items` answer, made a `RemoteArticle` through the feed items'
/// normaliser: texts sanitised and capped as a feed's, the link checked, the full text (`html`)
/// kept as HTML and its first picture the article's, the date from `created_on_time`.
enum FeverItem {
    /// nil when the item has no usable id or feed id.
    /// - Parameter feedTitles: the feeds' titles by id, to name the article's source.
    static func decode(_ item: JSONValue, feedTitles: [Int64: String]) -> RemoteArticle? {
        guard let id = FeverIDs.id(item["id"]), let feed = FeverIDs.id(item["feed_id"]) else { return nil }
        var raw = RawItem()
        if let title = item["title"]?.text { raw.offerTitle(RawText(text: title, isHTML: true), rank: 0) }
        if let link = item["url"]?.string { raw.offerLink(RawLink(text: link, base: nil), rank: 0) }
        if let created = item["created_on_time"]?.text.flatMap({ Int64($0) }), created > 0 {
            raw.offerDate(Date(timeIntervalSince1970: TimeInterval(created)), rank: 0)
        }
        if let author = item["author"]?.text { raw.offerAuthor(author, rank: 0) }
        if let html = item["html"]?.string, !html.isEmpty { raw.content = RawText(text: html, isHTML: true) }
        let article = ItemNormaliser(sourceName: feedTitles[feed]).keptArticle(from: raw)
        return RemoteArticle(
            id: RemoteArticleID(id), feed: RemoteFeedID(feed), article: article,
            unread: !FeverIDs.flag(item["is_read"]), starred: FeverIDs.flag(item["is_saved"]))
    }
}
