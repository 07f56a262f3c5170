import FoundationEssentials

/// One item of a Fever `items` answer, made a `RemoteArticle`: every text sanitised and capped,
/// the link checked, the full text (`html`) kept as HTML, the date from `created_on_time`.
enum FeverItem {
    /// nil when the item has no usable id or feed id.
    /// - Parameter feedTitles: the feeds' titles by id, to name the article's source.
    static func decode(_ item: JSONValue, feedTitles: [Int64: String]) -> RemoteArticle? {
        guard let id = FeverIDs.id(item["id"]), let feed = FeverIDs.id(item["feed_id"]) else { return nil }
        let link = URLPolicy.articleURL(item["url"]?.string, relativeTo: nil)
        var title = Sanitizer.clean(item["title"]?.text ?? "", maxLength: TextLimits.title)
        if title.isEmpty { title = link?.absoluteString ?? "Article \(id)" }
        let created = item["created_on_time"]?.text.flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil }
        var body: ArticleBody?
        if let html = item["html"]?.string, !html.isEmpty {
            body = .html(html.count > TextLimits.body ? String(html.prefix(TextLimits.body)) : html)
        }
        let article = Article(
            sourceName: feedTitles[feed],
            author: Sanitizer.cleanOptional(item["author"]?.text, maxLength: TextLimits.name),
            title: title, url: link, publishedAt: created.map { Date(timeIntervalSince1970: TimeInterval($0)) }, body: body)
        return RemoteArticle(
            id: RemoteArticleID(id), feed: RemoteFeedID(feed), article: article,
            unread: !FeverIDs.flag(item["is_read"]), starred: FeverIDs.flag(item["is_saved"]))
    }
}
