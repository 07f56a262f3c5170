import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Reading marks an article read, and the list does not shift under the reader: in a list of
    /// unread articles only, `n`, `J` and `K` go on from the article just read, so every one is
    /// read in order (newsboat with `show-read-articles no` reads 0, 1, 2, 3...).
    @Suite struct UnreadWalk {
        /// Whether the article screen shows item `index`'s link on a line of its own.
        static func shows(_ index: Int, _ screen: String) -> Bool {
            screen.split(separator: "\n").contains { line in
                line.trimmingCharacters(in: .whitespaces).hasSuffix("example.com/item/\(index)")
            }
        }

        static func waitForArticle(_ index: Int, _ tmux: TmuxSession) async throws {
            try await tmux.waitForScreen(describedAs: "article \(index)") { shows(index, $0) }
        }

        /// 30 articles, `show-read = no`: the top one, then `n` and `J` in turn, read 1 to 30.
        @Test func nAndJReadEveryUnreadArticleInOrder() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text(LongLists.feed(count: 30), contentType: "application/rss+xml"))
            let config = "show-read = no\n[source \"Walk\"]\nurl = \(server.url("/feed.xml").absoluteString)\n"
            let session = try HeadlinesSession([], config: config, height: 20)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForText("30 articles · unread only")
            try tmux.sendKeys("Enter")
            try await Self.waitForArticle(1, tmux)
            for index in 2...30 {
                try tmux.sendKeys(index % 2 == 0 ? "n" : "J")
                try await Self.waitForArticle(index, tmux)
            }
            try tmux.sendKeys("n")
            try await tmux.waitForText("No unread article after this one.")
            // K goes back to the one before, read as it is.
            try tmux.sendKeys("K")
            try await Self.waitForArticle(29, tmux)
            // The list kept every row it had, each read now.
            try tmux.sendKeys("q")
            try await tmux.waitForScreen(describedAs: "the list, every row read") {
                $0.contains("30 articles · unread only") && !$0.contains("•")
            }
            // U twice reads the list again in the view: nothing unread is left.
            try tmux.sendKeys("U")
            try await tmux.waitForText("30 articles ·")
            try tmux.sendKeys("U")
            try await tmux.waitForScreen(describedAs: "an empty unread list") { $0.contains("No articles") }
        }

        /// The same walk in a query feed whose filter says `unread`.
        @Test func aQueryFeedOfUnreadArticlesWalksEveryOne() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/a.xml", .text(LongLists.feed(count: 12), contentType: "application/rss+xml"))
            server.route("/b.xml", .text(FeedFixtures.rss("Other", count: 2), contentType: "application/rss+xml"))
            let config = """
                [source "Walk"]
                url = \(server.url("/a.xml").absoluteString)
                [source "Other"]
                url = \(server.url("/b.xml").absoluteString)
                [query "Unread walk"]
                filter = source = "Walk" and unread

                """
            let session = try HeadlinesSession([], config: config, height: 20)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForText("12 unread · 12")
            try tmux.sendKeys("j", "j")  // All, Starred, the query feed
            try await LongLists.waitForSelected("12 unread · 12", tmux)
            try tmux.sendKeys("Enter")
            try await tmux.waitForText("12 articles")
            try tmux.sendKeys("Enter")
            try await Self.waitForArticle(1, tmux)
            for index in 2...12 {
                try tmux.sendKeys("J")
                try await Self.waitForArticle(index, tmux)
            }
            try tmux.sendKeys("J")
            try await tmux.waitForText("This is the last article of the list.")
        }
    }
}
