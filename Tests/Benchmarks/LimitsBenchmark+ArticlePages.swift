import Foundation
import NewsCore
import TestSupport

/// The limits benchmark's full-article cases (issue 50, point 2): `x` on a page of 30 MB and
/// on one of 400,000 pictures, and `full-text = yes` reading four 30 MB pages side by side
/// (`FullTextReader`, as after a refresh), each in the probe's own process.
enum ArticlePageLimits {
    static let pageBytes = 30_000_000
    static let pictures = 400_000

    /// A news page of about `bytes` bytes: paragraphs of prose in an article.
    static func largePage(bytes: Int) -> String {
        let paragraph =
            "<p>The harbour board met on Tuesday evening to settle the dredging contract, which had been delayed twice since the spring floods moved the channel's sandbanks.</p>\n"
        let count = max(1, bytes / paragraph.utf8.count)
        return "<!DOCTYPE html><html><head><title>A long page</title></head><body><article><h1>A long page</h1>"
            + String(repeating: paragraph, count: count) + "</article></body></html>"
    }

    /// An article of a few paragraphs followed by `pictures` pictures.
    static func picturesPage(_ pictures: Int) -> String {
        let text = String(repeating: "<p>The council met late into the evening to settle the harbour's dredging, which had waited since spring.</p>", count: 8)
        var page = "<!DOCTYPE html><html><head><title>Pictures</title></head><body><article><h1>Pictures</h1>" + text
        page.reserveCapacity(pictures * 24)
        for index in 0..<pictures { page += "<img src=\"/p/\(index).jpg\">" }
        return page + "</article></body></html>"
    }

    static func run(_ limitsCase: LimitsBenchmark.Case, _ url: URL) async throws {
        switch limitsCase {
        case .articlePages:
            let folder = try TemporaryFolder("limits-pages")
            let store = try await ArticleStore.open(at: folder.file("cache.db"))
            let articles = (1...4).map { Article(title: "Page \($0)", url: URL(string: url.absoluteString + "?page=\($0)"), guid: "page-\($0)") }
            let merged = try await store.merge(Edition(articles: articles), into: SourceKey("https://example.com/feed.xml"))
            let reader = FullTextReader(service: NewsService(), limits: ConnectionLimits(), store: store)
            let report = try await reader.readAll(merged.added.sorted { $0.rawValue < $1.rawValue })
            guard report.read == 4 else { throw BenchmarkFailure("\(report.read) of 4 pages were read: \(report.firstFailure ?? "")") }
        default:
            _ = try await NewsService().article(at: url)
        }
    }
}
