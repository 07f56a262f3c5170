import TestSupport
import Foundation
import NewsCore

/// Shared fixtures of the session's and the interface's tests: a fixed clock and calendar, and articles.
package enum Fixtures {
    /// A calendar in UTC, so that ages and times do not depend on the machine's zone.
    package static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    /// Local times in UTC, for the views.
    package static let utcTime = LocalTime.calendar(utc)

    package static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        utc.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    /// Sunday 29 November 2026, 21:40:00 UTC.
    package static let now = date(2026, 11, 29, 21, 40)

    package static let sources = ["Reuters", "BBC News", "Le Monde", "The Verge"]

    /// Publication dates cycling through every age format, with the age each shows at `now`.
    package static let ages: [(date: Date?, text: String)] = [
        (now.addingTimeInterval(-30), "now"),
        (now.addingTimeInterval(-5 * 60), "5m"),
        (now.addingTimeInterval(-59 * 60), "59m"),
        (now.addingTimeInterval(-3 * 3600), "3h"),
        (now.addingTimeInterval(-23 * 3600), "23h"),
        (now.addingTimeInterval(-2 * 86_400), "2d"),
        (now.addingTimeInterval(-6 * 86_400), "6d"),
        (date(2026, 11, 12, 8, 0), "12 Nov"),
        (date(2026, 11, 3, 8, 0), "3 Nov"),
        (nil, "—"),
    ]

    package static func url(_ index: Int) -> URL { URL(string: "https://news.example/story/\(index)")! }

    package static func title(_ index: Int) -> String { "Headline number \(index) about something" }

    /// Article `index` of the standard list.
    package static func article(_ index: Int) -> Article {
        Article(
            sourceName: sources[index % sources.count],
            title: title(index),
            url: url(index),
            publishedAt: ages[index % ages.count].date
        )
    }

    package static func articles(_ count: Int = 40) -> [Article] { (0..<count).map(article) }

    /// The standard list dated a minute apart, newest first: the order a cache lists them in.
    package static func dated(_ count: Int = 40, from start: Int = 0) -> [Article] {
        (start..<start + count).map { index in
            var article = article(index)
            article.publishedAt = now.addingTimeInterval(-60 * Double(index))
            return article
        }
    }
}
