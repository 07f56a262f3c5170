import Testing
@testable import HeadlinesUI

/// One layout for every screen: the article's image line is the only row a list screen lacks.
@Suite("Screen layout")
struct ScreenLayoutTests {
    @Test func aListScreenHasTitleBodyAndStatusBar() {
        let layout = ScreenLayout(width: 80, height: 24)
        #expect(layout.titleRow == 0)
        #expect(layout.bodyTop == 1)
        #expect(layout.bodyRows == 22)
        #expect(layout.imageRow == nil)
        #expect(layout.statusRow == 23)
    }

    @Test func theArticleScreenGivesARowToItsImageLine() {
        let layout = ScreenLayout(width: 80, height: 24, withImageRow: true)
        #expect(layout.bodyRows == 21)
        #expect(layout.imageRow == 22)
        #expect(layout.statusRow == 23)
    }

    @Test func aScreenTooSmallForItsRowsHasNone() {
        #expect(ScreenLayout(width: 10, height: 1).bodyRows == 0)
        #expect(ScreenLayout(width: 10, height: 2, withImageRow: true).bodyRows == 0)
        #expect(ScreenLayout(width: -3, height: -1, withImageRow: true).imageRow == 0)
    }
}
