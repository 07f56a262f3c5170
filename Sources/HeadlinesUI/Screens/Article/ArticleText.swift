import FoundationEssentials
import NewsCore

/// The article's text as lines for a width: the header (title, byline, date), then the body:
/// a feed's full text laid out from its HTML with its numbered links, or NewsAPI's description
/// and content; then the article's address.
enum ArticleText {
    static let titleStyle = Style(.accent, bold: true)
    static let bylineStyle = Style(.source)
    static let dateStyle = Style(.date)
    static let descriptionStyle = Style(.normal, bold: true)
    static let addressStyle = Style(.link, underline: true)

    static func header(_ article: Article, columns: Int, localTime: LocalTime) -> [StyledLine] {
        var lines = wrapped(article.title.isEmpty ? "(untitled)" : article.title, titleStyle, columns: columns)
        var byline: [String] = []
        if let source = article.sourceName { byline.append(source) }
        if let author = article.author { byline.append("by " + author) }
        if !byline.isEmpty { lines += wrapped(byline.joined(separator: " · "), bylineStyle, columns: columns) }
        lines += wrapped(article.publishedAt.map { DateText.full($0, localTime: localTime) } ?? "Undated", dateStyle, columns: columns)
        lines.append(.blank)
        return lines
    }

    /// `richText` is the article's body as read (nil when it has none, or it read as nothing).
    static func body(_ article: Article, richText: RichText?, columns: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        if let richText, !richText.isEmpty {
            lines += RichTextLayout.lines(richText, width: columns)
            lines.append(.blank)
        } else {
            if let description = article.description {
                lines += wrapped(description, descriptionStyle, columns: columns)
                lines.append(.blank)
            }
            if let content = article.content {
                lines += wrapped(content, .normal, columns: columns)
                lines.append(.blank)
            }
        }
        if let url = article.url {
            lines += wrapped(url.absoluteString, addressStyle, columns: columns)
            lines.append(.blank)
        }
        return lines
    }

    /// The article's body read from its HTML or text, links resolved against the article's address.
    static func richText(_ article: Article) -> RichText? {
        article.body.map { HTMLText.richText($0, baseURL: article.url) }
    }

    static func wrapped(_ text: String, _ style: Style, columns: Int) -> [StyledLine] {
        TextLayout.wrap(text, to: columns).map { StyledLine([StyledLine.Run($0, style)]) }
    }
}
