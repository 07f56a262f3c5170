import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The Search screen's two modes: typing the query (the status bar says so), and the
    /// results, where the keys act as on any list; `/` or `S` go back to the query; one Esc leaves.
    @Suite struct SearchScreenKeys {
        @Test func keysTypeTheQueryThenActOnTheResults() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text(FeedFixtures.rss("Item", count: 40), contentType: "application/rss+xml"))
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString], height: 20)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForText("40 articles")
            try tmux.sendKeys("S")
            try await tmux.waitForText("typing · Enter or ↓ results · Esc leaves")
            // q, G and j are letters of the query while it is typed.
            try tmux.sendLiteral("qGj")
            try await tmux.waitForText("Search: qGj▏")
            try tmux.sendKeys("BSpace", "BSpace", "BSpace")
            try tmux.sendLiteral("item")
            try await tmux.waitForScreen { $0.contains("Search: item▏") && $0.contains("40 articles") }

            // ↓: the results, where keys move as in every list.
            try tmux.sendKeys("Down")
            try await tmux.waitForScreen { !$0.contains("typing") }
            let first = try #require(Self.selected(tmux), "a result is selected")
            try tmux.sendKeys("G")
            let last = try await Self.waitForSelection(tmux) { $0 != first }
            try tmux.sendKeys("k")
            _ = try await Self.waitForSelection(tmux) { $0 != last && $0 != first }
            try tmux.sendKeys("g")
            _ = try await Self.waitForSelection(tmux) { $0 == first }
            let results = try tmux.capture()
            #expect(!results.contains("item"), "no key went into the query: \(results)")

            // `/` goes back to the query; typing goes on where it was.
            try tmux.sendKeys("/")
            try await tmux.waitForText("Search: item▏")
            try tmux.sendLiteral(" 3")
            try await tmux.waitForText("Search: item 3▏")
            // Enter goes to the results; S back to the query.
            try tmux.sendKeys("Enter")
            try await tmux.waitForScreen { !$0.contains("typing") }
            try tmux.sendKeys("S")
            try await tmux.waitForText("Search: item 3▏")

            // One Esc leaves, back to the list, which is still there.
            try tmux.sendKeys("Escape")
            try await tmux.waitForScreen { !$0.contains("Search") && $0.contains("Item 1") }
            #expect(tmux.exitStatus == nil, "Esc left the Search screen; it did not quit")
        }

        /// The selected row's text, from the styled screen.
        static func selected(_ session: TmuxSession) -> String? {
            guard let styled = try? session.capture(escapeSequences: true), let line = TextDrawing.selectedLine(styled),
                let plain = try? session.capture()
            else { return nil }
            let lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.indices.contains(line) ? String(lines[line]) : nil
        }

        static func waitForSelection(_ session: TmuxSession, _ condition: @escaping (String) -> Bool) async throws -> String {
            var seen = ""
            let met = await eventually(timeout: .seconds(10)) {
                guard let row = selected(session) else { return false }
                seen = row
                return condition(row)
            }
            try #require(met, "the selection did not move as expected; last seen: \(seen)")
            return seen
        }
    }
}
