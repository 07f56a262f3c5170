import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `--source` for every kind of feed and a page that names one, in `--print` and in the
    /// interface; `--print` of a config with a failing source; OPML in and out; the log.
    @Suite struct FeedSources {
        let home: TemporaryFolder

        init() throws { home = try TemporaryFolder() }

        private func run(_ arguments: [String], extra: [String: String] = [:]) async throws -> ProcessResult {
            try await ProcessRunner(HeadlinesBinary.path, arguments, environment: HeadlinesBinary.environment(home: home.url, extra: extra))
                .run(timeout: .seconds(30))
        }

        static func serveEveryKind(_ server: LoopbackServer) {
            server.route("/feed.rss", .text(FeedFixtures.rss("Rss", count: 2), contentType: "application/rss+xml"))
            server.route("/feed.atom", .text(FeedFixtures.atom("Atom", count: 2), contentType: "application/atom+xml"))
            server.route("/feed.json", .text(FeedFixtures.jsonFeed("Json", count: 2), contentType: "application/feed+json"))
            server.route("/site", .text(FeedFixtures.page(linkingTo: "/feed.rss"), contentType: "text/html"))
            server.route("/broken.xml", .text("not found", status: 404))
        }

        @Test(arguments: [("/feed.rss", "Rss"), ("/feed.atom", "Atom"), ("/feed.json", "Json"), ("/site", "Rss")])
        func everyKindPrints(_ path: String, _ prefix: String) async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            Self.serveEveryKind(server)
            let result = try await run(["--print", "--source", server.url(path).absoluteString])
            #expect(result.status == 0, "\(result.stderrText)")
            let titles = result.stdoutText.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[2] }
            #expect(titles == ["\(prefix) 1", "\(prefix) 2"])
            // A note is no failure: it goes to the log (and to stderr with --verbose, see Starting).
            #expect(result.stderrText.isEmpty, "\(result.stderrText)")
        }

        @Test(arguments: ["/feed.rss", "/feed.atom", "/feed.json", "/site"])
        func everyKindOpensInTheInterface(_ path: String) async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            Self.serveEveryKind(server)
            let session = try HeadlinesSession(["--source", server.url(path).absoluteString])
            defer { session.close() }
            let screen = try await session.tmux.waitForText("2 articles")
            #expect(screen.contains(" 1") && screen.contains(" 2"))
        }

        /// Feeds in UTF-32 (no byte order mark) and windows-1251 print right, and nothing of
        /// libxml2's reaches stderr (a UTF-32LE feed once printed garbage and its complaint).
        @Test(arguments: [("utf-32le", "UTF-32LE", "Grüße 😀"), ("cp1251", "windows-1251", "Привет мир")])
        func aFeedInAnotherEncodingPrintsWithNothingOnStderr(_ codec: String, _ label: String, _ title: String) async throws {
            defer { home.remove() }
            let document = FeedFixtures.rss("Enc", count: 1).replacingOccurrences(of: "Enc 1", with: title)
            let encoded = try await ProcessRunner("python3", ["-c", "import sys; sys.stdout.buffer.write(sys.argv[1].encode(sys.argv[2]))", document, codec])
                .run()
            try #require(encoded.status == 0 && !encoded.stdout.isEmpty, "\(encoded.stderrText)")
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.rss", .bytes(encoded.stdout, contentType: "application/rss+xml; charset=\(label)"))
            let result = try await run(["--print", "--source", server.url("/feed.rss").absoluteString])
            #expect(result.status == 0)
            #expect(result.stderrText == "")
            let titles = result.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[2]) }
            #expect(titles == [title])
        }

        /// A failure has its line on stderr and the others still print; the status stays 0 while
        /// any source printed (see Starting for `--strict` and all failing).
        @Test func aConfigPrintsEverySourceInItsOrderAndAFailureHasItsLine() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            Self.serveEveryKind(server)
            try FeedFixtures.writeConfig(
                FeedFixtures.config([
                    ("Second", server.url("/feed.atom").absoluteString, nil),
                    ("Broken", server.url("/broken.xml").absoluteString, nil),
                    ("First", server.url("/feed.rss").absoluteString, nil),
                ]), home: home.url)
            let result = try await run(["--print"])
            #expect(result.status == 0)
            let titles = result.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[2]) }
            #expect(titles == ["Atom 1", "Atom 2", "Rss 1", "Rss 2"])
            #expect(result.stderrText == "headlines: Broken: HTTP 404: Not Found.\n")
        }

        @Test func opmlGoesInAndComesOutAgain() async throws {
            defer { home.remove() }
            let opml = home.file("feeds.opml")
            try """
            <?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body>
            <outline text="Tech"><outline type="rss" text="Atom feed" xmlUrl="https://example.com/a.atom"/></outline>
            <outline type="rss" text="Plain" xmlUrl="https://example.com/p.rss" htmlUrl="https://example.com/"/>
            </body></opml>
            """.write(to: opml, atomically: true, encoding: .utf8)
            let imported = try await run(["--import-opml", opml.path])
            #expect(imported.status == 0, "\(imported.stderrText)")
            #expect(imported.stdoutText == "Added 2 feeds to ~/.config/headlines/config.\n")
            let again = try await run(["--import-opml", opml.path])
            #expect(again.stdoutText.contains("Added 0 feeds") && again.stdoutText.contains("2 already there"))
            let exported = try await run(["--export-opml"])
            #expect(exported.status == 0)
            #expect(exported.stdoutText.contains(#"xmlUrl="https://example.com/a.atom""#))
            #expect(exported.stdoutText.contains(#"<outline text="Tech" title="Tech">"#) || exported.stdoutText.contains(#"text="Tech""#))
            #expect(exported.stdoutText.contains(#"htmlUrl="https://example.com/""#))
        }

        /// A source whose URL is a page: once a refresh has found its feed, the cache asks the
        /// feed directly and `--export-opml` names the feed as `xmlUrl`, the page as `htmlUrl`.
        @Test func aPagesFeedIsRememberedAndExported() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            Self.serveEveryKind(server)
            let first = try HeadlinesSession([], config: FeedFixtures.config([("Site", server.url("/site").absoluteString, nil)]))
            defer { first.close() }
            try await first.tmux.waitForText("2 articles")
            try first.tmux.sendKeys("q")
            #expect(try await first.tmux.waitForExit() == 0)
            #expect(server.requests(path: "/site").count == 1 && server.requests(path: "/feed.rss").count == 1)

            // The same home, so the same config and cache.
            let second = try HeadlinesSession([], environment: ["HOME": first.home.url.path])
            defer { second.close() }
            #expect(await server.waitUntil(timeout: .seconds(10)) { $0.filter { $0.path == "/feed.rss" }.count == 2 })
            try await second.tmux.waitForText("2 articles")
            try second.tmux.sendKeys("q")
            #expect(try await second.tmux.waitForExit() == 0)
            #expect(server.requests(path: "/site").count == 1, "the second run asks the feed directly")

            let environment = HeadlinesBinary.environment(home: first.home.url)
            let exported = try await ProcessRunner(HeadlinesBinary.path, ["--export-opml"], environment: environment).run(timeout: .seconds(30))
            #expect(exported.status == 0, "\(exported.stderrText)")
            let outline = #"text="Site" title="Site" xmlUrl="\#(server.url("/feed.rss").absoluteString)" htmlUrl="\#(server.url("/site").absoluteString)""#
            #expect(exported.stdoutText.contains(outline), "\(exported.stdoutText)")
        }

        @Test func aBadConfigLineExitsTwoNamingItsLine() async throws {
            defer { home.remove() }
            try FeedFixtures.writeConfig("max-connections = 4\ncolour = blue\n", home: home.url)
            let result = try await run(["--print"])
            #expect(result.status == 2)
            #expect(result.stderrText.hasPrefix("headlines: ~/.config/headlines/config:2: unknown setting \"colour\""), "\(result.stderrText)")
        }

        @Test func theLogRecordsFetchesWithoutTheKey() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/v2/top-headlines", .json(NewsAPIFixtures.numbered("Story", count: 2)))
            let log = home.file("headlines.log")
            let key = "sekret-key-0123456789"
            let session = try HeadlinesSession(
                ["--newsapi-url", server.baseURL.absoluteString, "--log", log.path, "--log-level", "debug"],
                environment: ["NEWSAPI_KEY": key])
            defer { session.close() }
            try await session.tmux.waitForText("2 articles")
            try session.tmux.sendKeys("q")
            _ = try await session.tmux.waitForExit()
            let text = try String(contentsOf: log, encoding: .utf8)
            #expect(text.contains(" fetch source="), "\(text)")
            #expect(text.contains("outcome=ok"))
            #expect(!text.contains(key))
            #expect(!text.contains("\u{1B}"))
        }
    }
}
