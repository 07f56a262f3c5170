import Foundation
import NewsCore
import Testing
import TestSupport

extension EndToEnd {
    /// `headlines --refresh` (as `newsboat -x reload`, for cron): every source into the cache,
    /// one summary line, each failure on stderr, exit 0 or 1; `--quiet`; `--print --unread`
    /// after it; two at once store every article once; a feed server synced into the cache.
    @Suite struct RefreshForCron {
        let home: TemporaryFolder

        init() throws { home = try TemporaryFolder("e2e") }

        private func run(_ arguments: [String]) async throws -> ProcessResult {
            try await HeadlinesSession.run(arguments, home: home)
        }

        /// A dead feed is told once when it starts failing and once when it answers again, not
        /// on every run (cron mailed every dead feed every half hour); the summary and the exit
        /// status still count it every time (issue 51).
        @Test func aFailureIsToldWhenItStartsAndWhenItEnds() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/a.xml", .text(FeedFixtures.rss("Alpha", count: 3), contentType: "application/rss+xml"))
            server.route("/flaky.xml", .text("down", status: 503))
            try FeedFixtures.writeConfig(
                FeedFixtures.config([("Alpha", server.url("/a.xml").absoluteString, nil), ("Flaky", server.url("/flaky.xml").absoluteString, nil)]),
                home: home.url)
            let first = try await run(["--refresh", "--quiet"])
            #expect(first.stderrText.contains("Flaky: "), "\(first.stderrText)")
            let again = try await run(["--refresh"])
            #expect(again.stderrText.isEmpty, "\(again.stderrText)")
            #expect(again.stdoutText.contains("1 failed"), "\(again.stdoutText)")
            let strict = try await run(["--refresh", "--quiet", "--strict"])
            #expect(strict.status == 1 && strict.stderrText.isEmpty, "\(strict.stderrText)")
            server.route("/flaky.xml", .text(FeedFixtures.rss("Flaky", count: 1), contentType: "application/rss+xml"))
            let back = try await run(["--refresh", "--quiet"])
            #expect(back.stderrText.contains("Flaky answers again."), "\(back.stderrText)")
            let quiet = try await run(["--refresh", "--quiet"])
            #expect(quiet.stderrText.isEmpty && quiet.status == 0, "\(quiet.stderrText)")
        }

        @Test func everySourceGoesIntoTheCacheWithOneSummaryLine() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/a.xml", .text(FeedFixtures.rss("Alpha", count: 3), contentType: "application/rss+xml"))
            server.route("/b.xml", .text(FeedFixtures.atom("Beta", count: 2), contentType: "application/atom+xml"))
            server.route("/gone.xml", .text("gone", status: 404))
            try FeedFixtures.writeConfig(
                FeedFixtures.config([
                    ("Alpha", server.url("/a.xml").absoluteString, nil), ("Beta", server.url("/b.xml").absoluteString, nil),
                    ("Gone", server.url("/gone.xml").absoluteString, nil),
                ]), home: home.url)
            let first = try await run(["--refresh"])
            #expect(first.status == 0, "one dead feed does not fail the run: \(first.stderrText)")
            #expect(first.stdoutText == "2 of 3 sources refreshed: 5 new articles, 1 failed.\n")
            let failures = first.stderrText.split(separator: "\n")
            #expect(failures.count == 1 && failures[0].hasPrefix("headlines: Gone: ") && failures[0].contains("404"), "\(first.stderrText)")
            // --strict makes the failure the status; --quiet leaves only failures, and one told
            // already is told again only with --verbose (issue 51: cron mailed it every run).
            let strict = try await run(["--refresh", "--strict", "--quiet"])
            #expect(strict.status == 1)
            #expect(strict.stdoutText.isEmpty && strict.stderrText.isEmpty, "\(strict.stderrText)")
            let verbose = try await run(["--refresh", "--quiet", "--verbose"])
            #expect(verbose.stdoutText.isEmpty && verbose.stderrText.contains("Gone: "), "\(verbose.stderrText)")
            // The cache has them: --print --unread prints them without the network.
            server.route("/a.xml")
            let unread = try await run(["--print", "--unread"])
            #expect(unread.status == 0, "\(unread.stderrText)")
            let titles = unread.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t")[2]) }
            #expect(Set(titles) == ["Alpha 1", "Alpha 2", "Alpha 3", "Beta 1", "Beta 2"], "\(unread.stdoutText)")
            // Again, with one more item in a feed: it alone is new. Every source failing is status 1.
            server.route("/a.xml", .text(FeedFixtures.rss("Alpha", count: 4), contentType: "application/rss+xml"))
            let again = try await run(["--refresh"])
            #expect(again.stdoutText == "2 of 3 sources refreshed: 1 new article, 1 failed.\n", "\(again.stderrText)")
            server.stop()
            let offline = try await run(["--refresh"])
            #expect(offline.status == 1, "\(offline.stdoutText)")
            #expect(offline.stdoutText == "0 of 3 sources refreshed: 0 new articles, 3 failed.\n")
            // Gone was told already; Alpha and Beta start failing now.
            #expect(offline.stderrText.split(separator: "\n").count == 2, "\(offline.stderrText)")
        }

        /// Two refreshes at once (as two cron jobs, or one beside the interface) take turns with the
        /// cache's write lock: every article is stored once.
        @Test func twoRefreshesAtOnceDuplicateNothing() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            var sources: [(name: String, url: String, group: String?)] = []
            for index in 1...12 {
                var response = ScriptedResponse.text(LongLists.feed(count: 200), contentType: "application/rss+xml")
                response.delayBeforeHeaders = .milliseconds(50 * (index % 4))
                server.route("/f\(index).xml", response)
                sources.append(("Feed \(index)", server.url("/f\(index).xml").absoluteString, nil))
            }
            try FeedFixtures.writeConfig(FeedFixtures.config(sources), home: home.url)
            async let one = run(["--refresh"])
            async let two = run(["--refresh"])
            let results = try await [one, two]
            for result in results { #expect(result.status == 0, "\(result.stderrText)") }
            let added = results.map { result -> Int in
                let words = result.stdoutText.split(separator: " ")
                return Int(words.count > 5 ? words[5].replacingOccurrences(of: ",", with: "") : "") ?? -1
            }
            #expect(added.reduce(0, +) == 12 * 200, "each article counted new once between the two: \(results.map(\.stdoutText))")
            let printed = try await run(["--print", "--offline"])
            let lines = printed.stdoutText.split(separator: "\n")
            #expect(lines.count == 12 * 200, "every article once in the cache")
            #expect(Set(lines).count == lines.count)
        }

        /// A Tiny Tiny RSS server of the config is synced into the cache, as the interface syncs it.
        @Test func aFeedServerIsSyncedIntoTheCache() async throws {
            defer { home.remove() }
            let server = try await SyncServerFixture.shared.tinyTinyRSSServer()
            try FeedFixtures.writeConfig(ServerSync.config(server), home: home.url)
            let observer = TinyTinyRSSClient(
                name: "Home", url: server.url, user: server.user, password: server.password, http: HTTPClient(timeout: 20, deadline: 60))
            let given = RemoteArticlesSeen()
            try await observer.articles(after: nil) { page in await given.add(page) }
            let expected = await given.articles.map(\.article.title)
            let refreshed = try await run(["--refresh"])
            #expect(refreshed.status == 0, "\(refreshed.stderrText)")
            #expect(
                refreshed.stdoutText == "1 of 1 source refreshed: \(groupedCount(expected.count)) new articles.\n",
                "\(refreshed.stdoutText) \(refreshed.stderrText)")
            let offline = try await run(["--print", "--offline"])
            let titles = offline.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[2]) }
            #expect(Set(titles) == Set(expected) && titles.count == expected.count)
            // A wrong password is the server's one sentence, and status 1.
            try FeedFixtures.writeConfig(ServerSync.config(server).replacingOccurrences(of: server.password, with: "wrong"), home: home.url)
            let refused = try await run(["--refresh"])
            #expect(refused.status == 1)
            #expect(refused.stderrText.contains("Home"), "\(refused.stderrText)")
        }
    }
}

/// A count as the program writes it: 1,234.
func groupedCount(_ count: Int) -> String {
    let digits = String(count)
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return out
}
