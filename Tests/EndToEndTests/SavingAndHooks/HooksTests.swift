import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The config's hooks: other programs the reader hands links and articles to.
    @Suite struct Hooks {
        static func feed(_ server: LoopbackServer, titles: [String] = ["Hooked story"]) -> String {
            let items = titles.enumerated().map { index, title in
                "<item><title>\(title)</title><link>https://feed.example/\(index)</link>"
                    + "<pubDate>Sun, 29 Nov 2026 10:00:00 GMT</pubDate><description>Body of \(title).</description></item>"
            }.joined()
            return """
                <?xml version="1.0" encoding="utf-8"?>
                <rss version="2.0"><channel><title>Loopback Feed</title><link>\(server.url("/").absoluteString)</link>
                \(items)</channel></rss>
                """
        }

        @Test func theConfigsBrowserWinsOverBROWSERAndGetsTheLinkAsOneArgument() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .bytes(Data(Self.feed(server).utf8), contentType: "application/rss+xml"))
            let home = try TemporaryFolder()
            defer { home.remove() }
            let browser = try RecordingBrowser(in: home)
            let session = try HeadlinesSession(
                ["--source", server.url("/feed.xml").absoluteString], environment: ["BROWSER": "/bin/false"],
                config: "browser = \"\(browser.script.path) --new %u\"\n"
            )
            defer { session.close() }
            try await session.tmux.waitForText("Hooked story")
            try session.tmux.sendKeys("o")
            #expect(try await browser.recorded() == "2\n[--new]\n[https://feed.example/0]\n")
            // It ran in the terminal, and the interface came back after it.
            #expect(try browser.descriptors().filter { $0.contains("/dev/pts/") }.count == 3)
            try await session.tmux.waitForText("Opened https://feed.example/0")
        }

        @Test func setTitlePutsTheUnreadCountInTheTitleAndGivesTheOldOneBack() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .bytes(Data(Self.feed(server, titles: ["First", "Second"]).utf8), contentType: "application/rss+xml"))
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString], config: "set-title = yes\n")
            defer { session.close() }
            let before = try session.tmux.paneTitle()
            #expect(!before.hasPrefix("Headlines"), "\(before)")
            try await session.tmux.waitForText("Second")
            #expect(await eventually { (try? session.tmux.paneTitle()) == "Headlines (2 unread)" })
            try session.tmux.sendKeys("N")
            #expect(await eventually { (try? session.tmux.paneTitle()) == "Headlines (1 unread)" })
            try session.tmux.sendKeys("q")
            #expect(try await session.tmux.waitForExit() == 0)
            #expect(try session.tmux.paneTitle() == before)
        }

        @Test func withoutSetTitleTheTitleIsLeftAlone() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .bytes(Data(Self.feed(server).utf8), contentType: "application/rss+xml"))
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString])
            defer { session.close() }
            let before = try session.tmux.paneTitle()
            try await session.tmux.waitForText("Hooked story")
            #expect(try session.tmux.paneTitle() == before)
        }

        /// Reading the config again applies set-title both ways: on, the count in the title; off,
        /// the terminal's own title back; a setting taken only at start says so (issue 51).
        @Test func setTitleFollowsTheConfigReadAgainBothWays() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .bytes(Data(Self.feed(server, titles: ["First", "Second"]).utf8), contentType: "application/rss+xml"))
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString], config: "set-title = no\n")
            defer { session.close() }
            let before = try session.tmux.paneTitle()
            try await session.tmux.waitForText("Second")
            try FeedFixtures.writeConfig("set-title = yes\n", home: session.home.url)
            try session.tmux.sendKeys("C-r")
            #expect(await eventually { (try? session.tmux.paneTitle()) == "Headlines (2 unread)" })
            try FeedFixtures.writeConfig("set-title = no\ntimeout = 9\n", home: session.home.url)
            try session.tmux.sendKeys("C-r")
            try await session.tmux.waitForText("timeout applies from the next start")
            #expect(await eventually { (try? session.tmux.paneTitle()) == before }, "the terminal's own title back")
        }
    }
}
