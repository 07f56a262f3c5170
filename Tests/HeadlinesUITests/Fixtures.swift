import TestSupport
import Foundation
import NewsCore
@testable import HeadlinesUI

/// Shared fixtures: a fixed clock and calendar, articles, and small canvas helpers.
enum Fixtures {
    /// A calendar in UTC, so that ages and times do not depend on the machine's zone.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    /// Local times in UTC, for the views.
    static let utcTime = LocalTime.calendar(utc)

    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        utc.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    /// Sunday 29 November 2026, 21:40:00 UTC.
    static let now = date(2026, 11, 29, 21, 40)

    static let sources = ["Reuters", "BBC News", "Le Monde", "The Verge"]

    /// Publication dates cycling through every age format, with the age each shows at `now`.
    static let ages: [(date: Date?, text: String)] = [
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

    static func url(_ index: Int) -> URL { URL(string: "https://news.example/story/\(index)")! }

    static func title(_ index: Int) -> String { "Headline number \(index) about something" }

    /// Article `index` of the standard list.
    static func article(_ index: Int) -> Article {
        Article(
            sourceName: sources[index % sources.count],
            title: title(index),
            url: url(index),
            publishedAt: ages[index % ages.count].date
        )
    }

    static func articles(_ count: Int = 40) -> [Article] { (0..<count).map(article) }

    /// The standard list dated a minute apart, newest first: the order a cache lists them in.
    static func dated(_ count: Int = 40, from start: Int = 0) -> [Article] {
        (start..<start + count).map { index in
            var article = article(index)
            article.publishedAt = now.addingTimeInterval(-60 * Double(index))
            return article
        }
    }

    /// A headlines state with `count` articles loaded at `now`.
    static func loadedState(_ count: Int = 40, sourceName: String = "Demo News") -> HeadlinesState {
        var state = HeadlinesState(sourceName: sourceName)
        state.beginLoad()
        state.finishLoad(articles(count), at: now)
        return state
    }

    /// Renders `state` with the fixed clock and calendar.
    static func render(_ state: HeadlinesState, width: Int, height: Int) -> (canvas: Canvas, scroll: ListScroll) {
        var canvas = Canvas(width: width, height: height)
        var state = state
        let layout = ScreenLayout(width: width, height: height)
        state.fit(rows: layout.bodyRows)
        var view = HeadlinesView(state: state, layout: layout, now: now)
        view.localTime = utcTime
        view.render(into: &canvas)
        return (canvas, state.scroll)
    }
}

/// `text` followed by spaces up to `width` columns (no cutting).
func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - TextWidth.of(text)))
}

extension Canvas {
    /// The styles of row `y`, left to right.
    func styles(_ y: Int) -> [Style] { (0..<width).map { self[$0, y].style } }

    /// The column where `needle` starts on row `y`, counted in cells, or nil.
    func column(of needle: String, y: Int) -> Int? {
        var x = 0
        while x < width {
            var text = ""
            var end = x
            while end < width, TextWidth.of(text) < TextWidth.of(needle) {
                text += self[end, y].text
                end += 1
            }
            if text == needle { return x }
            x += 1
        }
        return nil
    }
}

typealias SeededGenerator = SplitMix64

extension HeadlinesState {
    /// A load that ends with `articles` as the whole list, through the calls the screen makes
    /// when the cache answers (`show`, `setSkipped`, `endLoad`).
    mutating func finishLoad(_ articles: [Article], skipped: Int = 0, at date: Date) {
        show(articles.map { ListRow(article: $0) }, total: articles.count, next: nil)
        setSkipped(skipped)
        endLoad(at: date)
    }
}
