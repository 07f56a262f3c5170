import Foundation
import Testing
@testable import HeadlinesUI
import NewsCore
import SessionTestSupport
import TestSupport
import HeadlinesKeys

/// `N` and `*` on the article's own screen: the marks change there, in the cache, and on the
/// row of the list the article was opened from.
@Suite("Article mark keys", .timeLimit(.minutes(1)))
@MainActor
struct ArticleMarkKeyTests {
    static func statusLine(_ screen: any Screen) -> String {
        var canvas = Canvas(width: 80, height: 24)
        screen.render(into: &canvas)
        return canvas.line(23)
    }

    @Test func theArticlesMarksChangeInTheCacheAndOnItsRow() async throws {
        let host = try TestHost()
        let source = ScriptedSource([.success(Edition(articles: Fixtures.articles(3)))])
        let services = try await host.services(source)
        let list = HeadlinesScreen(services: services)
        list.didAppear(host.context)
        #expect(await eventually { list.state.rows.count == 3 })
        guard case .push(let pushed) = host.press(.enter, list), let article = pushed as? ArticleScreen else {
            Issue.record("Enter did not open the article")
            return
        }
        let id = try #require(list.state.rows[0].id)
        #expect(article.state.marks == ArticleMarks(id: id, isRead: true, isStarred: false))
        #expect(Self.statusLine(article).hasSuffix(" Article "))

        #expect(ArticleLinkKeyTests.handled(host.press(.character("*"), article)))
        #expect(Self.statusLine(article).hasPrefix(" Starred. "))
        #expect(Self.statusLine(article).hasSuffix(" ★ starred · Article "))
        #expect(ArticleLinkKeyTests.handled(host.press(.character("N"), article)))
        #expect(Self.statusLine(article).hasPrefix(" Marked unread. "))
        #expect(Self.statusLine(article).hasSuffix(" ★ starred · unread · Article "))
        #expect(list.state.rows[0].isStarred && !list.state.rows[0].isRead)

        let store = services.library.store
        #expect(
            await eventually {
                let stored = try? await store.page(.sources([source.key]), limit: 10).articles.first { $0.id == id }
                return stored?.isStarred == true && stored?.isRead == false
            })
    }

    @Test func anArticleOutsideTheCacheSaysItCannotBeMarked() async throws {
        let host = try TestHost(isRoot: false)
        let services = try await host.services(ScriptedSource([.success(Edition(articles: []))]))
        let screen = ArticleScreen(article: ArticleViewTests.article(), services: services)
        screen.didAppear(host.context)
        #expect(ArticleLinkKeyTests.handled(host.press(.character("N"), screen)))
        #expect(Self.statusLine(screen).hasPrefix(" This article is not in the cache, so it cannot be marked."))
        #expect(ArticleLinkKeyTests.handled(host.press(.character("*"), screen)))
        #expect(screen.state.marks == nil)
    }
}
