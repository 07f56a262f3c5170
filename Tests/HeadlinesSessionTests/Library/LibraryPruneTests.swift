import FoundationEssentials
import Testing
@testable import HeadlinesSession
import NewsCore
import SessionTestSupport
import TestSupport

/// The prune at start runs on a connection of its own, batch by batch: the library's store goes
/// on answering, and sees the result (issue 56).
@Suite("Library prune", .timeLimit(.minutes(1)))
@MainActor
struct LibraryPruneTests {
    @Test func oldArticlesGoInTheBackgroundAndTheLibrarysStoreSeesThem() async throws {
        let host = try SessionHost()
        let source = ScriptedSource([.success(Edition(articles: []))])
        let services = try await host.services(source)
        let library = services.library
        let store = library.store
        let longAgo = library.now().addingTimeInterval(-90 * 86_400)
        let total = 2 * ArticleStore.pruneBatch + 10
        let articles = (0..<total).map { index in
            var article = Fixtures.article(index)
            article.url = URL(string: "https://news.example/old/\(index)")!
            article.publishedAt = longAgo.addingTimeInterval(Double(index))
            return article
        }
        try await store.merge(Edition(articles: articles), into: source.key, at: longAgo)
        try await store.merge(Edition(articles: []), into: source.key, at: library.now().addingTimeInterval(-86_400))  // gone from the feed
        #expect(try await store.count(.sources([source.key])) == total)

        library.prune(keepDays: 30, configured: [source.key])
        #expect(await eventually { !library.scope.isRunning(.pruning) })
        #expect(try await store.count(.sources([source.key])) == 0, "the library's own connection sees the prune's writes")
    }
}
