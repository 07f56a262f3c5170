import FoundationEssentials

/// One item of a `stream/items/contents` answer, made a `RemoteArticle` through the feed items'
/// normaliser: texts sanitised and capped as a feed's (the title read as HTML, as the servers
/// escape it), the link checked (`canonical`, else `alternate`), the full text (`content`, or
/// `summary`, which FreshRSS and Inoreader fill) kept as HTML, an image enclosure as its picture,
/// the date from `published` (else the time the server fetched it), and the marks from its
/// `categories` (`…/state/com.google/read`, `…/starred`).
enum GoogleReaderItem {
    /// nil when the item has no usable id or feed.
    /// - Parameter feedTitles: the feeds' titles by id (the item's `origin` names it when the list does not).
    static func decode(_ item: JSONValue, feedTitles: [RemoteFeedID: String]) -> RemoteArticle? {
        guard let id = GoogleReaderID.item(item["id"]?.text), let feed = GoogleReaderID.feed(item["origin"]?["streamId"]?.string) else {
            return nil
        }
        var raw = RawItem()
        if let title = item["title"]?.string { raw.offerTitle(RawText(text: title, isHTML: true), rank: 0) }
        for (rank, key) in ["canonical", "alternate"].enumerated() {
            if let href = item[key]?.array?.first?["href"]?.string { raw.offerLink(RawLink(text: href, base: nil), rank: rank) }
        }
        if let published = item["published"]?.text.flatMap({ Int64($0) }), published > 0 {
            raw.offerDate(Date(timeIntervalSince1970: TimeInterval(published)), rank: 0)
        } else if let crawled = item["crawlTimeMsec"]?.text.flatMap({ Int64($0) }), crawled > 0 {
            raw.offerDate(Date(timeIntervalSince1970: TimeInterval(crawled / 1000)), rank: 1)
        }
        if let author = item["author"]?.string { raw.offerAuthor(author, rank: 0) }
        for enclosure in item["enclosure"]?.array ?? [] {
            guard let href = enclosure["href"]?.string else { continue }
            raw.offerAttachment(href, type: enclosure["type"]?.string, byteSize: enclosure["length"]?.text.flatMap { Int64($0) })
        }
        let html = item["content"]?["content"]?.string ?? item["summary"]?["content"]?.string
        if let html, !html.isEmpty { raw.content = RawText(text: html, isHTML: true) }
        let categories = (item["categories"]?.array ?? []).compactMap(\.string)
        let source = feedTitles[feed] ?? item["origin"]?["title"]?.string
        let article = ItemNormaliser(sourceName: source).keptArticle(from: raw)
        return RemoteArticle(
            id: id, feed: feed, article: article,
            unread: !categories.contains { GoogleReaderID.isState($0, "read") },
            starred: categories.contains { GoogleReaderID.isState($0, "starred") })
    }
}
