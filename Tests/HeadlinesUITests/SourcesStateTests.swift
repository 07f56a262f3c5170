import Foundation
import Testing
@testable import HeadlinesUI
import NewsCore
import SessionTestSupport
@testable import HeadlinesSession

@Suite("Sources state")
@MainActor
struct SourcesStateTests {
    static func state() -> SourcesState {
        let entries = [
            Library.Entry(source: ScriptedSource(name: "Kernel news", [.success(Edition(articles: []))]), group: "Tech"),
            Library.Entry(source: ScriptedSource(name: "Rust blog", [.success(Edition(articles: []))]), group: "Tech"),
            Library.Entry(source: ScriptedSource(name: "World", [.success(Edition(articles: []))]), group: nil),
        ]
        return SourcesState(entries: entries)
    }

    @Test func aHeadingIsARowThatNamesItsGroupsSources() {
        var state = Self.state()
        state.move(.by(2))
        #expect(state.selectedRow == .heading("Tech"))
        #expect(state.sources(in: "Tech") == [SourceKey("scripted:Kernel news"), SourceKey("scripted:Rust blog")])
    }

    @Test func theFilterKeepsTheSourcesWhoseNameHoldsTheTextUnderTheirHeading() {
        var state = Self.state()
        state.beginFilter()
        state.setFilter("KERN")
        #expect(state.rows == [.heading("Tech"), .source(SourceKey("scripted:Kernel news"), name: "Kernel news")])
        #expect(state.selectedRow == .source(SourceKey("scripted:Kernel news"), name: "Kernel news"), "on the source found")
        #expect(state.sourcesShown == 1)
        state.setFilter("tech")
        #expect(state.sourcesShown == 2, "a group's name finds its sources")
        state.setFilter("nothing")
        #expect(state.rows.isEmpty && state.selectedRow == nil)
        state.clearFilter()
        #expect(state.rows == state.allRows && state.filter == nil)
    }

    @Test func countsAreGroupedByThousands() {
        #expect(CountText.grouped(0) == "0")
        #expect(CountText.grouped(999) == "999")
        #expect(CountText.grouped(3452) == "3,452")
        #expect(CountText.grouped(1_234_567) == "1,234,567")
    }
}
