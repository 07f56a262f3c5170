import Foundation
import Testing
@testable import HeadlinesUI
import NewsCore
import SessionTestSupport
@testable import HeadlinesSession
import HeadlinesKeys

/// Typing a link's number on the article screen: digits show in the status bar, the
/// `open-link` key (Enter) opens it, Esc cancels.
@Suite("Article link keys", .timeLimit(.minutes(1)))
@MainActor
struct ArticleLinkKeyTests {
    static func screen(_ article: Article = ArticleFullTextTests.feedArticle()) async throws -> (ArticleScreen, TestHost) {
        let host = try TestHost(isRoot: false)
        let screen = ArticleScreen(article: article, services: try await host.services(ScriptedSource([.success(Edition(articles: []))])))
        screen.didAppear(host.context)
        return (screen, host)
    }

    static func handled(_ outcome: KeyOutcome) -> Bool {
        if case .handled = outcome { return true }
        return false
    }

    static func statusLine(_ screen: ArticleScreen) -> String {
        var canvas = Canvas(width: 80, height: 24)
        screen.render(into: &canvas)
        return canvas.line(23)
    }

    @Test func digitsShowTheNumberBeingTyped() async throws {
        let (screen, host) = try await Self.screen()
        _ = Self.statusLine(screen)
        for key: Character in ["0", "1", "2"] { #expect(Self.handled(host.press(.character(key), screen))) }
        #expect(screen.state.linkNumber == "12")  // a leading 0 is ignored
        #expect(Self.statusLine(screen).hasPrefix(" Open link: 12 · ⏎ open · q cancel "))
        _ = host.press(.character("3"), screen)
        _ = host.press(.character("4"), screen)
        #expect(screen.state.linkNumber == "123")  // three digits at most
    }

    @Test func escapeCancelsTheNumberAndStaysOnTheArticle() async throws {
        let (screen, host) = try await Self.screen()
        _ = host.press(.character("2"), screen)
        #expect(Self.handled(host.press(.escape, screen)))
        #expect(screen.state.linkNumber == nil)
        #expect(!Self.statusLine(screen).contains("Open link"))
        guard case .close = host.press(.escape, screen) else {
            Issue.record("a second Esc did not leave the article")
            return
        }
    }

    @Test func scrollingKeepsTheNumber() async throws {
        let (screen, host) = try await Self.screen()
        _ = host.press(.character("1"), screen)
        _ = host.press(.character("j"), screen)
        #expect(screen.state.linkNumber == "1")
    }

    @Test func aNumberWithNoLinkSaysHowManyThereAre() async throws {
        let (screen, host) = try await Self.screen()
        _ = host.press(.character("7"), screen)
        #expect(Self.handled(host.press(.enter, screen)))
        #expect(screen.state.linkNumber == nil)
        #expect(screen.state.notice == Notice("There is no link 7: the text has 2 links.", kind: .error))
    }

    @Test func enterWithoutANumberExplains() async throws {
        let (screen, host) = try await Self.screen()
        _ = host.press(.enter, screen)
        #expect(screen.state.notice == Notice("Type a link's number (1 to 2), then ⏎."))
    }

    @Test func anArticleWithoutLinksSaysSo() async throws {
        let (screen, host) = try await Self.screen(ArticleViewTests.article())
        #expect(Self.handled(host.press(.character("1"), screen)))
        #expect(screen.state.linkNumber == nil)
        #expect(screen.state.notice == Notice("This article has no numbered links."))
    }

    /// An announcement or podcast episode without a link: `o` says there is nothing to open,
    /// and the article shows no address line.
    @Test func openOnAnArticleWithoutALinkSaysSo() async throws {
        var article = ArticleViewTests.article()
        article.url = nil
        let (screen, host) = try await Self.screen(article)
        #expect(Self.handled(host.press(.character("o"), screen)))
        #expect(screen.state.notice == Notice("This article has no link to open.", kind: .error))
        var canvas = Canvas(width: 80, height: 24)
        screen.render(into: &canvas)
        #expect(!(0..<24).contains { canvas.line($0).contains("https://") })
    }

    @Test func theKeyIsInTheKeyTableAndRebindable() {
        #expect(KeyMap().action(for: .enter, on: .article) == .openLink)
        #expect(KeyMap().action(for: .character("i"), on: .article) == .togglePicture)
        #expect(KeyMap().action(for: .enter, on: .headlines) == .read)
        var keys = KeyMap()
        keys.bind(.character("L"), to: .openLink)
        #expect(keys.action(for: .character("L"), on: .article) == .openLink)
        #expect(ArticleScreen.linkHints(keys) == "⏎ open · q cancel")
    }

    @Test func iTogglesThePicture() async throws {
        let (screen, host) = try await Self.screen()
        #expect(Self.handled(host.press(.character("i"), screen)))
        #expect(!screen.state.showsPicture)
        _ = host.press(.character("i"), screen)
        #expect(screen.state.showsPicture)
    }
}
