import FoundationEssentials

/// Reads stored articles back. The file is trusted no more than the network: every text
/// passes `Sanitizer.clean` again with the model's caps, every link `URLPolicy` again, and a
/// row that cannot make an article (a link that is refused) is left out. An article without a
/// link is stored with an empty `url`.
enum ArticleRow {
    /// The columns every article query selects, in this order (`a` is `article`, `s` its
    /// `source`, `b` its `article_body`: see `joins`).
    static let columns = """
        a.id, s.key, a.first_seen, a.read, a.starred, a.url, a.published, a.title, a.source_name, \
        a.author, b.summary, a.image_url, a.guid, b.content, b.body_kind, b.body, \
        a.enclosure_url, a.enclosure_type, a.enclosure_size, a.enclosure_duration, \(enclosureStateColumn)
        """

    /// What `columns` reads besides `article a`: its source and its text (which it may lack).
    static let joins = "JOIN source s ON s.id = a.source_id LEFT JOIN article_body b ON b.article_id = a.id"

    /// 1 once the article's enclosure is downloaded, 2 once it is played; NULL before.
    static let enclosureStateColumn =
        "(SELECT CASE WHEN e.played_at IS NULL THEN 1 ELSE 2 END FROM saved_enclosure e WHERE e.article_id = a.id)"

    /// How many `columns` are: a query's own columns after them start at this index.
    static let columnCount: Int32 = 21

    static func decode(_ row: SQLiteRow) -> StoredArticle? {
        var url: URL?
        if let text = row.text(5), !text.isEmpty {
            guard let valid = URLPolicy.articleURL(text, relativeTo: nil) else { return nil }
            url = valid
        }
        // A local edition's images are local files: allowed for a source that is a file, as when it was read.
        let localSource = row.text(1).flatMap { URL(string: $0) }.flatMap { $0.isFileURL ? $0 : nil }
        let article = Article(
            sourceName: Sanitizer.cleanOptional(row.text(8), maxLength: TextLimits.name),
            author: Sanitizer.cleanOptional(row.text(9), maxLength: TextLimits.name),
            title: Sanitizer.clean(row.text(7) ?? "", maxLength: TextLimits.title),
            description: Sanitizer.cleanOptional(row.text(10), maxLength: TextLimits.description),
            url: url,
            imageURL: URLPolicy.imageURL(row.text(11), relativeTo: localSource),
            publishedAt: row.date(6),
            content: Sanitizer.cleanOptional(row.text(13), maxLength: TextLimits.content),
            guid: Sanitizer.cleanOptional(row.text(12), maxLength: TextLimits.guid),
            body: body(kind: row.text(14), text: row.text(15)),
            enclosure: enclosure(row)
        )
        return StoredArticle(
            id: ArticleID(row.int64(0)),
            source: SourceKey(row.text(1) ?? ""),
            article: article,
            firstSeen: row.date(2) ?? Date(timeIntervalSince1970: 0),
            isRead: row.bool(3),
            isStarred: row.bool(4),
            enclosureState: article.enclosure == nil || row.isNull(20) ? .none : row.int(20) == 2 ? .played : .downloaded
        )
    }

    /// The enclosure as stored, checked again as when it was decoded.
    static func enclosure(_ row: SQLiteRow) -> Enclosure? {
        guard let text = row.text(16), let url = URLPolicy.articleURL(text, relativeTo: nil) else { return nil }
        return Enclosure(
            url: url, mimeType: row.text(17), byteSize: row.isNull(18) ? nil : row.int64(18),
            duration: row.isNull(19) ? nil : row.int(19))
    }

    /// The full text as stored, capped. It keeps its line breaks, so it is not put through
    /// `Sanitizer.clean` (which joins lines); as with a body fresh from the network, whoever
    /// draws it converts it with the HTML-to-text code, which sanitises everything it outputs.
    static func body(kind: String?, text: String?) -> ArticleBody? {
        guard var text, !text.isEmpty else { return nil }
        if text.utf8.count > TextLimits.body, text.count > TextLimits.body {
            text = String(text.prefix(TextLimits.body))
        }
        switch kind {
        case "html": return .html(text)
        case "text": return .text(text)
        default: return nil
        }
    }

    static func kind(of body: ArticleBody?) -> (kind: String?, text: String?) {
        switch body {
        case .html(let text)?: return ("html", text)
        case .text(let text)?: return ("text", text)
        case nil: return (nil, nil)
        }
    }
}
