import FoundationEssentials
import NewsCore

/// The line under an article's date while its full text is shown: where the text came from.
enum FullTextLine {
    static let style = Style(.source)

    /// `Full text from https://example.com/story · its end is missing…`
    static func text(_ fullText: FullText) -> String {
        "Full text from " + fullText.page.absoluteString
            + (fullText.truncated ? " · its end is missing: the page is larger than Headlines reads" : "")
            + (fullText.doubtful ? " · the page may hold no article: it reads as a front page or a list of links (x: the feed's text)" : "")
    }

    /// The page's host, for a short notice: `example.com`.
    static func place(_ page: URL) -> String {
        guard let host = page.host, !host.isEmpty else { return "the article's page" }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }
}
