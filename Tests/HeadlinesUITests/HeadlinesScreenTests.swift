import Foundation
import HeadlinesSession
import Testing
@testable import HeadlinesUI
import NewsCore
import SessionTestSupport
import TestSupport
import HeadlinesKeys

@Suite("HeadlinesScreen", .timeLimit(.minutes(1)))
@MainActor
struct HeadlinesScreenTests {
    /// A screen that has loaded the standard 40 articles and been drawn at `width`×`height`.
    static func loadedScreen(
        _ source: ScriptedSource = ScriptedSource([.success(Edition(articles: Fixtures.dated()))]),
        width: Int = 100, height: Int = 30
    ) async throws -> (screen: HeadlinesScreen, host: TestHost) {
        let host = try TestHost()
        let screen = HeadlinesScreen(services: try await host.services(source))
        screen.didAppear(host.context)
        #expect(screen.state.isLoading)
        try #require(await eventually { screen.state.hasLoaded && !screen.state.isLoading })
        var canvas = Canvas(width: width, height: height)
        screen.render(into: &canvas)
        return (screen, host)
    }

    static func press(_ key: Key, _ screen: HeadlinesScreen, _ host: TestHost) -> Int {
        let outcome = host.press(key, screen)
        guard case .handled = outcome else {
            Issue.record("\(key) was not handled")
            return -1
        }
        return screen.state.scroll.selection
    }

    @Test("opening the screen loads the source")
    func loadsOnAppear() async throws {
        let source = ScriptedSource(name: "Demo News", [.success(Edition(articles: Fixtures.dated()))])
        let (screen, host) = try await Self.loadedScreen(source)
        defer { host.context.scope.close() }
        #expect(source.fetchCount == 1)
        #expect(screen.state.articles.count == 40)
        #expect(screen.state.sourceName == "Demo News")
        #expect(screen.state.lastRefresh == Fixtures.now)
        #expect(screen.state.selectedArticle?.url == Fixtures.url(0))
    }

    @Test("j k G g PgDn PgUp Space b Home End move the selection within the list")
    func movement() async throws {
        let (screen, host) = try await Self.loadedScreen()
        defer { host.context.scope.close() }
        // Drawn at 100×30: a page is 28 rows.
        #expect(Self.press(.character("j"), screen, host) == 1)
        #expect(Self.press(.character("j"), screen, host) == 2)
        #expect(Self.press(.down, screen, host) == 3)
        #expect(Self.press(.character("k"), screen, host) == 2)
        #expect(Self.press(.up, screen, host) == 1)
        #expect(Self.press(.character("G"), screen, host) == 39)
        #expect(Self.press(.character("j"), screen, host) == 39)
        #expect(Self.press(.character("g"), screen, host) == 0)
        #expect(Self.press(.character("k"), screen, host) == 0)
        #expect(Self.press(.pageDown, screen, host) == 28)
        #expect(Self.press(.pageDown, screen, host) == 39)
        #expect(Self.press(.pageUp, screen, host) == 11)
        #expect(Self.press(.character("b"), screen, host) == 0)
        #expect(Self.press(.character(" "), screen, host) == 28)
        #expect(Self.press(.control("b"), screen, host) == 0)
        #expect(Self.press(.control("f"), screen, host) == 28)
        #expect(Self.press(.home, screen, host) == 0)
        #expect(Self.press(.end, screen, host) == 39)
    }

    @Test("a page is the list's height as last drawn")
    func pageFollowsHeight() async throws {
        let (screen, host) = try await Self.loadedScreen(width: 40, height: 10)
        defer { host.context.scope.close() }
        #expect(Self.press(.pageDown, screen, host) == 8)
        #expect(Self.press(.pageDown, screen, host) == 16)
        var canvas = Canvas(width: 40, height: 10)
        screen.render(into: &canvas)
        #expect(canvas.line(8).contains("Headline number 16"))
        #expect(canvas.styles(8).allSatisfy { $0.reverse })
    }

    @Test("the selection stays on screen as it moves")
    func selectionVisible() async throws {
        let (screen, host) = try await Self.loadedScreen()
        defer { host.context.scope.close() }
        _ = Self.press(.character("G"), screen, host)
        var canvas = Canvas(width: 100, height: 30)
        screen.render(into: &canvas)
        #expect(screen.state.scroll.top == 12)
        #expect(canvas.line(28).contains("Headline number 39 "))
        #expect(canvas.styles(28).allSatisfy { $0.role == .selection && $0.reverse })
        #expect(canvas.line(1).contains("Headline number 12 "))
    }

    @Test("Enter opens the selected article; ? help; q quits; other keys are ignored")
    func otherKeys() async throws {
        let (screen, host) = try await Self.loadedScreen()
        defer { host.context.scope.close() }
        _ = Self.press(.character("j"), screen, host)
        _ = Self.press(.character("j"), screen, host)
        guard case .push(let pushed) = host.press(.enter, screen), let article = pushed as? ArticleScreen else {
            Issue.record("Enter did not open an article")
            return
        }
        #expect(article.state.article.url == Fixtures.url(2))
        guard case .openHelp = host.press(.character("?"), screen) else {
            Issue.record("? did not open help")
            return
        }
        guard case .quit = host.press(.character("q"), screen) else {
            Issue.record("q did not quit")
            return
        }
        guard case .ignored = host.press(.character("x"), screen) else {
            Issue.record("x was not ignored")
            return
        }
        #expect(screen.state.scroll.selection == 2)
    }

    @Test("r reloads, keeping the list meanwhile, and the selected article stays selected on its screen row")
    func reloadKeepsSelection() async throws {
        let first = Fixtures.dated()
        // The refresh brings three newer articles, above the others.
        let newer = (0..<3).map { index in
            Article(
                title: "Breaking \(index)", url: URL(string: "https://news.example/breaking/\(index)")!,
                publishedAt: Fixtures.now.addingTimeInterval(Double(10 - index)))
        }
        let source = ScriptedSource([.success(Edition(articles: first)), .success(Edition(articles: newer + first))])
        let (screen, host) = try await Self.loadedScreen(source)
        defer { host.context.scope.close() }
        for _ in 0..<5 { _ = Self.press(.character("j"), screen, host) }
        let row = screen.state.scroll.selection - screen.state.scroll.top
        guard case .handled = host.press(.character("r"), screen) else {
            Issue.record("r was not handled")
            return
        }
        #expect(screen.state.isLoading)
        #expect(screen.state.articles == first)
        #expect(screen.state.selectedArticle?.url == Fixtures.url(5))
        try #require(await eventually { !screen.state.isLoading })
        #expect(source.fetchCount == 2)
        #expect(screen.state.articles.count == 43)
        #expect(screen.state.scroll.selection == 8)
        #expect(screen.state.selectedArticle?.url == Fixtures.url(5))
        #expect(screen.state.scroll.selection - screen.state.scroll.top == row, "the selected row did not move on screen")
        #expect(screen.state.rows.prefix(3).allSatisfy { $0.isNew })
    }

    @Test("a failed reload keeps the list and shows the error")
    func reloadFailure() async throws {
        let source = ScriptedSource([
            .success(Edition(articles: Fixtures.dated())),
            .failure(.timedOut(host: "news.example")),
        ])
        let (screen, host) = try await Self.loadedScreen(source)
        defer { host.context.scope.close() }
        _ = Self.press(.character("j"), screen, host)
        _ = host.press(.character("r"), screen)
        try #require(await eventually { !screen.state.isLoading })
        #expect(screen.state.phase == .failed("Offline since 21:40: news.example did not answer in time; showing the cached articles."))
        #expect(screen.state.articles.count == 40)
        #expect(screen.state.selectedArticle?.url == Fixtures.url(1))
        var canvas = Canvas(width: 100, height: 30)
        screen.render(into: &canvas)
        #expect(canvas.line(29).hasPrefix(" ✗ Offline since 21:40: news.example did not answer in time"))
        #expect(canvas.line(2).contains("Headline number 1 "))
    }
}

/// A load cancelled by something other than the screen must not leave it spinning.
@Suite("HeadlinesScreen cancellation", .timeLimit(.minutes(1)))
@MainActor
struct HeadlinesScreenCancellationTests {
    /// A source whose fetch ends in a cancellation nobody asked for (a transfer torn down from outside).
    final class CancellingSource: FetchedSource {
        let name = "Flaky"
        let key = SourceKey("flaky")
        let host: String? = nil
        let location = URL(fileURLWithPath: "/flaky")
        func fetch(validators: HTTPValidators?) async throws -> FetchResult { throw CancellationError() }
    }

    @Test func anUnaskedCancellationEndsTheLoadingPhase() async throws {
        let host = try TestHost()
        let screen = HeadlinesScreen(services: try await host.services(CancellingSource()))
        screen.didAppear(host.context)
        defer { host.context.scope.close() }
        #expect(screen.state.isLoading)
        #expect(await eventually { !screen.state.isLoading })
        #expect(screen.state.phase == .failed("The load was cancelled."))
        var canvas = Canvas(width: 80, height: 20)
        screen.render(into: &canvas)
        #expect(!canvas.contains("Loading"))
    }
}
