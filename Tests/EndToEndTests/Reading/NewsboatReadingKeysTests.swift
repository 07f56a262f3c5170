import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// newsboat's reading keys, by default (issue 51): `n` and `p` read the next and previous
    /// unread article across sources, from the Sources screen too; going back lands on that
    /// article's list and then its source's row; a list opens on its first unread article; `J`
    /// and `K` in a source's list move to the next and previous source's; Esc never quits.
    @Suite struct NewsboatReadingKeys {
        static func selected(_ tmux: TmuxSession) -> String { LongLists.selected(tmux) ?? "" }

        static func waitForSelected(_ text: String, _ tmux: TmuxSession) async throws {
            try await tmux.waitForScreen(describedAs: "\(text) selected") { _ in selected(tmux).contains(text) }
        }

        @Test func nAndPWalkUnreadArticlesAcrossSourcesAndBackLandsOnTheirSource() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            for (name, count) in [("Alpha", 3), ("Beta", 2), ("Gamma", 2)] {
                server.route("/\(name).xml", .text(FeedFixtures.rss(name, count: count), contentType: "application/rss+xml"))
            }
            let config = FeedFixtures.config(["Alpha", "Beta", "Gamma"].map { ($0, server.url("/\($0).xml").absoluteString, nil) })
            let session = try HeadlinesSession([], config: config)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen { Sources.row("Gamma", in: $0)?.contains("2 unread · 2") == true && !$0.contains("loading") }

            // Esc on the Sources screen says how to quit, and does not.
            try tmux.sendKeys("Escape")
            try await tmux.waitForText("q quits; Esc only goes back.")
            #expect(tmux.exitStatus == nil)

            // n from All: Alpha's first unread article, read; back: Alpha's list, then Alpha's row.
            try tmux.sendKeys("n")
            try await tmux.waitForScreen(describedAs: "Alpha 1 read") { $0.contains("Summary of Alpha 1.") }
            try tmux.sendKeys("q")
            try await tmux.waitForText("Headlines · Alpha")
            try tmux.sendKeys("q")
            try await tmux.waitForText("Headlines · Sources")
            try await Self.waitForSelected("Alpha", tmux)

            // p: round to the previous source with unread articles, Gamma, its last unread one.
            try tmux.sendKeys("p")
            try await tmux.waitForScreen(describedAs: "Gamma 2 read") { $0.contains("Summary of Gamma 2.") }
            // p in the article: the one before it in Gamma.
            try tmux.sendKeys("p")
            try await tmux.waitForScreen(describedAs: "Gamma 1 read") { $0.contains("Summary of Gamma 1.") }
            // n in the article: Gamma has none left; on to the next source with unread articles, round to Alpha.
            try tmux.sendKeys("n")
            try await tmux.waitForText("On to Alpha, the next source with unread articles.")
            try tmux.sendKeys("q")
            try await tmux.waitForText("Headlines · Alpha")
            try tmux.sendKeys("q")
            try await Self.waitForSelected("Alpha", tmux)

            // Enter on Beta (first article read already): its list opens on its first unread one.
            try tmux.sendKeys("j")
            try await Self.waitForSelected("Beta", tmux)
            try tmux.sendKeys("Enter")
            try await tmux.waitForText("Headlines · Beta")
            try await Self.waitForSelected("Beta 1", tmux)
            try tmux.sendKeys("N", "q")  // Beta 1 read
            try await tmux.waitForText("Headlines · Sources")
            try tmux.sendKeys("Enter")
            try await tmux.waitForText("Headlines · Beta")
            try await Self.waitForSelected("Beta 2", tmux)

            // J and K in a source's list: the next and previous source's lists; back lands on the last one's row.
            try tmux.sendKeys("J")
            try await tmux.waitForText("Headlines · Gamma")
            try tmux.sendKeys("K", "K")
            try await tmux.waitForText("Headlines · Alpha")
            try tmux.sendKeys("q")
            try await tmux.waitForText("Headlines · Sources")
            try await Self.waitForSelected("Alpha", tmux)

            // A list opens on its first unread article (Alpha 3, the last left); n in it opens the
            // next unread one after the cursor: none in Alpha, so Beta's.
            try tmux.sendKeys("Enter")
            try await tmux.waitForText("Headlines · Alpha")
            try await Self.waitForSelected("Alpha 3", tmux)
            try tmux.sendKeys("n")
            try await tmux.waitForScreen(describedAs: "Beta 2 read") { $0.contains("Summary of Beta 2.") }
        }
    }
}
