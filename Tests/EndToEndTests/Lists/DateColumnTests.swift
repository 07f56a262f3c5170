import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A list's dates: the age for the last week, the day for this year, the day and the year for
    /// another (so that old posts do not look unsorted); `datetime-format` (strftime) instead.
    @Suite struct DateColumn {
        static func feed(_ dates: [(String, Date)]) -> String {
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = TimeZone(identifier: "GMT")
            format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let items = dates.map { title, date in
                "<item><title>\(title)</title><link>https://example.com/\(title.lowercased())</link>"
                    + "<pubDate>\(format.string(from: date))</pubDate></item>"
            }
            return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Dates</title>\n" + items.joined(separator: "\n")
                + "</channel></rss>"
        }

        static func day(_ date: Date, withYear: Bool) -> String {
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = TimeZone(identifier: "UTC")
            format.dateFormat = withYear ? "d MMM yyyy" : "d MMM"
            return format.string(from: date)
        }

        static func utc(_ text: String) -> Date {
            let format = ISO8601DateFormatter()
            return format.date(from: text)!
        }

        @Test func datesOfAnotherYearShowTheirYearAndDatetimeFormatWritesThemAsAsked() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let now = Date()
            let calendar = Calendar(identifier: .gregorian)
            let thisYear = calendar.dateComponents(in: TimeZone(identifier: "UTC")!, from: now).year!
            // Ten days ago is this year's only after January 10th: else take the year's first day.
            let recent = max(now.addingTimeInterval(-10 * 86_400), Self.utc("\(thisYear)-01-01T12:00:00Z"))
            let dates = [
                ("Recent", recent), ("Older", now.addingTimeInterval(-400 * 86_400)), ("Twenty ten", Self.utc("2010-03-05T12:00:00Z")),
                ("Two thousand eight", Self.utc("2008-04-09T12:00:00Z")),
            ]
            server.route("/feed.xml", .text(Self.feed(dates), contentType: "application/rss+xml"))
            let source = "[source \"Dates\"]\nurl = \(server.url("/feed.xml").absoluteString)\n"
            let session = try HeadlinesSession([], config: source, width: 80, height: 12)
            let list = try await session.tmux.waitForText("4 articles")
            session.close()
            let lines = list.split(separator: "\n").map(String.init)
            func row(_ title: String) -> String { lines.first { $0.hasSuffix(" " + title) } ?? "" }
            // This year's: the day alone (or its age, in the year's first week).
            let recentText = now.timeIntervalSince(recent) >= 7 * 86_400 ? Self.day(recent, withYear: false) : "d"
            #expect(row("Recent").contains(recentText + " "), "\(list)")
            #expect(row("Older").contains(Self.day(dates[1].1, withYear: true)), "\(list)")
            #expect(row("Twenty ten").contains("5 Mar 2010"), "\(list)")
            #expect(row("Two thousand eight").contains("9 Apr 2008"), "\(list)")
            // The titles start in one column, after the widest date.
            let starts = ["Recent", "Older", "Twenty ten", "Two thousand eight"].map { title in
                row(title).range(of: title).map { row(title).distance(from: row(title).startIndex, to: $0.lowerBound) }
            }
            #expect(Set(starts).count == 1, "\(list)")

            let formatted = try HeadlinesSession([], config: "datetime-format = %Y-%m-%d %H:%M\n" + source, width: 80, height: 12)
            defer { formatted.close() }
            let custom = try await formatted.tmux.waitForText("4 articles")
            #expect(custom.contains("2010-03-05 12:00 Twenty ten") && custom.contains("2008-04-09 12:00 Two thousand eight"), "\(custom)")
        }

        /// A pattern that cannot be one is a config mistake, with its line.
        @Test func aDatetimeFormatThatIsNoPatternIsRefused() async throws {
            let home = try TemporaryFolder("e2e")
            defer { home.remove() }
            try FeedFixtures.writeConfig("datetime-format = \"\"\n", home: home.url)
            let result = try await HeadlinesSession.run(["--print", "--offline"], home: home)
            #expect(result.status == 2)
            #expect(result.stderrText.contains("config:1: datetime-format"), "\(result.stderrText)")
        }
    }
}
