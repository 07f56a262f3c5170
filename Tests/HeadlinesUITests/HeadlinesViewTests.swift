import Foundation
import Testing
@testable import HeadlinesUI
import NewsCore
import SessionTestSupport
@testable import HeadlinesSession

@Suite("HeadlinesView")
struct HeadlinesViewTests {
    static let sizes: [(width: Int, height: Int)] = [(100, 30), (40, 10), (60, 15), (200, 50)]
    static let hints = HeadlinesView.defaultHints

    /// The status bar's right side once loaded: most useful first, the source name last.
    static func facts(_ count: String) -> String { count + " · updated 21:40 · Demo News" }

    /// Checks one list row: age first, then source, then title, in that order.
    static func checkRow(_ canvas: Canvas, y: Int, index: Int, sourceColumn: Int, titleColumn: Int) {
        let line = canvas.line(y)
        let age = Fixtures.ages[index % Fixtures.ages.count].text
        let source = Fixtures.sources[index % Fixtures.sources.count]
        #expect(line.hasPrefix(" " + age + " "), "row \(y): \(line)")
        let sourceShown = canvas.column(of: String(source.prefix(5)), y: y)
        let titleShown = canvas.column(of: "Headline number \(index)", y: y)
        #expect(sourceShown == sourceColumn, "row \(y): \(line)")
        #expect(titleShown == titleColumn, "row \(y): \(line)")
        #expect(sourceColumn > TextWidth.of(" " + age), "row \(y): \(line)")
    }

    @Test("rows show age, source and title in aligned columns, and fit the width", arguments: 0..<4)
    func rows(sizeIndex: Int) {
        let (width, height) = Self.sizes[sizeIndex]
        let state = Fixtures.loadedState()
        let (canvas, scroll) = Fixtures.render(state, width: width, height: height)
        let rows = height - 2
        #expect(scroll.top == 0)
        let sourceColumn = canvas.column(of: "Reute", y: 1)!
        let titleColumn = canvas.column(of: "Headline number 0", y: 1)!
        for row in 0..<min(rows, 40) {
            let index = row
            // Dates older than a week are checked in `oldDates` (a known bug cuts them).
            guard index % Fixtures.ages.count != 7, index % Fixtures.ages.count != 8 else { continue }
            Self.checkRow(canvas, y: 1 + row, index: index, sourceColumn: sourceColumn, titleColumn: titleColumn)
        }
        // The canvas is exactly the terminal: every line is as wide as it.
        for y in 0..<height {
            #expect(TextWidth.of(canvas.line(y)) == width, "line \(y) at \(width)x\(height)")
        }
        // Title line.
        #expect(canvas.line(0) == padded(" Headlines · Demo News", width))
        #expect(canvas.styles(0) == Array(repeating: .header, count: width))
        // Only rows that fit are drawn.
        if rows < 40 { #expect(!canvas.contains("Headline number \(rows) ")) } else { #expect(canvas.line(41) == String(repeating: " ", count: width)) }
    }

    @Test("exact rows at 100 columns")
    func exactRows() {
        let (canvas, _) = Fixtures.render(Fixtures.loadedState(), width: 100, height: 30)
        // age (8 columns), source (15, then a free column), title (75, then a free column)
        func row(_ age: String, _ source: String, _ title: String) -> String {
            padded(" " + age, 8) + padded(source, 16) + padded(title, 76)
        }
        #expect(canvas.line(1) == row("now", "Reuters", "Headline number 0 about something"))
        #expect(canvas.line(2) == row("5m", "BBC News", "Headline number 1 about something"))
        #expect(canvas.line(10) == row("—", "BBC News", "Headline number 9 about something"))
        #expect(canvas.line(1).count == 100)
    }

    @Test(
        "old dates show day and month in full, apart from the source",
        .bug(id: "UI-AGE-WIDTH", "the 6-column age column cuts ' 12 Nov' to ' 12 N…' and glues ' 3 Nov' to the source"))
    func oldDates() {
        let (canvas, _) = Fixtures.render(Fixtures.loadedState(), width: 100, height: 30)
        #expect(canvas.line(8).hasPrefix(" 12 Nov "), "\(canvas.line(8))")
        #expect(canvas.line(9).hasPrefix(" 3 Nov "), "\(canvas.line(9))")
        let sourceColumn = canvas.column(of: "Reute", y: 1)!
        let titleColumn = canvas.column(of: "Headline number 0", y: 1)!
        Self.checkRow(canvas, y: 8, index: 7, sourceColumn: sourceColumn, titleColumn: titleColumn)
        Self.checkRow(canvas, y: 9, index: 8, sourceColumn: sourceColumn, titleColumn: titleColumn)
    }

    @Test("the selected row is reverse video from edge to edge; others are not", arguments: 0..<4)
    func selectionStyle(sizeIndex: Int) {
        let (width, height) = Self.sizes[sizeIndex]
        var state = Fixtures.loadedState()
        state.move(.first); state.move(.by(3))
        let (canvas, _) = Fixtures.render(state, width: width, height: height)
        for y in 1..<(height - 1) {
            let styles = canvas.styles(y)
            if y == 4 {
                #expect(styles.allSatisfy { $0.role == .selection && $0.reverse }, "row \(y)")
                #expect(canvas[canvas.column(of: "Headline number 3", y: y)!, y].style == Style(.selection, bold: true, reverse: true))
            } else {
                #expect(styles.allSatisfy { !$0.reverse && $0.role != .selection }, "row \(y)")
            }
        }
    }

    @Test("the list scrolls to keep the selection on screen")
    func scrolledSelection() {
        var state = Fixtures.loadedState()
        state.move(.first); state.move(.by(39))
        let (canvas, scroll) = Fixtures.render(state, width: 40, height: 10)
        #expect(scroll.top == 32)
        #expect(canvas.line(8).contains("Headline number 39"))
        #expect(canvas.styles(8).allSatisfy { $0.reverse })
        #expect(canvas.line(1).contains("Headline number 32"))
    }

    @Test("status bar: key hints on the left; source, count and update time on the right", arguments: [100, 200])
    func statusWide(width: Int) {
        let height = width == 100 ? 30 : 50
        let (canvas, _) = Fixtures.render(Fixtures.loadedState(), width: width, height: height)
        let right = Self.facts("40 articles")
        #expect(canvas.line(height - 1) == padded(" " + Self.hints, width - TextWidth.of(right) - 1) + right + " ")
        #expect(canvas.styles(height - 1) == Array(repeating: .statusBar, count: width))
    }

    @Test("status bar at narrow widths: hints and facts both cut, the count kept", arguments: [40, 60])
    func statusNarrow(width: Int) {
        let height = width == 40 ? 10 : 15
        let (canvas, _) = Fixtures.render(Fixtures.loadedState(), width: width, height: height)
        let line = canvas.line(height - 1)
        #expect(TextWidth.of(line) == width)
        #expect(line.hasPrefix(" ⏎ read"))
        #expect(line.contains(" 40 articles · "))
        #expect(line.contains("…"))
        #expect(line.hasSuffix(" "))
        #expect(canvas.styles(height - 1).allSatisfy { $0 == .statusBar })
    }

    @Test("one article is counted in the singular")
    func singular() {
        let (canvas, _) = Fixtures.render(Fixtures.loadedState(1), width: 100, height: 30)
        #expect(canvas.line(29).hasSuffix(" " + Self.facts("1 article") + " "))
    }

    @Test("loading with an empty list: Loading… in the middle and in the status bar", arguments: 0..<4)
    func loadingEmpty(sizeIndex: Int) {
        let (width, height) = Self.sizes[sizeIndex]
        var state = HeadlinesState(sourceName: "Demo News")
        state.beginLoad()
        let (canvas, _) = Fixtures.render(state, width: width, height: height)
        let message = "⠋ Loading…"
        let y = 1 + (height - 2 - 1) / 2
        let x = (width - 10) / 2
        #expect(canvas.line(y) == padded(String(repeating: " ", count: x) + message, width))
        for other in 1..<(height - 1) where other != y {
            #expect(canvas.line(other) == String(repeating: " ", count: width), "line \(other)")
        }
        #expect(canvas[x, y].style == .muted)
        #expect(canvas.line(height - 1) == padded(" " + message, width - 10) + "Demo News ")
    }

    @Test("the spinner advances with the tick")
    func spinnerTick() {
        var state = HeadlinesState(sourceName: "Demo News")
        state.beginLoad()
        state.tick(); state.tick(); state.tick()
        let (canvas, _) = Fixtures.render(state, width: 100, height: 30)
        #expect(canvas.line(29).hasPrefix(" ⠸ Loading…"))
        #expect(canvas.line(14).contains("⠸ Loading…"))
    }

    @Test("an empty loaded list says No articles")
    func emptyLoaded() {
        var state = HeadlinesState(sourceName: "Demo News")
        state.beginLoad()
        state.finishLoad([], at: Fixtures.now)
        let (canvas, _) = Fixtures.render(state, width: 100, height: 30)
        #expect(canvas.line(14) == padded(String(repeating: " ", count: 44) + "No articles", 100))
        #expect(canvas.line(29) == padded(" " + Self.hints, 100 - 39) + Self.facts("0 articles") + " ")
        #expect(!canvas.contains("Loading"))
    }

    @Test("before the first load nothing is claimed")
    func idleBeforeLoad() {
        let (canvas, _) = Fixtures.render(HeadlinesState(sourceName: "Demo News"), width: 60, height: 15)
        #expect(!canvas.contains("No articles"))
        #expect(!canvas.contains("articles"))
        #expect(canvas.line(14).hasSuffix(" Demo News "))
    }

    @Test("a failure keeps the previous list and shows the error in the status bar")
    func failureKeepsList() {
        var state = Fixtures.loadedState()
        state.move(.first); state.move(.by(3))
        state.beginLoad()
        state.failLoad("news.example did not answer in time.")
        let (canvas, _) = Fixtures.render(state, width: 100, height: 30)
        for row in 0..<28 { #expect(canvas.line(1 + row).contains("Headline number \(row) "), "row \(row)") }
        #expect(canvas.styles(4).allSatisfy { $0.reverse })
        let status = canvas.line(29)
        #expect(status.hasPrefix(" ✗ news.example did not answer in time. "))
        #expect(status.hasSuffix(" " + Self.facts("40 articles") + " "))
        #expect(canvas[1, 29].style == Style(.error, bold: true, reverse: true))
        #expect(canvas[99, 29].style == .statusBar)
    }

    @Test("a failure with nothing loaded shows the error in the middle")
    func failureEmpty() {
        var state = HeadlinesState(sourceName: "Demo News")
        state.beginLoad()
        state.failLoad("news.example did not answer in time.")
        let (canvas, _) = Fixtures.render(state, width: 100, height: 30)
        let message = "news.example did not answer in time."
        let x = (100 - TextWidth.of(message)) / 2
        #expect(canvas.line(14) == padded(String(repeating: " ", count: x) + message, 100))
        #expect(canvas[x, 14].style == .error)
        #expect(canvas.line(29).hasPrefix(" ✗ " + message))
    }

    @Test("refreshing keeps the list on screen with Loading… in the status bar")
    func refreshing() {
        var state = Fixtures.loadedState()
        state.beginLoad()
        let (canvas, _) = Fixtures.render(state, width: 100, height: 30)
        #expect(canvas.line(1).contains("Headline number 0 "))
        #expect(!canvas.line(14).contains("Loading"))
        #expect(canvas.line(29) == padded(" ⠋ Loading…", 100 - 40) + Self.facts("40 articles") + " ")
    }

    @Test("a notice replaces the hints while idle, in its style")
    func notice() {
        var state = Fixtures.loadedState()
        state.show(Notice("Saved /tmp/x.png", kind: .success))
        let (canvas, _) = Fixtures.render(state, width: 100, height: 30)
        #expect(canvas.line(29).hasPrefix(" Saved /tmp/x.png "))
        #expect(canvas[1, 29].style == Style(.success, reverse: true))
    }

    @Test("load lifecycle keeps the selected article by URL")
    func transitions() {
        var state = HeadlinesState(sourceName: "Demo News")
        #expect(state.phase == .idle && !state.hasLoaded)
        state.beginLoad()
        #expect(state.isLoading && state.articles.isEmpty && state.selectedArticle == nil)

        let first = Fixtures.articles()
        state.finishLoad(first, skipped: 2, at: Fixtures.now)
        #expect(state.phase == .idle && state.hasLoaded && state.skipped == 2)
        #expect(state.selectedArticle?.url == Fixtures.url(0))
        #expect(state.lastRefresh == Fixtures.now)

        state.move(.first); state.move(.by(7))
        state.beginLoad()  // refreshing: the list stays
        #expect(state.isLoading && state.articles == first && state.selectedArticle?.url == Fixtures.url(7))

        // The new edition has the article elsewhere: it stays selected.
        let later = Fixtures.now.addingTimeInterval(300)
        var second = Array(first.reversed())
        second.insert(Article(title: "Breaking", url: URL(string: "https://news.example/new")!), at: 0)
        state.finishLoad(second, at: later)
        #expect(state.scroll.selection == 33)
        #expect(state.selectedArticle?.url == Fixtures.url(7))
        #expect(state.lastRefresh == later)

        state.beginLoad()
        state.failLoad("HTTP 500: Internal Server Error.")
        #expect(state.phase == .failed("HTTP 500: Internal Server Error."))
        #expect(state.articles == second && state.selectedArticle?.url == Fixtures.url(7))
        #expect(state.lastRefresh == later)

        state.beginLoad()
        state.finishLoad(first, at: later.addingTimeInterval(60))
        #expect(state.phase == .idle && state.selectedArticle?.url == Fixtures.url(7) && state.scroll.selection == 7)

        // When the selected article is gone the selection stays where it was, within the list:
        // the reader is not thrown back to the top.
        state.beginLoad()
        state.finishLoad(Array(first.prefix(5)), at: later)
        #expect(state.scroll.selection == 4 && state.scroll.count == 5)
    }

    @Test("long titles with CJK and emoji are cut with … and no line is wider than the canvas", arguments: 0..<4)
    func longTitles(sizeIndex: Int) {
        let (width, height) = Self.sizes[sizeIndex]
        let titles = [
            String(repeating: "東京で大規模な祭りが開催され多くの観光客が訪れました、", count: 4),
            "🚀 Launch day 🚀: family 👨‍👩‍👧 cheers 👍🏽 from 🇫🇷 with ❤️ — " + String(repeating: "more words ", count: 20),
            String(repeating: "漢a", count: 120),
            String(repeating: "🎉", count: 150),
        ]
        var state = HeadlinesState(sourceName: "世界ニュース")
        state.beginLoad()
        let articles = titles.enumerated().map { index, title in
            Article(sourceName: "日本経済新聞社の長いソース名", title: title, url: Fixtures.url(index), publishedAt: Fixtures.now)
        }
        state.finishLoad(articles, at: Fixtures.now)
        state.move(.first); state.move(.by(1))
        let (canvas, _) = Fixtures.render(state, width: width, height: height)
        for y in 0..<height {
            #expect(TextWidth.of(canvas.line(y)) == width, "line \(y) at \(width)")
        }
        for row in 0..<min(4, height - 2) {
            let line = canvas.line(1 + row).trimmingTrailingSpaces
            #expect(line.hasSuffix("…"), "row \(row) at \(width): \(line)")
            // The title is cut before the last column, which stays free.
            #expect(canvas[width - 1, 1 + row].text == " ")
            #expect(line.contains("日本"), "source shown at \(width)")
        }
    }
}
