import Foundation
import Testing
import NewsCore
import SessionTestSupport
import TestSupport
@testable import HeadlinesSession

/// `s` saves through the downloads (issue 52, point 3): the article read whole from the cache,
/// written as Markdown, a row of its own that a quit waits for, and the caller told once.
@Suite("DownloadCenter saves articles", .timeLimit(.minutes(1)))
@MainActor
struct DownloadCenterArticleTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder("article-saves") }

    /// How each save ended, as the caller heard it.
    final class Told {
        var results: [Result<URL, any Error>] = []
    }

    @Test func anArticleIsReadWholeFromTheCacheAndWrittenAsARowOfTheDownloads() async throws {
        let store = try await ArticleStore.open(at: folder.url.appendingPathComponent("cache.db"))
        var whole = Fixtures.article(1)
        whole.content = "The whole text, as the cache holds it."
        try await store.merge(Edition(articles: [whole]), into: SourceKey("feed"))
        let id = try #require(try await store.page(.all, after: nil, limit: 1).articles.first?.id)
        let center = DownloadCenter(persistence: Persistence(folder: folder.url.appendingPathComponent("saved")), store: store)
        let told = Told()
        var heading = whole
        heading.content = nil  // a list's row may hold only its heading
        center.saveArticle(heading, id: id, fullText: true) { told.results.append($0) }
        #expect(center.activeCount == 1, "a quit waits for it")
        await center.waitForAll()

        #expect(told.results.count == 1)
        let file = try #require(try told.results.first?.get())
        #expect(try String(contentsOf: file, encoding: .utf8).contains("The whole text, as the cache holds it."))
        #expect(center.items.map(\.state) == [.written(file)] && center.savedCount == 1)
    }

    @Test func aFolderThatCannotBeMadeIsToldOnceAndTheRowSaysWhy() async throws {
        let blocker = folder.url.appendingPathComponent("saved")
        try Data("x".utf8).write(to: blocker)
        let center = DownloadCenter(persistence: Persistence(folder: blocker))
        var outcomes: [DownloadCenter.Outcome] = []
        center.onOutcome = { outcomes.append($0) }
        let told = Told()
        center.saveArticle(Fixtures.article(2), id: nil, fullText: false) { told.results.append($0) }
        await center.waitForAll()
        #expect(told.results.count == 1 && outcomes.isEmpty, "told to the one who asked, not twice")
        guard case .failure(let error)? = told.results.first, case .failed(let reason)? = center.items.first?.state else {
            Issue.record("expected a failure")
            return
        }
        #expect(ErrorText.sentence(error).hasPrefix("The article could not be saved in ") && reason == ErrorText.sentence(error))
    }
}
