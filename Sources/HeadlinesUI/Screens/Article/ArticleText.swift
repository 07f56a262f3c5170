import FoundationEssentials
import NewsCore

/// The article's text as lines for a width: the header (title, byline, date, where a full text
/// read from the page came from), then the body: a feed's full text (or the page's) laid out
/// from its HTML with its numbered links, or NewsAPI's description and content; then the
/// article's address.
enum ArticleText {
    static let titleStyle = Style(.accent, bold: true)
    static let bylineStyle = Style(.source)
    static let dateStyle = Style(.date)
    static let descriptionStyle = Style(.normal, bold: true)
    static let addressStyle = Style(.link, underline: true)
    static let enclosureStyle = Style(.source)
    /// What the links list says before the enclosure's link.
    static let enclosureLabel = "enclosure:"

    static func header(_ article: Article, columns: Int, localTime: LocalTime) -> [StyledLine] {
        var lines = wrapped(article.title.isEmpty ? "(untitled)" : article.title, titleStyle, columns: columns)
        var byline: [String] = []
        if let source = article.sourceName { byline.append(source) }
        if let author = article.author { byline.append("by " + author) }
        if !byline.isEmpty { lines += wrapped(byline.joined(separator: " · "), bylineStyle, columns: columns) }
        if let enclosure = article.enclosure { lines += wrapped("Enclosure: " + enclosure.summary, enclosureStyle, columns: columns) }
        lines += wrapped(article.publishedAt.map { DateText.full($0, localTime: localTime) } ?? "Undated", dateStyle, columns: columns)
        if let fullText = article.fullText { lines += wrapped(FullTextLine.text(fullText), FullTextLine.style, columns: columns) }
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
            // No text, but links to list: the enclosure's.
            if let richText, !richText.links.isEmpty {
                lines += RichTextLayout.lines(richText, width: columns)
                lines.append(.blank)
            }
        }
        if let url = article.url {
            lines += wrapped(url.absoluteString, addressStyle, columns: columns)
            lines.append(.blank)
        }
        return lines
    }

    /// The article's body read from its HTML or text, links resolved against the article's address;
    /// the enclosure's link is the last of the numbered links (unless the text numbers it already).
    static func richText(_ article: Article) -> RichText? {
        var text = article.body.map { HTMLText.richText($0, baseURL: article.url) }
        if let enclosure = article.enclosure, text?.links.contains(enclosure.url) != true {
            var withLink = text ?? RichText()
            withLink.links.append(enclosure.url)
            withLink.labels[withLink.links.count] = enclosureLabel
            text = withLink
        }
        return text
    }

    static func wrapped(_ text: String, _ style: Style, columns: Int) -> [StyledLine] {
        TextLayout.wrap(text, to: columns).map { StyledLine([StyledLine.Run($0, style)]) }
    }
}
