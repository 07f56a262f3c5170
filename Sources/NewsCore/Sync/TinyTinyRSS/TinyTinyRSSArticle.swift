import FoundationEssentials

/// One headline of `getHeadlines` or `getArticle`, made a `RemoteArticle` through the feed items'
/// normaliser: texts sanitised and capped as a feed's (the title read as HTML, as TT-RSS's own
/// pages show it), the link checked, the full text (`content`, with `show_content`) kept as
/// HTML, the picture TT-RSS chose (`flavor_image`), else the first one in the content.
/// `guid` is TT-RSS's own JSON inside a string (`{"ver":2,"uid":1,"hash":…}`): the article's
/// identity here is the server's id, so it is not needed.
enum TinyTinyRSSArticle {
    static func decode(_ item: JSONValue) -> RemoteArticle? {
        guard let id = TinyTinyRSSClient.id(item["id"]), let feed = TinyTinyRSSClient.id(item["feed_id"]) else { return nil }
        var raw = RawItem()
        if let title = item["title"]?.string { raw.offerTitle(RawText(text: title, isHTML: true), rank: 0) }
        if let link = item["link"]?.string { raw.offerLink(RawLink(text: link, base: nil), rank: 0) }
        if let updated = item["updated"]?.int { raw.offerDate(Date(timeIntervalSince1970: TimeInterval(updated)), rank: 0) }
        if let author = item["author"]?.string { raw.offerAuthor(author, rank: 0) }
        if let image = item["flavor_image"]?.string { raw.offerImage(RawLink(text: image, base: nil), rank: 0) }
        if let html = item["content"]?.string, !html.isEmpty { raw.content = RawText(text: html, isHTML: true) }
        let article = ItemNormaliser(sourceName: item["feed_title"]?.string).keptArticle(from: raw)
        return RemoteArticle(
            id: RemoteArticleID(id), feed: RemoteFeedID(feed), article: article,
            unread: item["unread"] == .bool(true), starred: item["marked"] == .bool(true))
    }
}
