import Foundation
import Testing
import TestSupport

extension EndToEnd.Hooks {
    /// `notify` and `bell`: new articles told outside the interface, at most once a minute.
    @Suite struct Notify {
        static let hostile = "Pay $(touch pwned); `id` & more"

        @Test func aRefreshWithNewArticlesRunsTheCommandWithTheCountAndTitlesOnceAMinute() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let feed = { (titles: [String]) in
                Data(EndToEnd.Hooks.feed(server, titles: titles).replacingOccurrences(of: "&", with: "&amp;").utf8)
            }
            server.route("/feed.xml", .bytes(feed(["First", Self.hostile]), contentType: "application/rss+xml"))
            let home = try TemporaryFolder()
            defer { home.remove() }
            let program = try RecordingBrowser(in: home)  // records its arguments, as a notify program would
            let session = try HeadlinesSession(
                ["--source", server.url("/feed.xml").absoluteString],
                config: "notify = \(program.script.path) --from headlines\n"
            )
            defer { session.close() }
            try await session.tmux.waitForText("First")
            let recorded = try #require(try await program.recorded())
            let lines = recorded.split(separator: "\n").map(String.init)
            #expect(Array(lines.prefix(5)) == ["6", "[--from]", "[headlines]", "[2]", "[--]"], "\(recorded)")
            #expect(Set(lines.dropFirst(5)) == ["[First]", "[\(Self.hostile)]"], "\(recorded)")
            // A second refresh within the minute brings a new article: not told yet.
            try FileManager.default.removeItem(at: program.record)
            server.route("/feed.xml", .bytes(feed(["First", Self.hostile, "Third"]), contentType: "application/rss+xml"))
            try session.tmux.sendKeys("r")
            try await session.tmux.waitForText("Third")
            let toldAgain = await eventually(timeout: .seconds(2)) { FileManager.default.fileExists(atPath: program.record.path) }
            #expect(!toldAgain, "told twice within a minute")
        }

        /// The titles told are the newest of all that arrived, newest first (issue 28: they were
        /// the newest of the first 20 ids of an unordered set).
        @Test func theTitlesToldAreTheNewest() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let items = (0..<50).map { index in
                "<item><title>Item \(index)</title><link>https://feed.example/\(index)</link>"
                    + "<pubDate>Sun, 29 Nov 2026 \(String(format: "%02d:%02d", index / 60, index % 60)):00 GMT</pubDate></item>"
            }.joined()
            let feed =
                "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Loopback Feed</title><link>https://feed.example/</link>\(items)</channel></rss>"
            server.route("/feed.xml", .bytes(Data(feed.utf8), contentType: "application/rss+xml"))
            let home = try TemporaryFolder()
            defer { home.remove() }
            let program = try RecordingBrowser(in: home)
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString], config: "notify = \(program.script.path)\n")
            defer { session.close() }
            try await session.tmux.waitForText("Item 49")
            #expect(try await program.recorded() == "5\n[50]\n[--]\n[Item 49]\n[Item 48]\n[Item 47]\n")
        }

        /// A title starting with "-" comes after "--", so the program never reads it as an option.
        @Test func titlesComeAfterDoubleDashSoADashIsNoOption() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .bytes(Data(EndToEnd.Hooks.feed(server, titles: ["-rf everything"]).utf8), contentType: "application/rss+xml"))
            let home = try TemporaryFolder()
            defer { home.remove() }
            let program = try RecordingBrowser(in: home)
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString], config: "notify = \(program.script.path)\n")
            defer { session.close() }
            try await session.tmux.waitForText("-rf everything")
            #expect(try await program.recorded() == "3\n[1]\n[--]\n[-rf everything]\n")
        }

        @Test func bellRingsTheTerminalAfterNewArticles() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .bytes(Data(EndToEnd.Hooks.feed(server).utf8), contentType: "application/rss+xml"))
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString], config: "bell = yes\n")
            defer { session.close() }
            try await session.tmux.waitForText("Hooked story")
            #expect(await eventually { (try? session.tmux.display("#{window_bell_flag}")) == "1" })
        }

        @Test func withoutBellTheTerminalStaysQuiet() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .bytes(Data(EndToEnd.Hooks.feed(server).utf8), contentType: "application/rss+xml"))
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString])
            defer { session.close() }
            try await session.tmux.waitForText("Hooked story")
            #expect(try session.tmux.display("#{window_bell_flag}") == "0")
        }
    }
}
