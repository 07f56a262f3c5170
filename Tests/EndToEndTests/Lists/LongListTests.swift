import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A list of 3,000 articles reads as one list, although the cache gives it by pages of 200:
    /// `G` reaches the true last row, the counts are the true totals, `/`, `S` and `--search`
    /// find every match.
    @Suite struct LongLists {
        static let count = 3_000

        /// "Item 1" (newest) to "Item 3000" (oldest), a minute apart: the list's order is known.
        static func feed(count: Int = count) -> String {
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = TimeZone(identifier: "GMT")
            format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let newest = Date(timeIntervalSince1970: 1_795_000_000)
            let items = (1...count).map { index in
                "<item><title>Item \(index)</title><link>https://example.com/item/\(index)</link><guid>item-\(index)</guid>"
                    + "<pubDate>\(format.string(from: newest.addingTimeInterval(Double(-index * 60))))</pubDate></item>"
            }
            return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel><title>Long</title>"
                + "<link>https://example.com/</link>\n" + items.joined(separator: "\n") + "</channel></rss>"
        }

        /// The selected row of the styled screen, in plain text.
        static func selected(_ session: TmuxSession) -> String? {
            guard let styled = try? session.capture(escapeSequences: true), let line = TextDrawing.selectedLine(styled),
                let plain = try? session.capture()
            else { return nil }
            let lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.indices.contains(line) ? String(lines[line]) : nil
        }

        /// Waits until the selected row shows `title` (as a whole word: "Item 3" is not "Item 30").
        /// Whether a row of the list is a placeholder for one not read yet (` …`; the status bar's
        /// own ellipsis, where its text is cut, is not one).
        static func hasPlaceholderRow(_ screen: String) -> Bool {
            screen.split(separator: "\n").dropLast().contains { $0.trimmingCharacters(in: .whitespaces) == "…" }
        }

        static func waitForSelected(_ title: String, _ session: TmuxSession) async throws {
            let found = await eventually(timeout: .seconds(10)) {
                guard let row = selected(session) else { return false }
                return row.hasSuffix(title) || row.contains(title + " ")
            }
            try #require(found, "the selection never reached \(title): \((try? session.capture()) ?? "")")
        }

        @Test func theEndOfALongListIsItsTrueEnd() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text(Self.feed(), contentType: "application/rss+xml"))
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString], height: 30)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForText("3,000 articles", timeout: .seconds(20))
            try tmux.sendKeys("G")
            try await Self.waitForSelected("Item 3000", tmux)
            let end = try tmux.capture()
            #expect(end.contains("3,000 articles"), "the status bar counts the whole list: \(end)")
            #expect(!Self.hasPlaceholderRow(end), "every row shown is read: \(end)")
            // Up from the end, across the page before it.
            try tmux.sendKeys("PPage", "PPage", "PPage", "PPage", "PPage", "PPage", "PPage", "PPage", "PPage")
            let screen = try await tmux.waitForScreen { screen in
                !Self.hasPlaceholderRow(screen) && screen.split(separator: "\n").contains { $0.hasSuffix("Item 2760") }
            }
            #expect(screen.contains("Item 2750"), "\(screen)")
            try tmux.sendKeys("g")
            try await Self.waitForSelected("Item 1", tmux)
            try tmux.sendKeys("End")
            try await Self.waitForSelected("Item 3000", tmux)

            // `/` counts every match of the list, not those of the rows read.
            try tmux.sendKeys("/", "tem 2")
            try await tmux.waitForText("/tem 2: 1,111 found")
            try tmux.sendKeys("Enter", "G")
            try await Self.waitForSelected("Item 2999", tmux)
            try tmux.sendKeys("Escape")
            try await tmux.waitForScreen { !$0.contains("found") && $0.contains("3,000 articles") }

            // `S`: the true count of matches, and every one as the results scroll.
            try tmux.sendKeys("S", "item")
            // On the Search screen (the list behind it said "3,000 articles" too).
            try await tmux.waitForScreen { $0.contains("Headlines · Search") && $0.contains("3,000 articles") }
            // The first read is two screenfuls; the rest is read as the results scroll: `G`
            // reaches the last match and `g` the first. Every score is equal, so the most
            // recently stored come first: the feed's first item, Item 1, was stored last.
            try tmux.sendKeys("Enter", "G")
            try await Self.waitForSelected("Item 3000", tmux)
            try tmux.sendKeys("g")
            try await Self.waitForSelected("Item 1", tmux)
            try tmux.sendKeys("Down")
            try await Self.waitForSelected("Item 2", tmux)
            // One Esc leaves the Search screen (keys sent in one go would read as one Alt sequence).
            try tmux.sendKeys("Escape")
            try await tmux.waitForScreen { !$0.contains("Headlines · Search") && $0.contains("3,000 articles") }
            try tmux.sendKeys("q")
            _ = try await tmux.waitForExit()
            try await Self.checkPrintedSearch(home: session.home.url)
        }

        /// `--search` prints every match of the cache the session filled, or `--limit` of them.
        static func checkPrintedSearch(home: URL) async throws {
            let environment = HeadlinesBinary.environment(home: home)
            let every = try await ProcessRunner(HeadlinesBinary.path, ["--search", "item"], environment: environment).run(timeout: .seconds(60))
            #expect(every.status == 0, "\(every.stderrText)")
            let lines = every.stdoutText.split(separator: "\n")
            #expect(lines.count == count)
            #expect(Set(lines).count == count, "each match once")
            let some = try await ProcessRunner(HeadlinesBinary.path, ["--search", "item", "--limit", "25"], environment: environment)
                .run(timeout: .seconds(60))
            #expect(some.stdoutText.split(separator: "\n").count == 25)
            let refused = try await ProcessRunner(HeadlinesBinary.path, ["--limit", "25"], environment: environment).run(timeout: .seconds(60))
            #expect(refused.status == 2 && refused.stderrText.contains("--limit goes with --search"), "\(refused.stderrText)")
        }
    }
}
