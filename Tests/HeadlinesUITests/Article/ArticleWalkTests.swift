import Foundation
import Testing
@testable import HeadlinesUI
import HeadlinesSession
import NewsCore
import SessionTestSupport
import TestSupport
import HeadlinesKeys

/// `J` and `K` in the article walk the list it came from, pages not yet read included.
@Suite("Article walk", .timeLimit(.minutes(1)))
@MainActor
struct ArticleWalkTests {
    @Test func jPastTheRowsReadSoFarReadsTheListsNextPage() async throws {
        let source = ScriptedSource([.success(Edition(articles: Fixtures.dated(250)))])
        let (list, host) = try await HeadlinesScreenTests.loadedScreen(source)
        defer { host.context.scope.close() }
        try #require(list.state.rows.count == ListWindow.pageSize && list.state.hasMore)
        list.state.select(ListWindow.pageSize - 1)  // the last row read, before any read-ahead
        guard case .push(let pushed) = host.press(.enter, list), let article = pushed as? ArticleScreen else {
            Issue.record("Enter did not open the article")
            return
        }
        let articleHost = try TestHost(isRoot: false)
        defer { articleHost.context.scope.close() }
        article.didAppear(articleHost.context)
        #expect(article.state.article.title == Fixtures.title(199))
        _ = articleHost.press(.character("J"), article)
        #expect(await eventually { article.state.article.title == Fixtures.title(200) }, "\(article.state.article.title)")
        #expect(list.state.scroll.selection == 200, "the list follows")
        // The mark reaches the row after the article shows (through the one mark writer): wait for it.
        #expect(
            await eventually {
                article.state.marks?.isRead == true && list.state.rows.indices.contains(200) && list.state.rows[200].isRead
            }, "read, here and on its row")
        _ = articleHost.press(.character("K"), article)
        #expect(await eventually { article.state.article.title == Fixtures.title(199) })
        list.state.select(0)
        _ = articleHost.press(.character("K"), article)  // from the article's own row, not the list's selection
        #expect(article.state.article.title == Fixtures.title(198))
    }

    @Test func kOnTheFirstArticleSaysSo() async throws {
        let (list, host) = try await HeadlinesScreenTests.loadedScreen()
        defer { host.context.scope.close() }
        guard case .push(let pushed) = host.press(.enter, list), let article = pushed as? ArticleScreen else {
            Issue.record("Enter did not open the article")
            return
        }
        let articleHost = try TestHost(isRoot: false)
        article.didAppear(articleHost.context)
        _ = articleHost.press(.character("K"), article)
        #expect(article.state.notice?.text == "This is the first article of the list.")
        #expect(article.state.article.title == Fixtures.title(0))
    }
}
