import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Full articles read from their pages on the loopback server: `x` in place of the feed's
    /// summary (and back), kept for offline reading and found by `S`; a page that is no article
    /// said so with the summary kept; `full-text = yes` reading new articles' pages by itself.
    @Suite struct FullText {
        static let paragraph =
            "The harbour board met on Tuesday evening to settle the dredging contract, which had been delayed twice since the spring floods moved the channel's sandbanks further east than any chart had shown."

        /// A news page: navigation and a share bar around an article of several paragraphs, one
        /// of them holding a word (`xylophonist`) the feed's summary lacks.
        static func storyPage(_ number: Int) -> String {
            let body = (1...5).map { "<p>\(paragraph) Paragraph \($0) of story \(number).</p>" }.joined()
            return """
                <!DOCTYPE html><html><head><meta charset="utf-8"><title>Story \(number) | Harbour News</title></head><body>
                <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
                <div class="share">Share on Facebook · Share on X</div>
                <article><h1>Story \(number)</h1>\(body)<p>A xylophonist played as the vote was taken.</p></article>
                <footer>© Harbour News · Cookie settings</footer></body></html>
                """
        }

        static func server() throws -> LoopbackServer {
            let server = try LoopbackServer()
            let base = server.baseURL.absoluteString
            let items = (1...2).map { number in
                "<item><title>Story \(number)</title><link>\(base)/story/\(number)</link><guid>story-\(number)</guid>"
                    + "<pubDate>Sun, 29 Nov 2026 1\(number):00:00 GMT</pubDate><description>Short summary \(number).</description></item>"
            }
            let front = "<item><title>Front page</title><link>\(base)/</link><guid>front</guid><description>The front page.</description></item>"
            server.route(
                "/feed.xml",
                .text(
                    "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Harbour</title><link>\(base)/</link>"
                        + items.joined() + front + "</channel></rss>", contentType: "application/rss+xml"))
            for number in 1...2 { server.route("/story/\(number)", .text(storyPage(number), contentType: "text/html; charset=utf-8")) }
            let links = (1...12).map { "<li><a href=\"/news/\($0)\">Headline number \($0) of the day</a></li>" }.joined()
            server.route(
                "/", .text("<!DOCTYPE html><html><head><title>Harbour News</title></head><body><ul>\(links)</ul></body></html>", contentType: "text/html"))
            return server
        }

        @Test func xReadsThePageInPlaceOfTheSummaryKeepsItOfflineAndSFindsIt() async throws {
            let server = try Self.server()
            let feed = server.url("/feed.xml").absoluteString
            let session = try HeadlinesSession([], config: FeedFixtures.config([("Harbour", feed, nil)]))
            defer { session.close() }
            try await session.tmux.waitForText("Front page")
            try session.tmux.sendKeys("j", "Enter")  // Story 2, the newest dated one (the undated front page is first)
            try await session.tmux.waitForText("Short summary 2.")
            try session.tmux.sendKeys("x")
            let page = server.url("/story/2").absoluteString
            let full = try await session.tmux.waitForScreen { $0.contains("Full text from \(page)") && $0.contains("Paragraph 1 of story 2.") }
            #expect(!full.contains("Short summary 2.") && !full.contains("Share on Facebook") && !full.contains("Sport"), "\(full)")
            #expect(server.requests(path: "/story/2").count == 1)
            // Again: the feed's text; and again the full text, without asking the page twice.
            try session.tmux.sendKeys("x")
            _ = try await session.tmux.waitForScreen { $0.contains("Short summary 2.") && !$0.contains("Full text from") }
            try session.tmux.sendKeys("x")
            try await session.tmux.waitForText("Paragraph 1 of story 2.")
            #expect(server.requests(path: "/story/2").count == 1)
            // `s` saves the text as shown: the page's.
            try session.tmux.sendKeys("s")
            try await session.tmux.waitForText("Saved to ~/saved/")
            let saved = try FileManager.default.contentsOfDirectory(atPath: session.saveFolder.path).filter { $0.hasSuffix(".md") }
            let markdown = try String(contentsOf: session.saveFolder.appendingPathComponent(try #require(saved.first)), encoding: .utf8)
            #expect(markdown.contains("Paragraph 1 of story 2.") && !markdown.contains("Short summary 2."), "\(markdown)")
            try session.tmux.sendKeys("q", "q")
            _ = try await session.tmux.waitForExit()

            // Offline: the page's server is gone, and the cache still has the full text.
            server.stop()
            let offline = try HeadlinesSession([], config: FeedFixtures.config([("Harbour", feed, nil)]), home: session.home)
            defer { offline.tmux.close() }
            try await offline.tmux.waitForText("Front page")
            try offline.tmux.sendKeys("j", "Enter")
            try await offline.tmux.waitForText("Full text from \(page)")
            try await offline.tmux.waitForText("Paragraph 1 of story 2.")
            // `S` finds the word only the page has.
            try offline.tmux.sendKeys("q", "S")
            try offline.tmux.sendLiteral("xylophonist")
            let found = try await offline.tmux.waitForScreen { $0.contains("Story 2") && $0.contains("1 article") }
            #expect(!found.contains("Story 1"))
        }

        /// A page that trickles keeps saying it is being read, with its seconds, for as long as
        /// it is: "Reading the article's page…" went after about 4 s while the read went on to
        /// its deadline with nothing saying so (issue 50, point 13).
        @Test func aPageThatTricklesKeepsSayingItIsBeingRead() async throws {
            let server = try Self.server()
            server.route(
                "/story/2",
                ScriptedResponse(
                    headers: [("Content-Type", "text/html; charset=utf-8")], body: .data(Data(Self.storyPage(2).utf8)), chunkSize: 64,
                    delayBetweenChunks: .milliseconds(400)))
            let session = try HeadlinesSession([], config: FeedFixtures.config([("Harbour", server.url("/feed.xml").absoluteString, nil)]))
            defer { session.close() }
            try await session.tmux.waitForText("Front page")
            try session.tmux.sendKeys("j", "Enter")
            try await session.tmux.waitForText("Short summary 2.")
            try session.tmux.sendKeys("x")
            // Past the 5 s a passing message lasts, it still says so, counting.
            let reading = try await session.tmux.waitForScreen(timeout: .seconds(20)) { $0.contains("Reading the article's page… 6 s") }
            #expect(reading.contains("Short summary 2."))
            try session.tmux.sendKeys("q")
            try await session.tmux.waitForText("Front page")
        }

        @Test func aPageThatIsNoArticleSaysSoAndTheSummaryStays() async throws {
            let server = try Self.server()
            defer { server.stop() }
            let session = try HeadlinesSession([], config: FeedFixtures.config([("Harbour", server.url("/feed.xml").absoluteString, nil)]))
            defer { session.close() }
            try await session.tmux.waitForText("Front page")
            try session.tmux.sendKeys("Enter")  // undated, so first
            try await session.tmux.waitForText("The front page.")
            try session.tmux.sendKeys("x")
            let screen = try await session.tmux.waitForText("The page is a front page or a list of links, not an article.")
            #expect(screen.contains("The front page.") && !screen.contains("Full text from"))
        }

        @Test func fullTextYesReadsTheNewArticlesPagesByItself() async throws {
            let server = try Self.server()
            defer { server.stop() }
            let config = FeedFixtures.config([("Harbour", server.url("/feed.xml").absoluteString, nil)], settings: ["full-text = yes"])
            let session = try HeadlinesSession([], config: config)
            defer { session.close() }
            try await session.tmux.waitForText("Front page")
            #expect(
                await server.waitUntil(timeout: .seconds(10)) { requests in
                    (1...2).allSatisfy { number in requests.contains { $0.path == "/story/\(number)" } } && requests.contains { $0.path == "/" }
                }, "every new article's page was read")
            // Kept in the cache: opening Story 1 shows its full text with no `x` and no new request.
            let cache = HeadlinesSession.cacheFile(session.home)
            #expect(
                await eventually(timeout: .seconds(10), interval: .milliseconds(100)) {
                    let counted = try? await ProcessRunner("/usr/bin/sqlite3", [cache.path, "SELECT count(*) FROM full_text"]).run()
                    return counted?.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "2"
                }, "the two stories were kept (the front page is no article)")
            try session.tmux.sendKeys("G", "Enter")
            try await session.tmux.waitForText("Paragraph 1 of story 1.")
            #expect(server.requests(path: "/story/1").count == 1)
        }

        /// `--refresh` (from cron, say) reads the pages too, so the cache reads offline afterwards.
        @Test func refreshWithFullTextYesReadsThePagesBeforeItEnds() async throws {
            let server = try Self.server()
            defer { server.stop() }
            let home = try TemporaryFolder("e2e")
            defer { home.remove() }
            try FeedFixtures.writeConfig(
                FeedFixtures.config([("Harbour", server.url("/feed.xml").absoluteString, nil)], settings: ["full-text = yes"]), home: home.url)
            let refreshed = try await HeadlinesSession.run(["--refresh"], home: home)
            #expect(refreshed.status == 0, "\(refreshed.stderrText)")
            #expect(refreshed.stdoutText.contains("3 new articles, 2 full texts read from their pages."), "\(refreshed.stdoutText)")
            server.stop()
            let found = try await HeadlinesSession.run(["--search", "xylophonist"], home: home)
            #expect(found.stdoutText.split(separator: "\n").count == 2 && found.stdoutText.contains("Story 1"), "\(found.stdoutText)")
        }

        @Test func fullTextYesInAQueryFeedReadsTheNewArticlesThatPassItsFilter() async throws {
            let server = try Self.server()
            defer { server.stop() }
            let config = FeedFixtures.config(
                [("Harbour", server.url("/feed.xml").absoluteString, nil)],
                extra: ["[query \"First story\"]", "filter = title = \"Story 1\"", "full-text = yes"])
            let session = try HeadlinesSession([], config: config)
            defer { session.close() }
            try await session.tmux.waitForText("Front page")
            #expect(await server.waitUntil(timeout: .seconds(10)) { $0.contains { $0.path == "/story/1" } })
            try session.tmux.sendKeys("G", "Enter")
            try await session.tmux.waitForText("Paragraph 1 of story 1.")
            #expect(server.requests(path: "/story/2").isEmpty && server.requests(path: "/").isEmpty, "only the query's article")
        }
    }
}
