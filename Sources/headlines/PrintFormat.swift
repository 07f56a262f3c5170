import FoundationEssentials
import NewsCore

/// The lines `--print` writes: tab-separated text, or one JSON object per article.
enum PrintFormat {
    /// `date<TAB>source<TAB>title<TAB>url`; the date in UTC without fraction, empty when undated;
    /// the url empty when the article has none. An article with an enclosure adds a fifth field,
    /// the enclosure's URL.
    static func line(_ article: Article) -> String {
        let date = article.publishedAt.map(ISO8601.formatUTC) ?? ""
        var fields = [date, article.sourceName ?? "", article.title, article.url?.absoluteString ?? ""]
        if let enclosure = article.enclosure { fields.append(enclosure.url.absoluteString) }
        return fields.joined(separator: "\t")
    }

    /// NewsAPI's field names, with `source` as the name string and `publishedAt` in UTC or null;
    /// `content` is NewsAPI's extract, or a feed's full text as one line of plain text.
    static func jsonLine(_ article: Article) -> String {
        let fields: [(String, String?)] = [
            ("source", article.sourceName),
            ("author", article.author),
            ("title", article.title),
            ("description", article.description),
            ("url", article.url?.absoluteString),
            ("urlToImage", article.imageURL?.absoluteString),
            ("publishedAt", article.publishedAt.map(ISO8601.formatUTC)),
            ("content", article.content ?? article.body.flatMap(plainText)),
        ]
        var members = fields.map { "\(JSONStringLiteral.quoted($0.0)):\($0.1.map { JSONStringLiteral.quoted($0) } ?? "null")" }
        if let enclosure = article.enclosure { members.append("\"enclosure\":" + enclosureObject(enclosure)) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// `{"url":…,"type":…,"length":…,"duration":…}`: the size in bytes and the duration in
    /// seconds, null when the feed gave none (as the type).
    static func enclosureObject(_ enclosure: Enclosure) -> String {
        let members = [
            "\"url\":" + JSONStringLiteral.quoted(enclosure.url.absoluteString),
            "\"type\":" + (enclosure.mimeType.map { JSONStringLiteral.quoted($0) } ?? "null"),
            "\"length\":" + (enclosure.byteSize.map { String($0) } ?? "null"),
            "\"duration\":" + (enclosure.duration.map { String($0) } ?? "null"),
        ]
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A body flattened as a summary is (tags dropped, references decoded, spaces folded), capped.
    static func plainText(_ body: ArticleBody) -> String? {
        switch body {
        case .html(let html): Sanitizer.cleanOptional(HTMLInline.plainText(html), maxLength: TextLimits.content)
        case .text(let text): Sanitizer.cleanOptional(text, maxLength: TextLimits.content)
        }
    }
}
