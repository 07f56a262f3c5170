import Foundation
import Testing
@testable import HeadlinesUI
import NewsCore
import SessionTestSupport
import TestSupport
@testable import HeadlinesSession
import HeadlinesKeys

/// `s` on the article screen: the article, read whole from the cache, saved as Markdown in the
/// save folder, and the status bar says where (or why not, in one sentence).
@Suite("Article save key", .timeLimit(.minutes(1)))
@MainActor
struct ArticleSaveKeyTests {
    /// The list's first article opened from the cache, on a host whose save folder is `saved`.
    static func opened() async throws -> (ArticleScreen, TestHost, AppServices) {
        let host = try TestHost()
        let services = try await host.services(ScriptedSource([.success(Edition(articles: Fixtures.articles(3)))]))
        let list = HeadlinesScreen(services: services)
        list.didAppear(host.context)
        #expect(await eventually { list.state.rows.count == 3 })
        guard case .push(let pushed) = host.press(.enter, list) else {
            Issue.record("Enter did not open the article")
            throw CancellationError()
        }
        let article = try #require(pushed as? ArticleScreen)
        article.didAppear(host.context)
        return (article, host, services)
    }

    @Test func sSavesTheArticleAsMarkdownAndSaysWhere() async throws {
        let (screen, host, services) = try await Self.opened()
        #expect(ArticleLinkKeyTests.handled(host.press(.character("s"), screen)))
        #expect(await eventually { screen.state.notice?.text.hasPrefix("Saved to ") == true })
        let folder = services.downloads.folder
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 1)
        let name = try #require(names.first)
        #expect(name.hasSuffix(".md") && !name.hasPrefix("."), "\(name)")
        #expect(screen.state.notice?.text == "Saved to " + folder.appendingPathComponent(name).path)
        let id = try #require(screen.row.id)
        let stored = try #require(try await services.library.store.article(id))
        #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == ArticleMarkdown.text(stored.article))
    }

    @Test func aSaveFolderThatCannotBeMadeIsOneSentence() async throws {
        let (screen, host, services) = try await Self.opened()
        // A file where the folder should be.
        try Data("x".utf8).write(to: services.downloads.folder)
        _ = host.press(.character("s"), screen)
        #expect(await eventually { screen.state.notice?.kind == .error })
        let text = try #require(screen.state.notice?.text)
        #expect(text.hasPrefix("The article could not be saved in ") && text.hasSuffix("."), "\(text)")
        #expect(text.split(separator: ". ").count == 1, "\(text)")
    }

    @Test func sOnTheListStillCyclesTheSort() async throws {
        #expect(KeyMap().action(for: .character("s"), on: .headlines) == .cycleSort)
        #expect(KeyMap().action(for: .character("s"), on: .article) == .saveArticle)
    }
}
