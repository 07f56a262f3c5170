import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// An open interface sees what `headlines --refresh` (cron) stored from another process, with
    /// no key pressed: the counts, the list's rows in place (the cursor on the same article), and
    /// the articles it brought marked `N` (issue 51).
    @Suite struct CronBesideInterface {
        /// An RSS feed of `titles`, the first newest (an hour apart from noon on 29 November 2026).
        static func feed(_ titles: [String]) -> String {
            let items = titles.enumerated().map { index, title in
                "<item><title>\(title)</title><link>https://example.com/\(title.replacingOccurrences(of: " ", with: "-"))</link>"
                    + "<guid>\(title)</guid><pubDate>Sun, 29 Nov 2026 \(String(format: "%02d", 12 - index)):00:00 GMT</pubDate></item>"
            }
            return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>F</title><link>https://example.com/</link>"
                + items.joined() + "</channel></rss>"
        }

        @Test func theSourcesScreenCountsWhatCronStoredAndTheListMarksItNew() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/alpha.xml", .text(Self.feed(["Alpha 3", "Alpha 2", "Alpha 1"]), contentType: "application/rss+xml"))
            server.route("/beta.xml", .text(Self.feed(["Beta 1"]), contentType: "application/rss+xml"))
            let home = try TemporaryFolder("e2e")
            try FeedFixtures.writeConfig(
                FeedFixtures.config(
                    [("Alpha", server.url("/alpha.xml").absoluteString, nil), ("Beta", server.url("/beta.xml").absoluteString, nil)],
                    settings: ["refresh-minutes = 600"]), home: home.url)
            let session = try HeadlinesSession([], home: home)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen(describedAs: "Alpha's three articles") {
                Sources.row("Alpha", in: $0)?.contains("3 unread · 3") == true && !$0.contains("loading")
            }
            server.route("/alpha.xml", .text(Self.feed(["Alpha 5", "Alpha 4", "Alpha 3", "Alpha 2", "Alpha 1"]), contentType: "application/rss+xml"))
            let cron = try await HeadlinesSession.run(["--refresh", "--quiet"], home: home)
            #expect(cron.status == 0, "\(cron.stderrText)")
            try await tmux.waitForScreen(describedAs: "Alpha's five articles, counted with no key pressed", timeout: .seconds(6)) {
                Sources.row("Alpha", in: $0)?.contains("5 unread · 5") == true && Sources.row("All", in: $0)?.contains("6 unread · 6") == true
            }
            try tmux.sendKeys("Enter")  // All
            let list = try await tmux.waitForScreen(describedAs: "All with two new") {
                $0.contains("6 articles") && NewMarks.marks($0, "N") == 2
            }
            let newRows = list.split(separator: "\n").filter { $0.dropFirst().first == "N" }
            #expect(newRows.allSatisfy { $0.contains("Alpha 5") || $0.contains("Alpha 4") }, "\(list)")
        }

        @Test func anOpenListTakesCronsArticlesInPlaceWithTheCursorOnItsArticle() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text(Self.feed(["Story 3", "Story 2", "Story 1"]), contentType: "application/rss+xml"))
            let home = try TemporaryFolder("e2e")
            try FeedFixtures.writeConfig(
                FeedFixtures.config([("Feed", server.url("/feed.xml").absoluteString, nil)], settings: ["refresh-minutes = 600"]), home: home.url)
            let session = try HeadlinesSession([], home: home)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen { $0.contains("3 articles") && !$0.contains("Loading") }
            try tmux.sendKeys("j")  // on Story 2
            server.route("/feed.xml", .text(Self.feed(["Story 5", "Story 4", "Story 3", "Story 2", "Story 1"]), contentType: "application/rss+xml"))
            let cron = try await HeadlinesSession.run(["--refresh", "--quiet"], home: home)
            #expect(cron.status == 0, "\(cron.stderrText)")
            let list = try await tmux.waitForScreen(describedAs: "five articles, two new, with no key pressed", timeout: .seconds(6)) {
                $0.contains("5 articles") && NewMarks.marks($0, "N") == 2
            }
            #expect(list.contains("Story 5") && list.contains("Story 4"), "\(list)")
            try tmux.sendKeys("Enter")
            let article = try await tmux.waitForScreen(describedAs: "the article the cursor was on") { !$0.contains("5 articles") }
            #expect(article.contains("Story 2"), "the cursor stayed on its article: \(article)")
        }
    }
}
