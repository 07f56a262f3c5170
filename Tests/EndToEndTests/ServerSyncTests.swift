import Foundation
import NewsCore
import Testing
import TestSupport

extension EndToEnd {
    /// A Tiny Tiny RSS server in the config, end to end: its feeds on the Sources screen under
    /// their categories, and an article read in Headlines read on the server too.
    @Suite struct ServerSync {
        @Test func aServersFeedsShowUnderTheirCategoriesAndReadingMarksTheServer() async throws {
            let server = try await SyncServerFixture.shared.tinyTinyRSSServer()
            let observer = TinyTinyRSSClient(
                name: "Home", url: server.url, user: server.user, password: server.password, http: HTTPClient(timeout: 20, deadline: 60))
            let unreadBefore = try await observer.marks(comparedWith: [:]).unread
            let config = """
                [server "Home"]
                kind = ttrss
                url = \(server.url.absoluteString)
                user = \(server.user)
                password-command = printf %s \(server.password)
                """
            let session = try HeadlinesSession([], config: config)
            defer { session.close() }
            defer {
                // What Headlines read goes back to unread, for the other tests of the shared server.
                Task {
                    let now = (try? await observer.marks(comparedWith: [:]).unread) ?? unreadBefore
                    try? await observer.send(unreadBefore.subtracting(now).map { MarkChange(article: $0, field: .read, value: false) })
                }
            }
            // The first sync lists the feeds (the server alone showed before), then their counts.
            let screen = try await session.tmux.waitForScreen(timeout: .seconds(60)) { screen in
                screen.contains(" " + SyncTestFeeds.group) && Sources.row("(feed 03)", in: screen)?.contains("60") == true
            }
            #expect(Sources.row("All", in: screen)?.contains(String(SyncTestFeeds.itemCount)) == true, "\(screen)")
            // The filter finds the feed; Enter opens it, Enter reads its first article.
            try session.tmux.sendKeys("/")
            try session.tmux.sendLiteral("feed 03")
            try session.tmux.sendKeys("Enter", "Enter")
            // The feed's list, its unread articles marked: Enter reads the first.
            _ = try await session.tmux.waitForScreen(timeout: .seconds(10)) { $0.contains("Headlines · ") && $0.contains("(feed 03)") && $0.contains("•") }
            try session.tmux.sendKeys("Enter")
            let marked = await eventually(timeout: .seconds(20), interval: .milliseconds(200)) {
                let now = (try? await observer.marks(comparedWith: [:]).unread) ?? unreadBefore
                return unreadBefore.subtracting(now).count == 1
            }
            #expect(marked, "the article read in Headlines is read on the server")
            let now = try await observer.marks(comparedWith: [:]).unread
            try await observer.send(unreadBefore.subtracting(now).map { MarkChange(article: $0, field: .read, value: false) })
        }
    }
}
