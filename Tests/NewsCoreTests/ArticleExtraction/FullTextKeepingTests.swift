import Foundation
import Testing
@_spi(StoreTesting) @testable import NewsCore
import TestSupport

/// `full-text = yes` on a cache that cannot grow (a full disk, here SQLite's own page limit):
/// the pages read but not kept are counted apart from pages that failed, with the cache's
/// sentence, so that `--refresh` and the interface say so (issue 50, point 14: "7 new articles,
/// 2 full texts read", exit 0, and 5 lost without a word).
@Suite("Full texts a full cache cannot keep")
struct FullTextKeepingTests {
    @Test func pagesReadButNotKeptAreCountedAndSaid() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let paragraph = "<p>The council met late into the evening to settle the harbour's dredging, which had waited since spring.</p>"
        for number in 1...5 {
            server.route(
                "/story/\(number)",
                .bytes(Data("<html><body><article>\(String(repeating: paragraph, count: 40))</article></body></html>".utf8), contentType: "text/html"))
        }
        let sandbox = try StoreSandbox()
        let store = try await sandbox.open()
        let source = SourceKey("https://example.com/feed.xml")
        let articles = (1...5).map { number in
            Article(title: "Story \(number)", url: server.url("/story/\(number)"), guid: "story-\(number)")
        }
        let merged = try await store.merge(Edition(articles: articles), into: source)
        // The file may not grow by a page: every full text fails to be written, as on a full disk.
        let pages = try await store.integerForTesting("PRAGMA page_count")
        try await store.executeForTesting("PRAGMA max_page_count = \(pages)")
        let reader = FullTextReader(service: NewsService(http: HTTPClient(timeout: 10)), limits: ConnectionLimits(), store: store)
        let report = try await reader.readNew([source: Set(merged.added)], readsAll: { _ in true }, queries: [])
        #expect(report.read == 0 && report.failed == 0)
        #expect(report.notKept == 5)
        let sentence = try #require(report.notKeptSentence)
        #expect(sentence.hasPrefix("5 full texts were read but not kept in the cache: "), "\(sentence)")
        #expect(sentence.lowercased().contains("full"), "\(sentence)")
    }
}
