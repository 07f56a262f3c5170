import Foundation
import Testing
@testable import HeadlinesUI
import NewsCore
import SessionTestSupport
import TestSupport
import HeadlinesKeys

/// Marks made on a search's results stay when the other search (NewsAPI's) answers and the
/// results are laid out again.
@Suite("Search screen marks", .timeLimit(.minutes(1)))
@MainActor
struct SearchScreenMarksTests {
    static let remoteAnswer = """
        {"status":"ok","totalResults":1,"articles":[{"source":{"id":null,"name":"Loop"},
        "title":"Moon far side","url":"https://remote.example/1","publishedAt":"2026-11-29T10:00:00Z"}]}
        """

    @Test func marksMadeBeforeNewsAPIAnswersStay() async throws {
        let host = try TestHost()
        defer { host.context.scope.close() }
        let server = try LoopbackServer()
        defer { server.stop() }
        var answer = ScriptedResponse.json(Self.remoteAnswer)
        answer.delayBeforeHeaders = .seconds(1)  // time to open the cached result and star it
        server.route("/v2/everything", answer)
        let source = ScriptedSource([.success(Edition(articles: []))])
        let services = try await host.services(source)
        var cached = Fixtures.article(1)
        cached.title = "Moon landing again"
        try await services.library.store.merge(Edition(articles: [cached]), into: source.key)
        let remote = NewsAPISource(service: NewsService(baseURL: server.baseURL, apiKey: "k"), request: .topHeadlines())
        let screen = SearchScreen(services: services, remote: remote.search)
        screen.didAppear(host.context)
        for character in "moon" { _ = host.press(.character(character), screen) }
        try #require(await eventually { screen.state.rows.count == 1 })

        _ = host.press(.enter, screen)  // from the query to the results
        let opened = host.press(.enter, screen)
        guard case .push(let pushed) = opened, let article = pushed as? ArticleScreen else {
            Issue.record("Enter did not open the article: \(opened)")
            return
        }
        _ = host.press(.character("*"), article)
        #expect(server.requests(path: "/v2/everything").allSatisfy { !$0.finished }, "NewsAPI has not answered yet")
        #expect(await eventually { screen.state.rows.count == 2 }, "NewsAPI's result joined the cache's")
        let row = try #require(screen.state.rows.first { $0.article.title == cached.title })
        #expect(row.isRead && row.isStarred, "read \(row.isRead), starred \(row.isStarred)")
    }
}
