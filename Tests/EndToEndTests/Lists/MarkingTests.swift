import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `A` asks before marking more than a screenful, and `u` undoes the last marking (`A`, `N`, `*`).
    @Suite struct Marking {
        static func unreadMarks(_ screen: String) -> Int { screen.filter { $0 == "•" }.count }

        @Test func markingAWholeListAsksFirstAndUCanUndoIt() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text(FeedFixtures.rss("Item", count: 40), contentType: "application/rss+xml"))
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString])
            defer { session.close() }
            let start = try await session.tmux.waitForScreen(describedAs: "the list, all unread") {
                $0.contains("40 articles") && Self.unreadMarks($0) >= 20
            }
            let screenful = Self.unreadMarks(start)

            // No, and Esc, mark nothing (and Esc does not leave the list).
            try session.tmux.sendKeys("A")
            try await session.tmux.waitForText("Mark 40 articles read? y/n")
            try session.tmux.sendKeys("n")
            try await session.tmux.waitForText("Nothing marked.")
            try session.tmux.sendKeys("A")
            try await session.tmux.waitForText("Mark 40 articles read? y/n")
            try session.tmux.sendKeys("Escape")
            let kept = try await session.tmux.waitForText("Nothing marked.")
            #expect(Self.unreadMarks(kept) == screenful)

            // Yes, then u.
            try session.tmux.sendKeys("A")
            try await session.tmux.waitForText("Mark 40 articles read? y/n")
            try session.tmux.sendKeys("y")
            try await session.tmux.waitForScreen(describedAs: "every row read") { Self.unreadMarks($0) == 0 && $0.contains("u undoes it") }
            try session.tmux.sendKeys("u")
            try await session.tmux.waitForScreen(describedAs: "every row unread again") {
                Self.unreadMarks($0) == screenful && $0.contains("Undone: 40 articles are unread again.")
            }

            // N and * are undone the same way.
            try session.tmux.sendKeys("N")
            try await session.tmux.waitForScreen(describedAs: "one row read") { Self.unreadMarks($0) == screenful - 1 }
            try session.tmux.sendKeys("u")
            try await session.tmux.waitForScreen(describedAs: "that row unread again") {
                Self.unreadMarks($0) == screenful && $0.contains("Undone: the article is unread again.")
            }
            try session.tmux.sendKeys("*")
            try await session.tmux.waitForText("Starred.")
            try session.tmux.sendKeys("u")
            try await session.tmux.waitForText("Undone: the article is no longer starred.")
            try session.tmux.sendKeys("u")
            try await session.tmux.waitForText("There is no marking to undo.")

            // A filtered list marks only what it shows; a few rows go without asking.
            try session.tmux.sendKeys("/")
            try session.tmux.sendLiteral("Item 1")
            try await session.tmux.waitForText("/Item 1: 11 found")
            try session.tmux.sendKeys("Enter", "A")
            try await session.tmux.waitForScreen(describedAs: "the filtered rows read") {
                Self.unreadMarks($0) == 0 && $0.contains("Every article the filter shows is marked read")
            }
            try session.tmux.sendKeys("Escape")
            let whole = try await session.tmux.waitForScreen(describedAs: "the whole list, some read") {
                !$0.contains("/Item 1") && Self.unreadMarks($0) > 0
            }
            #expect(Self.unreadMarks(whole) < screenful)
            #expect(whole.contains("40 articles"))
        }
    }
}
