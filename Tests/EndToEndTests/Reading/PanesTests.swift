import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The list and the article side by side on a wide terminal (issue 54, step 2): Tab moves the
    /// focus, keys work in the pane that has it, the article pane follows the list's selection,
    /// and a resize across the boundary keeps what is read.
    @Suite struct Panes {
        static func session(width: Int, settings: [String] = []) throws -> (HeadlinesSession, LoopbackServer) {
            let server = try LoopbackServer()
            server.route("/feed.xml", .text(FeedFixtures.rss("Story", count: 30), contentType: "application/rss+xml"))
            let config = FeedFixtures.config([("Stories", server.url("/feed.xml").absoluteString, nil)], settings: settings)
            return (try HeadlinesSession([], config: config, width: width, height: 30), server)
        }

        /// The first screen line's halves: left of the divider, and right of it.
        static func halves(_ screen: String, row: Int) -> (list: String, article: String)? {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.indices.contains(row), let divider = lines[row].firstIndex(of: "│") else { return nil }
            return (String(lines[row][..<divider]), String(lines[row][lines[row].index(after: divider)...]))
        }

        @Test func theListAndTheArticleShareAWideTerminal() async throws {
            let (session, server) = try Self.session(width: 200)
            defer { session.close(); server.stop() }
            let tmux = session.tmux
            try await tmux.waitForText("30 articles")
            try tmux.sendKeys("Enter")  // the newest: Story 1
            let opened = try await tmux.waitForText("Summary of Story 1.")
            let title = try #require(Self.halves(opened, row: 0), "a divider on the title row: \(opened)")
            #expect(title.list.contains("Stories") && title.article.contains("Stories"), "\(opened)")
            #expect(opened.contains("Story 2") && opened.contains("Story 3"), "the list shows beside the article: \(opened)")

            // Tab: the list has the keys; its selection moves and the article follows once the keys pause.
            try tmux.sendKeys("Tab", "j", "j")
            try await tmux.waitForScreen(describedAs: "the article pane on Story 3") { screen in
                (Self.halves(screen, row: 1)?.article.contains("Story 3") ?? false) && screen.contains("Summary of Story 3.")
            }
            // Tab again: the article has them; j scrolls it and leaves the list's selection.
            try tmux.sendKeys("Tab", "j")
            let still = try await tmux.waitForText("Summary of Story 3.")
            #expect(!still.contains("Summary of Story 4."))

            // Narrower than 160 columns: one screen, the same article; wide again: both panes.
            try tmux.resize(width: 100, height: 30)
            let narrow = try await tmux.waitForScreen(describedAs: "the article alone") { !$0.contains("│") && $0.contains("Summary of Story 3.") }
            #expect(!narrow.contains("Story 4"), "\(narrow)")
            try tmux.resize(width: 200, height: 30)
            try await tmux.waitForScreen(describedAs: "both panes again") { $0.contains("│") && $0.contains("Story 5") && $0.contains("Summary of Story 3.") }

            // The list had the focus when the screen went narrow; an article opened after that
            // has it: j scrolls the article, and no other article follows.
            try tmux.sendKeys("Tab")
            try tmux.resize(width: 100, height: 30)
            try await tmux.waitForScreen(describedAs: "the article alone") { !$0.contains("│") }
            try tmux.sendKeys("q", "Enter")
            try tmux.resize(width: 200, height: 30)
            try await tmux.waitForScreen(describedAs: "both panes, Story 3 read") { $0.contains("│") && $0.contains("Summary of Story 3.") }
            try tmux.sendKeys("j", "j")
            try await Task.sleep(for: .milliseconds(600))  // past the follow pause: an article that followed would show by now
            let focused = try await tmux.waitForText("Summary of Story 3.")
            #expect(!focused.contains("Summary of Story 5."), "\(focused)")
        }

        /// From 240 columns the Sources screen stays as a column: its list beside it, then the
        /// article; with the keys in the Sources column, the list follows its selection.
        @Test func threePanesKeepTheSourcesColumn() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/alpha.xml", .text(FeedFixtures.rss("Alpha", count: 5), contentType: "application/rss+xml"))
            server.route("/beta.xml", .text(FeedFixtures.rss("Beta", count: 5), contentType: "application/rss+xml"))
            let config = FeedFixtures.config([
                ("Alpha", server.url("/alpha.xml").absoluteString, nil), ("Beta", server.url("/beta.xml").absoluteString, nil),
            ])
            let session = try HeadlinesSession([], config: config, width: 300, height: 30)
            defer { session.close() }
            let tmux = session.tmux
            let dividers = { (screen: String) in screen.split(separator: "\n").first?.filter { $0 == "│" }.count ?? 0 }
            try await tmux.waitForScreen(describedAs: "both sources") { $0.contains("Alpha") && $0.contains("Beta") && $0.contains("5 unread") }
            try tmux.sendKeys("j", "j", "j", "Enter")  // All, Starred, Alpha, Beta
            try await tmux.waitForScreen(describedAs: "Beta's list beside the Sources") { dividers($0) == 1 && $0.contains("Beta 1") && $0.contains("Starred") }
            try tmux.sendKeys("Enter")
            try await tmux.waitForScreen(describedAs: "three panes") { dividers($0) == 2 && $0.contains("Summary of Beta 1.") }
            // The keys to the Sources column (Tab wraps from the article), up one: Alpha's list follows.
            try tmux.sendKeys("Tab", "k")
            try await tmux.waitForScreen(describedAs: "Alpha's list beside the Sources") {
                dividers($0) == 1 && $0.contains("Alpha 1") && !$0.contains("Beta 2")
            }
            try tmux.sendKeys("Tab", "Enter")
            try await tmux.waitForScreen(describedAs: "Alpha 1 read in three panes") { dividers($0) == 2 && $0.contains("Summary of Alpha 1.") }
        }

        @Test func layoutSingleKeepsOneScreenAndTabSaysWhy() async throws {
            let (session, server) = try Self.session(width: 200, settings: ["layout = single"])
            defer { session.close(); server.stop() }
            let tmux = session.tmux
            try await tmux.waitForText("30 articles")
            try tmux.sendKeys("Enter")
            let article = try await tmux.waitForText("Summary of Story 1.")
            #expect(!article.contains("│") && !article.contains("Story 2"), "\(article)")
            try tmux.sendKeys("Tab")
            try await tmux.waitForText("Tab moves between the list and the article where they show side by side")
        }
    }
}
