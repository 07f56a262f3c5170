import FoundationEssentials

/// How `|` hands an article to a command: the config's `pipe-command` (what the prompt starts
/// with) and `pipe-format`.
public struct PipeSettings: Sendable, Equatable {
    public enum Format: String, CaseIterable, Sendable {
        /// Title, link, date and the text as the article screen lays it out.
        case text
        /// The article's HTML.
        case html
    }

    public var command: String?
    public var format = Format.text

    public init(command: String? = nil, format: Format = .text) {
        self.command = command
        self.format = format
    }
}

/// An article's HTML for `pipe-format = html`: its body as the feed gave it (sanitised when it
/// was stored); a plain-text body, or NewsAPI's description and content, escaped as paragraphs.
public enum ArticleHTML {
    public static func text(_ article: Article) -> String {
        if case .html(let html) = article.body { return html }
        let paragraphs: [String]
        if case .text(let text) = article.body {
            paragraphs = [text]
        } else {
            paragraphs = [article.description, article.content].compactMap { $0 }
        }
        return paragraphs.map { "<p>" + XMLText.escape($0) + "</p>" }.joined(separator: "\n")
    }
}
