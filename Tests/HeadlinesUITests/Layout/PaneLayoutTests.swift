import Testing
@testable import HeadlinesUI
import NewsCore

/// Areas split by constraints, and the panes a terminal of each size shows (issue 54, step 1):
/// pure functions of the sizes, checked without a terminal.
@Suite("Layout and panes")
struct PaneLayoutTests {
    @Test func aSplitCoversTheAreaInTheConstraintsOrder() {
        let area = Rect(x: 3, y: 1, width: 100, height: 20)
        let parts = Layout(.horizontal, [.length(30), .length(1), .fill(min: 10)]).split(area)
        #expect(parts == [Rect(x: 3, y: 1, width: 30, height: 20), Rect(x: 33, y: 1, width: 1, height: 20), Rect(x: 34, y: 1, width: 69, height: 20)])
        let shared = Layout(.vertical, [.percentage(25), .fill(min: 0), .fill(min: 0)]).split(Rect(width: 10, height: 41))
        #expect(shared.map(\.height) == [10, 16, 15] && shared.map(\.y) == [0, 10, 26], "fills share what is left, the first the odd row")
        #expect(Layout(.horizontal, [.length(5), .length(5)]).split(Rect(width: 20, height: 1)).map(\.width) == [5, 15], "no fill: the last takes the rest")
        #expect(
            Layout(.horizontal, [.length(30), .length(1), .fill(min: 40)]).split(Rect(width: 50, height: 1)).map(\.width) == [30, 1, 19],
            "too small: cut from the last back")
        #expect(Layout(.horizontal, [.length(30), .fill(min: 40)]).split(Rect(width: 20, height: 1)).map(\.width) == [20, 0])
    }

    @Test(arguments: [(60, 1), (80, 1), (159, 1), (160, 2), (200, 2), (239, 2), (240, 3), (300, 3)])
    func autoLaysOutPanesFromItsWidth(width: Int, panes: Int) {
        for height in [10, 24, 50, 80] {
            let layout = PaneLayout(width: width, height: height)
            #expect(layout.panes.count == panes, "\(width)×\(height)")
            Self.expectWhole(layout, width: width, height: height)
        }
    }

    @Test func aChosenLayoutHoldsWhereItsPanesFitAndDegradesWhereTheyDoNot() {
        #expect(PaneLayout(width: 300, height: 40, choice: .single).isSingle)
        #expect(PaneLayout(width: 80, height: 40, choice: .two).isSingle, "two panes of 40 need 81 columns")
        #expect(PaneLayout(width: 81, height: 40, choice: .two).panes.map(\.pane) == [.list, .article])
        #expect(PaneLayout(width: 100, height: 40, choice: .three).panes.map(\.pane) == [.list, .article], "no room for the Sources column")
        #expect(PaneLayout(width: 106, height: 40, choice: .three).panes.map(\.pane) == [.sources, .list, .article])
        #expect(PaneLayout(width: 200, height: 40, minimumWidth: 220).isSingle, "layout-width moves auto's boundary")
        for width in [81, 100, 106, 160, 200, 300] {
            for choice in [LayoutSetting.two, .three] { Self.expectWhole(PaneLayout(width: width, height: 30, choice: choice), width: width, height: 30) }
        }
    }

    @Test func theListsShareIsKeptWithinEachPanesMinimum() {
        let layout = PaneLayout(width: 201, height: 30, listShare: 40)
        #expect(layout.area(of: .list)?.width == 80 && layout.area(of: .article)?.width == 120)
        #expect(PaneLayout(width: 201, height: 30, listShare: 5).area(of: .list)?.width == PaneLayout.minimumListWidth)
        #expect(PaneLayout(width: 201, height: 30, listShare: 99).area(of: .article)?.width == PaneLayout.minimumArticleWidth)
    }

    /// Panes and dividers cover the screen left to right, each pane at least its minimum, every one the full height.
    static func expectWhole(_ layout: PaneLayout, width: Int, height: Int) {
        let areas = (layout.panes.map(\.area) + layout.dividers).sorted { $0.x < $1.x }
        #expect(areas.first?.x == 0 && areas.last?.maxX == width, "\(areas)")
        for (left, right) in zip(areas, areas.dropFirst()) { #expect(left.maxX == right.x, "\(areas)") }
        #expect(areas.allSatisfy { $0.y == 0 && $0.height == height })
        #expect(layout.dividers.allSatisfy { $0.width == 1 })
        guard !layout.isSingle else { return }
        #expect((layout.area(of: .list)?.width ?? 0) >= PaneLayout.minimumListWidth)
        #expect((layout.area(of: .article)?.width ?? 0) >= PaneLayout.minimumArticleWidth)
        if let sources = layout.area(of: .sources) { #expect(sources.width >= PaneLayout.minimumSourcesWidth) }
    }

    @Test func aViewDrawnAtItsAreasSizeLandsInItsPlace() {
        var screen = Canvas(width: 20, height: 3)
        screen.write("漢字漢字漢字漢字漢字", x: 0, y: 1)  // wide characters across the area's left edge
        var pane = Canvas(width: 6, height: 2)
        pane.write("abcdef", x: 0, y: 0)
        pane.write("xy", x: 0, y: 1)
        screen.place(pane, in: Rect(x: 5, y: 0, width: 6, height: 2))
        #expect(screen.line(0) == "     abcdef         ")
        #expect(screen.line(1) == "漢字 xy     漢字漢字", "the characters the pane cut on both edges are blanked, not half drawn")
        #expect(screen.line(2) == String(repeating: " ", count: 20))
    }
}
