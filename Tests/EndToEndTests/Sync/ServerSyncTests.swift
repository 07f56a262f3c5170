import Foundation
import NewsCore
import Testing
import TestSupport

extension EndToEnd {
    /// A Tiny Tiny RSS server in the config, end to end: its feeds on the Sources screen under
    /// their categories, and an article read in Headlines read on the server too.
    @Suite(.enabled(if: SyncServerAvailability.tinyTinyRSS, Comment(rawValue: SyncServerAvailability.howToFix)))
    struct ServerSync {
        /// The shared TT-RSS server as a config names it, its password given by a command.
        static func config(_ server: TinyTinyRSSServer) -> String {
            """
            [server "Home"]
            kind = ttrss
            url = \(server.url.absoluteString)
            user = \(server.user)
            password-command = printf %s \(server.password)
            """
        }

        @Test func aServersFeedsShowUnderTheirCategoriesAndReadingMarksTheServer() async throws {
            let server = try await SyncServerFixture.shared.tinyTinyRSSAccount()
            let observer = TinyTinyRSSClient(
                name: "Home", url: server.url, user: server.user, password: server.password, http: HTTPClient(timeout: 20, deadline: 60))
            let unreadBefore = try await observer.marks(comparedWith: LocalMarks(counts: [:])).unread
            let config = Self.config(server)
            let session = try HeadlinesSession([], config: config)
            defer { session.close() }
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
                let now = (try? await observer.marks(comparedWith: LocalMarks(counts: [:])).unread) ?? unreadBefore
                return unreadBefore.subtracting(now).count == 1
            }
            #expect(marked, "the article read in Headlines is read on the server")
        }

        @Test func addingAFeedToAServerSubscribesItsAccountAndLeavesTheConfigAlone() async throws {
            let server = try await SyncServerFixture.shared.tinyTinyRSSAccount()
            let home = try TemporaryFolder("e2e")
            defer { home.remove() }
            let config = Self.config(server)
            try FeedFixtures.writeConfig(config, home: home.url)
            let run = { (arguments: [String]) in
                try await ProcessRunner(HeadlinesBinary.path, arguments, environment: HeadlinesBinary.environment(home: home.url, extra: [:]))
                    .run(timeout: .seconds(30))
            }
            let added = try await run(["--add", server.feeds.urls[0].absoluteString, "--server", "Home"])
            #expect(added.status == 0)
            #expect(added.stdoutText.hasPrefix("The server Home reads \(server.feeds.urls[0].absoluteString) (its feed "), "\(added.stdoutText)")
            let missing = server.feeds.urls[0].deletingLastPathComponent().appendingPathComponent("missing.xml")
            let refused = try await run(["--add", missing.absoluteString, "--server", "Home"])
            #expect(refused.status == 1)
            #expect(refused.stderrText.contains("The server Home answered with an error: could not subscribe to"), "\(refused.stderrText)")
            let unknown = try await run(["--add", missing.absoluteString, "--server", "Work"])
            #expect(unknown.status == 2)
            #expect(unknown.stderrText.contains("The config names no server “Work”; its servers: “Home”."), "\(unknown.stderrText)")
            let text = try String(contentsOf: home.url.appendingPathComponent(".config/headlines/config"), encoding: .utf8)
            #expect(text == config)
        }
    }
}
