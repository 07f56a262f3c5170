import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Views people keep: `sort =` and `show-read =` in the config start the lists so, `s`
    /// cycles the order and `U` hides read articles; paging works in every order.
    @Suite struct ListViews {
        /// The first article row of the screen (below the title line).
        static func firstRow(_ screen: String) -> String {
            screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
        }

        @Test func theConfigStartsTheViewAndKeysChangeIt() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text(LongLists.feed(count: 40), contentType: "application/rss+xml"))
            let config = "sort = date-asc\nshow-read = no\n[source \"Long\"]\nurl = \(server.url("/feed.xml").absoluteString)\n"
            let session = try HeadlinesSession([], config: config, height: 20)
            defer { session.close() }
            let tmux = session.tmux
            // Oldest first, unread only, as the config says.
            let start = try await tmux.waitForScreen { $0.contains("40 articles · unread only · oldest first") }
            #expect(Self.firstRow(start).hasSuffix("Item 40"), "\(start)")
            // Reading the first article keeps it on its row while the list is in view (read now), so
            // that nothing shifts under the reader; a list read again in its view leaves it out.
            try tmux.sendKeys("Enter")
            try await tmux.waitForText("https://example.com/item/40")
            try tmux.sendKeys("q")
            let after = try await tmux.waitForScreen { $0.contains("40 articles · unread only") && !Self.firstRow($0).hasPrefix("•") }
            #expect(Self.firstRow(after).hasSuffix("Item 40") && !Self.firstRow(after).contains("•"), "\(after)")
            // U: every article again.
            try tmux.sendKeys("U")
            try await tmux.waitForScreen { $0.contains("40 articles · oldest first") && Self.firstRow($0).hasSuffix("Item 40") }
            // s: by title, by source, newest first, and round again.
            try tmux.sendKeys("s")
            try await tmux.waitForScreen { $0.contains("40 articles · by title") && Self.firstRow($0).hasSuffix("Item 1") }
            try tmux.sendKeys("j", "j")
            try await LongLists.waitForSelected("Item 11", tmux)
            try tmux.sendKeys("s")
            try await tmux.waitForScreen { $0.contains("40 articles · by source") && Self.firstRow($0).hasSuffix("Item 1") }
            try tmux.sendKeys("s")
            let newest = try await tmux.waitForScreen { $0.contains("40 articles ·") && !$0.contains(" · by ") && !$0.contains("oldest") }
            #expect(Self.firstRow(newest).hasSuffix("Item 1"))
            try tmux.sendKeys("s")
            try await tmux.waitForScreen { $0.contains("oldest first") && Self.firstRow($0).hasSuffix("Item 40") }
        }

        /// 3,000 articles by title: `G` reaches the true last title, read backwards through the order.
        @Test func aLongListPagesInAnotherOrder() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text(LongLists.feed(), contentType: "application/rss+xml"))
            let config = "sort = title\n[source \"Long\"]\nurl = \(server.url("/feed.xml").absoluteString)\n"
            let session = try HeadlinesSession([], config: config, height: 30)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForText("3,000 articles · by title", timeout: .seconds(20))
            try tmux.sendKeys("G")
            try await LongLists.waitForSelected("Item 999", tmux)  // "Item 1" < "Item 10" < … < "Item 999"
            try tmux.sendKeys("PPage", "PPage", "PPage", "PPage", "PPage", "PPage", "PPage", "PPage", "PPage")
            try await tmux.waitForScreen { !LongLists.hasPlaceholderRow($0) }
            try tmux.sendKeys("g")
            try await LongLists.waitForSelected("Item 1", tmux)
        }
    }
}
