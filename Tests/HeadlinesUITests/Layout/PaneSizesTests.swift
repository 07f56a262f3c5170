import Testing
@testable import HeadlinesUI

/// A divider dragged (issue 54, step 4): the widths it leaves, kept within the panes' minimums.
@Suite("Pane sizes")
struct PaneSizesTests {
    @Test func theListDividerDraggedSetsTheListsShare() {
        let layout = PaneLayout(width: 201, height: 30)
        let list = PaneLayout.Placed(pane: .list, area: layout.area(of: .list) ?? Rect(width: 0, height: 0))
        let article = layout.area(of: .article) ?? Rect(width: 0, height: 0)
        var sizes = PaneSizes()
        sizes.drag(dividerAfter: list, before: article, to: 100)
        #expect(sizes.listShare == 50 && sizes.sourcesColumns == nil)
        let dragged = PaneLayout(width: 201, height: 30, listShare: sizes.listShare ?? 0)
        #expect(dragged.dividers.first?.x == 100, "the divider lands where it was dropped")
        sizes.drag(dividerAfter: list, before: article, to: 5)
        #expect(sizes.listShare == 10)
        #expect(PaneLayout(width: 201, height: 30, listShare: 10).area(of: .list)?.width == PaneLayout.minimumListWidth, "no narrower than a list can be read")
        sizes.drag(dividerAfter: list, before: article, to: 400)
        #expect(PaneLayout(width: 201, height: 30, listShare: sizes.listShare ?? 0).area(of: .article)?.width == PaneLayout.minimumArticleWidth)
    }

    @Test func theSourcesDividerDraggedSetsItsWidth() {
        let layout = PaneLayout(width: 300, height: 30, choice: .three)
        let sources = PaneLayout.Placed(pane: .sources, area: layout.area(of: .sources) ?? Rect(width: 0, height: 0))
        var sizes = PaneSizes()
        sizes.drag(dividerAfter: sources, before: layout.area(of: .list) ?? Rect(width: 0, height: 0), to: 70)
        #expect(sizes.sourcesColumns == 70)
        let dragged = PaneLayout(width: 300, height: 30, choice: .three, sourcesColumns: 70)
        #expect(dragged.area(of: .sources)?.width == 70 && dragged.dividers.first?.x == 70)
        PaneLayoutTests.expectWhole(dragged, width: 300, height: 30)
        // Wider than leaves the list and the article theirs: as wide as it can be.
        let most = PaneLayout(width: 120, height: 30, choice: .three, sourcesColumns: 80)
        #expect(most.area(of: .sources)?.width == 120 - 2 - 40 - 40)
        PaneLayoutTests.expectWhole(most, width: 120, height: 30)
        sizes.drag(dividerAfter: sources, before: layout.area(of: .list) ?? Rect(width: 0, height: 0), to: 3)
        #expect(sizes.sourcesColumns == PaneLayout.minimumSourcesWidth)
    }
}
