import Foundation
import NewsCore
import SessionTestSupport
import TestSupport
@testable import HeadlinesUI
import HeadlinesSession

/// The interface's fixtures: lists loaded and rendered with the fixed clock, and small canvas helpers.
extension Fixtures {
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
        show(articles.map { ListRow(article: $0) })
        setSkipped(skipped)
        endLoad(at: date)
    }
}
