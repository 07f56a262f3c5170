import Foundation
import HeadlinesSession
import Testing
@testable import HeadlinesUI
import NewsCore
import SessionTestSupport
import HeadlinesKeys

@Suite("ArticleScreen", .timeLimit(.minutes(1)))
@MainActor
struct ArticleScreenTests {
    @Test("scrolling keys move the text and clamp at both ends")
    func scrolling() async throws {
        let host = try TestHost(isRoot: false)
        let services = try await host.services(ScriptedSource([.success(Edition(articles: []))]))
        let screen = ArticleScreen(article: ArticleViewTests.article(), services: services)
        var canvas = Canvas(width: 40, height: 10)
        screen.render(into: &canvas)  // 13 lines, 7 rows: offsets 0...6
        func press(_ key: Key) -> Int {
            guard case .handled = host.press(key, screen) else {
                Issue.record("\(key) was not handled")
                return -1
            }
            var canvas = Canvas(width: 40, height: 10)
            screen.render(into: &canvas)
            return screen.state.offset
        }
        #expect(press(.character("k")) == 0)
        #expect(press(.character("j")) == 1)
        #expect(press(.down) == 2)
        // The article has no picture, so the image line's row is the text's: one row more in view.
        #expect(press(.character("G")) == 5)
        #expect(press(.character("j")) == 5)
        #expect(press(.character("k")) == 4)
        #expect(press(.end) == 5)
        #expect(press(.character("g")) == 0)
        #expect(press(.pageDown) == 5)
        #expect(press(.pageUp) == 0)
        #expect(press(.character(" ")) == 5)
        #expect(press(.home) == 0)
        guard case .close = host.press(.character("q"), screen) else {
            Issue.record("q did not close")
            return
        }
    }
}
