import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The cache: a second start shows the last headlines at once and offline; a refresh keeps
    /// the reader's place; 304s change nothing; marks survive restarts; `/`, `S`, `--offline`,
    /// `--unread` and `--search`.
    @Suite struct Cache {
        let home: TemporaryFolder

        init() throws { home = try TemporaryFolder() }

        /// A session on `url` in this suite's home (so the cache carries over between sessions).
        func session(_ arguments: [String], environment: [String: String] = [:], height: Int = 30) throws -> TmuxSession {
            var extra = HeadlinesBinary.environment(home: home.url, extra: environment)
            extra.removeValue(forKey: "PATH")
            return try TmuxSession(command: [HeadlinesBinary.path, "--save-dir", home.file("saved").path] + arguments, environment: extra, height: height)
        }

        func printing(_ arguments: [String]) async throws -> ProcessResult {
            try await ProcessRunner(HeadlinesBinary.path, arguments, environment: HeadlinesBinary.environment(home: home.url)).run(timeout: .seconds(30))
        }

        static func titles(_ output: String) -> [String] {
            output.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[2]) }
        }

        @Test func aSecondStartShowsTheCacheBeforeTheServerAnswersAndWorksOffline() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            server.route("/feed.xml", .text(FeedFixtures.rss("Cached", count: 5), contentType: "application/rss+xml"))
            let url = server.url("/feed.xml").absoluteString
            do {
                let first = try session(["--source", url])
                defer { first.close() }
                try await first.waitForText("5 articles")
                try first.sendKeys("q")
                _ = try await first.waitForExit()
            }
            var slow = ScriptedResponse.text(FeedFixtures.rss("Cached", count: 6), contentType: "application/rss+xml")
            slow.delayBeforeHeaders = .seconds(6)
            server.route("/feed.xml", slow)
            do {
                let second = try session(["--source", url])
                defer { second.close() }
                let started = ContinuousClock.now
                let screen = try await second.waitForText("Cached 5")
                #expect(ContinuousClock.now - started < .seconds(4), "the cache waited for the network")
                // The refresh starts beside the cache read, so its request may be logged a moment later.
                #expect(await server.waitUntil(timeout: .seconds(5)) { $0.count == 2 })
                #expect(server.requests.last?.finished == false, "the server had not answered yet")
                #expect(screen.contains("Cached 1"))
                try await second.waitForText("Cached 6", timeout: .seconds(15))
                try second.sendKeys("q")
                _ = try await second.waitForExit()
            }
            server.stop()
            let third = try session(["--source", url])
            defer { third.close() }
            let offline = try await third.waitForScreen { $0.contains("Cached 6") && $0.contains("Offline since") }
            #expect(offline.contains("127.0.0.1"), "the message names the server")
        }

        @Test func aRefreshWhileReadingKeepsTheSelectedArticleOnItsRow() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            let feed = FeedFixtures.rss("Story", count: 40)
            server.route(
                "/feed.xml",
                .text(feed, contentType: "application/rss+xml"),
                .text(
                    feed.replacingOccurrences(of: "<item>", with: Self.breaking + "<item>", options: [], range: feed.range(of: "<item>")),
                    contentType: "application/rss+xml"))
            let session = try session(["--source", server.url("/feed.xml").absoluteString], height: 15)
            defer { session.close() }
            try await session.waitForText("40 articles")
            try session.sendKeys("G", "k", "k", "k")  // Story 37, the list scrolled
            #expect(
                await eventually {
                    guard let styled = try? session.capture(escapeSequences: true), let line = TextDrawing.selectedLine(styled) else { return false }
                    return styled.split(separator: "\n")[line].contains("Story 37")
                })
            let styledBefore = try session.capture(escapeSequences: true)
            let row = try #require(TextDrawing.selectedLine(styledBefore))
            try session.sendKeys("r")
            let after = try await session.waitForText("41 articles")
            let styled = try session.capture(escapeSequences: true)
            #expect(TextDrawing.selectedLine(styled) == row, "the selection moved on screen")
            #expect(styled.split(separator: "\n")[row].contains("Story 37"))
            try session.sendKeys("g")
            let top = try await session.waitForScreen { $0.contains("Breaking news") && $0 != after }
            #expect(top.split(separator: "\n").first { $0.contains("Breaking news") }?.hasPrefix(" N") == true, "the new article is marked new")
        }

        /// One item dated after all the others, inserted at the top on the second answer.
        static let breaking =
            "<item><title>Breaking news</title><link>https://example.com/breaking</link><guid>breaking</guid>"
            + "<pubDate>Sun, 29 Nov 2026 23:00:00 GMT</pubDate></item>"

        @Test func aNotModifiedAnswerLeavesTheListAsItWas() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route(
                "/feed.xml",
                ScriptedResponse(
                    headers: [("Content-Type", "application/rss+xml"), ("ETag", "\"one\"")],
                    body: .data(Data(FeedFixtures.rss("Kept", count: 3).utf8))),
                ScriptedResponse(status: 304, headers: [("ETag", "\"one\"")]))
            let session = try session(["--source", server.url("/feed.xml").absoluteString])
            defer { session.close() }
            let first = try await session.waitForText("3 articles")
            try session.sendKeys("r")
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.count == 2 && $0.last?.finished == true })
            #expect(server.requests.last?.headers["if-none-match"] == "\"one\"")
            _ = try await session.waitForScreen { !$0.contains("Loading") }
            let after = try session.capture()
            #expect(after.split(separator: "\n").dropLast() == first.split(separator: "\n").dropLast(), "the list changed")
        }

        @Test func slashNarrowsTheListAndEscClearsIt() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            let feed = FeedFixtures.rss("Plain", count: 6).replacingOccurrences(of: "<title>Plain 4</title>", with: "<title>Zebra crossing</title>")
            server.route("/feed.xml", .text(feed, contentType: "application/rss+xml"))
            let session = try session(["--source", server.url("/feed.xml").absoluteString])
            defer { session.close() }
            try await session.waitForText("6 articles")
            try session.sendKeys("/")
            try session.sendLiteral("zeb")
            // The count is on the status row, drawn after the rows.
            _ = try await session.waitForScreen { !$0.contains("Plain 1") && $0.contains("Zebra crossing") && $0.contains("1 found") }
            try session.sendKeys("Escape")
            try await session.waitForText("Plain 1")
            #expect(session.exitStatus == nil, "Esc cleared the filter; it did not quit")
            #expect(try session.capture().contains("Zebra crossing"))
        }

        @Test func capitalSFindsAWordThatIsOnlyInTheFullTextAndEnterReadsIt() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            let feed = FeedFixtures.rss("Item", count: 3).replacingOccurrences(
                of: "<description>Summary of Item 2.</description>",
                with:
                    "<description>Summary of Item 2.</description><content:encoded xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><![CDATA[<p>A <b>xylophone</b> concert.</p>]]></content:encoded>"
            )
            server.route("/feed.xml", .text(feed, contentType: "application/rss+xml"))
            let session = try session(["--source", server.url("/feed.xml").absoluteString])
            defer { session.close() }
            try await session.waitForText("3 articles")
            try session.sendKeys("S")
            try session.sendLiteral("xylo*")
            let found = try await session.waitForScreen { $0.contains("Item 2") && $0.contains("1 article") }
            #expect(!found.contains("Item 1") && !found.contains("Item 3"))
            // Enter goes to the results; there, Enter reads the result, as on a list.
            try session.sendKeys("Enter", "Enter")
            try await session.waitForText("A xylophone concert.")
        }

        @Test func aNewSearchQueryClosesThePreviousRequest() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/v2/top-headlines", .json(NewsAPIFixtures.numbered("Top", count: 2)))
            server.route("/v2/everything", ScriptedResponse(action: .hang))
            let session = try session(["--newsapi-url", server.baseURL.absoluteString], environment: ["NEWSAPI_KEY": "k"])
            defer { session.close() }
            try await session.waitForText("2 articles")
            try session.sendKeys("S")
            try session.sendLiteral("moon")
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.contains { $0.path == "/v2/everything" } })
            #expect(server.requests(path: "/v2/everything").count == 1, "typing was not debounced")
            try session.sendLiteral("s")
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.filter { $0.path == "/v2/everything" }.count == 2 })
            #expect(
                await server.waitUntil(timeout: .seconds(5)) { $0.filter { $0.path == "/v2/everything" }.first?.clientClosedAt != nil },
                "the first search's connection stayed open")
            let searches = server.requests(path: "/v2/everything")
            #expect(searches[0].query?.contains("q=moon") == true)
            #expect(searches[1].query?.contains("q=moons") == true)
        }

        @Test func marksSurviveRestartsAndTheCachePrintsOffline() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            server.route("/feed.xml", .text(FeedFixtures.rss("Mark", count: 3), contentType: "application/rss+xml"))
            let url = server.url("/feed.xml").absoluteString
            do {
                let session = try session(["--source", url])
                defer { session.close() }
                try await session.waitForText("3 articles")
                try session.sendKeys("Enter")  // read Mark 1
                try await session.waitForText("Summary of Mark 1")
                try session.sendKeys("q", "j", "*")  // star Mark 2
                try await session.waitForText("Starred.")
                // On Mark 3's own screen: star it, and mark it unread again after reading it.
                try session.sendKeys("j", "Enter")
                try await session.waitForText("Summary of Mark 3")
                try session.sendKeys("*")
                try await session.waitForText("★ starred · Article")
                try session.sendKeys("N")
                try await session.waitForText("★ starred · unread · Article")
                try session.sendKeys("q")
                let list = try await session.waitForText("3 articles")
                let row = list.split(separator: "\n").first { $0.contains("Mark 3") }
                #expect(row?.hasPrefix("*•") == true, "the list shows the article screen's marks: \(list)")
                try session.sendKeys("q")
                _ = try await session.waitForExit()
            }
            server.stop()
            let unread = try await printing(["--print", "--unread", "--source", url])
            #expect(unread.status == 0, "\(unread.stderrText)")
            #expect(Self.titles(unread.stdoutText) == ["Mark 2", "Mark 3"])  // Mark 3 read, then unread again
            let offline = try await printing(["--print", "--offline", "--source", url])
            #expect(Self.titles(offline.stdoutText) == ["Mark 1", "Mark 2", "Mark 3"])
            let search = try await printing(["--search", "mark 3"])
            #expect(Self.titles(search.stdoutText) == ["Mark 3"])
            let session = try session(["--source", url])
            defer { session.close() }
            let screen = try await session.waitForText("3 articles")
            for title in ["Mark 2", "Mark 3"] {
                let line = screen.split(separator: "\n").first { $0.contains(title) }
                #expect(line?.hasPrefix("*") == true, "the star on \(title) was kept: \(screen)")
            }
        }
    }
}
