import Foundation
@_spi(StoreTesting) import NewsCore
import Testing
import TestSupport

extension EndToEnd {
    /// Counts are laid out from their real widths: a source of 1, one of 1,000 and one of 1,000,000
    /// articles read whole at 80, 120 and 220 columns, right-aligned in one column, with the
    /// source's state after them (no "5,00updated now").
    @Suite struct CountWidths {
        static let counts = [("One", 1), ("Thousand", 1_000), ("Million", 1_000_000)]

        @Test func countsOfOneAThousandAndAMillionReadWholeAtEveryWidth() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/one.xml", .text(LongLists.feed(count: 1), contentType: "application/rss+xml"))
            server.route("/thousand.xml", .text(LongLists.feed(count: 1_000), contentType: "application/rss+xml"))
            server.route("/million.xml", .text(FeedFixtures.rss("Million", count: 1), contentType: "application/rss+xml"))
            let home = try TemporaryFolder("e2e")
            let config = FeedFixtures.config(Self.counts.map { ($0.0, server.url("/\($0.0.lowercased()).xml").absoluteString, nil) })
            try FeedFixtures.writeConfig(config, home: home.url)
            let refreshed = try await HeadlinesSession.run(["--refresh"], home: home)
            #expect(refreshed.status == 0, "\(refreshed.stderrText)")
            // The other 999,999 of the million, straight into the cache (a feed of a million items is no test).
            let store = try await ArticleStore.open(at: HeadlinesSession.cacheFile(home))
            let now = Date().timeIntervalSince1970
            try await store.executeForTesting(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 999999)
                INSERT INTO article (source_id, identity, url, sort_time, first_seen, title, hash)
                SELECT (SELECT source_id FROM article WHERE title = 'Million 1'), 'g:bulk-' || i, 'https://example.com/bulk/' || i,
                    \(now) - i, \(now), 'Bulk ' || i, 0 FROM n
                """)
            let session = try HeadlinesSession([], width: 80, home: home)
            defer { session.close() }
            let tmux = session.tmux
            for width in [80, 120, 220] {
                try tmux.resize(width: width, height: 30)
                let screen = try await tmux.waitForScreen(describedAs: "every count at \(width) columns") { screen in
                    Self.row("Million", screen)?.contains("1,000,000 unread · 1,000,000") == true
                        && Self.row("All", screen)?.contains("1,001,001 unread · 1,001,001") == true && !screen.contains("loading")
                        && screen.split(separator: "\n").last?.count == width - 1  // the status bar, redrawn at this width
                }
                let rows = try ["All", "One", "Thousand", "Million"].map { name in try #require(Self.row(name, screen), "\(screen)") }
                let expected = ["1,001,001 unread · 1,001,001", "1 unread · 1", "1,000 unread · 1,000", "1,000,000 unread · 1,000,000"]
                var ends: [Int] = []
                for (row, count) in zip(rows, expected) {
                    let range = try #require(row.range(of: count), "\(count) whole in \(row)")
                    ends.append(row.distance(from: row.startIndex, to: range.upperBound))
                    // What follows the count is a gap, then the state (never run into the digits).
                    let after = row[range.upperBound...]
                    #expect(after.isEmpty || after.hasPrefix("  "), "\(row)")
                }
                #expect(Set(ends).count == 1, "the counts end in one column: \(rows)")
                for name in ["One", "Thousand", "Million"] {
                    #expect(Self.row(name, screen)?.contains("  updated now") == true, "\(screen)")
                }
            }
            // The list of a million says so, grouped.
            try tmux.sendKeys("G", "Enter")
            try await tmux.waitForText("1,000,000 articles")
        }

        /// The line of the screen that holds `name` as a row's name.
        static func row(_ name: String, _ screen: String) -> String? {
            screen.split(separator: "\n").first { $0.hasPrefix("  " + name + " ") || $0.hasPrefix(" " + name + " ") }.map(String.init)
        }
    }
}
