import FoundationEssentials

/// One headline of `getHeadlines` or `getArticle`, made a `RemoteArticle`: every text sanitised
/// and capped, the link checked, the full text (`content`, with `show_content`) kept as HTML.
/// `guid` is TT-RSS's own JSON inside a string (`{"ver":2,"uid":1,"hash":…}`): the article's
/// identity here is the server's id, so it is not needed.
enum TinyTinyRSSArticle {
    static func decode(_ item: JSONValue) -> RemoteArticle? {
        guard let id = TinyTinyRSSClient.id(item["id"]), let feed = TinyTinyRSSClient.id(item["feed_id"]) else { return nil }
        let link = URLPolicy.articleURL(item["link"]?.string, relativeTo: nil)
        var title = Sanitizer.clean(item["title"]?.string ?? "", maxLength: TextLimits.title)
        if title.isEmpty { title = link?.absoluteString ?? "Article \(id)" }
        let published = item["updated"]?.int.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        var body: ArticleBody?
        if let html = item["content"]?.string, !html.isEmpty {
            body = .html(html.utf8.count > TextLimits.body ? String(html.prefix(TextLimits.body)) : html)
        }
        let article = Article(
            sourceName: Sanitizer.cleanOptional(item["feed_title"]?.string, maxLength: TextLimits.name),
            author: Sanitizer.cleanOptional(item["author"]?.string, maxLength: TextLimits.name),
            title: title, url: link, publishedAt: published, body: body)
        return RemoteArticle(
            id: RemoteArticleID(id), feed: RemoteFeedID(feed), article: article,
            unread: item["unread"] == .bool(true), starred: item["marked"] == .bool(true))
    }
}
