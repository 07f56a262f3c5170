import FoundationEssentials
import NewsCore

/// What `|` writes to the command: with `pipe-format = text`, the title, link and date, then
/// the text as the article screen lays it out at `columns` (numbered links and all); with
/// `html`, the article's HTML.
enum PipeText {
    static func text(_ article: Article, format: PipeSettings.Format, columns: Int, localTime: LocalTime = .system) -> String {
        if format == .html { return ArticleHTML.text(article) + "\n" }
        var lines = TextLayout.wrap(article.title.isEmpty ? "(untitled)" : article.title, to: columns)
        if let url = article.url { lines.append(url.absoluteString) }
        lines.append(article.publishedAt.map { DateText.full($0, localTime: localTime) } ?? "Undated")
        lines.append("")
        let body = ArticleText.body(article, richText: ArticleText.richText(article), columns: columns)
        lines += body.map { String($0.text.reversed().drop { $0 == " " }.reversed()) }
        return lines.joined(separator: "\n") + "\n"
    }
}
