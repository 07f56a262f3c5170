import NewsCore

/// Where the panes go on a terminal of a given size: one screen at a time below `minimumWidth`
/// columns (as on a narrow terminal today), the list and the article side by side from it, and
/// the Sources column on the left from `minimumWidth + 80`, each pane no narrower than it can
/// be read in; a divider column between two panes. A pure function of the sizes.
package struct PaneLayout: Equatable, Sendable {
    /// The panes, left to right.
    package enum Pane: Equatable, Sendable {
        case sources, list, article
    }

    /// The narrowest each pane may be: a list or an article in fewer columns is not worth a pane.
    package static let minimumListWidth = 40
    package static let minimumArticleWidth = 40
    package static let minimumSourcesWidth = 24
    /// `layout-width`'s default: the narrowest terminal that lays out panes by itself.
    package static let defaultMinimumWidth = 160
    /// How much wider three panes want to be than two (`auto`).
    static let threePaneExtra = 80

    /// A pane and the area it draws in.
    package struct Placed: Equatable, Sendable {
        package let pane: Pane
        package let area: Rect
    }

    /// Each pane and its area, left to right; one (the whole screen) for a single screen.
    package let panes: [Placed]
    /// The columns between panes, where a divider is drawn.
    package let dividers: [Rect]

    /// The screen's size and the list's share, for `twoPanes`.
    private let size: Rect
    private let listShare: Int

    /// How many panes show: one, or the list and the article, or all three.
    package var isSingle: Bool { panes.count == 1 }
    package func area(of pane: Pane) -> Rect? { panes.first { $0.pane == pane }?.area }

    /// The list and the article alone on this screen (three panes' width, no Sources screen under the list).
    package func twoPanes() -> PaneLayout { PaneLayout(width: size.width, height: size.height, choice: .two, listShare: listShare) }

    /// The layout of a `width` × `height` screen. `listShare`: the list's percent of the
    /// columns the list and the article share; `sourcesColumns`: the Sources column's width (nil:
    /// a fifth of the screen). Both are kept within the panes' minimums.
    package init(
        width: Int, height: Int, choice: LayoutSetting = .auto, minimumWidth: Int = PaneLayout.defaultMinimumWidth, listShare: Int = 40,
        sourcesColumns: Int? = nil
    ) {
        let screen = Rect(width: width, height: height)
        size = screen
        self.listShare = listShare
        let fitsTwo = width >= Self.minimumListWidth + 1 + Self.minimumArticleWidth
        let fitsThree = width >= Self.minimumSourcesWidth + 1 + Self.minimumListWidth + 1 + Self.minimumArticleWidth
        var count: Int
        switch choice {
        case .single: count = 1
        case .two: count = fitsTwo ? 2 : 1
        case .three: count = fitsThree ? 3 : (fitsTwo ? 2 : 1)
        case .auto: count = width >= minimumWidth + Self.threePaneExtra ? 3 : (width >= minimumWidth ? 2 : 1)
        }
        if count == 3 && !fitsThree { count = 2 }
        if count == 2 && !fitsTwo { count = 1 }
        guard count > 1 else {
            panes = [Placed(pane: .list, area: screen)]
            dividers = []
            return
        }
        var left = screen
        var sources: Rect?
        var dividers: [Rect] = []
        if count == 3 {
            // The Sources column: as asked, or a fifth of the width, leaving the list and the article theirs.
            let most = width - 2 - Self.minimumListWidth - Self.minimumArticleWidth
            let columns = min(max(sourcesColumns ?? min(width / 5, 40), Self.minimumSourcesWidth), most)
            let parts = Layout(.horizontal, [.length(columns), .length(1), .fill(min: 0)]).split(screen)
            sources = parts[0]
            dividers.append(parts[1])
            left = parts[2]
        }
        let shared = left.width - 1
        let listColumns = min(max(shared * max(10, min(90, listShare)) / 100, Self.minimumListWidth), shared - Self.minimumArticleWidth)
        let parts = Layout(.horizontal, [.length(listColumns), .length(1), .fill(min: 0)]).split(left)
        dividers.append(parts[1])
        self.dividers = dividers
        panes = (sources.map { [Placed(pane: .sources, area: $0)] } ?? []) + [Placed(pane: .list, area: parts[0]), Placed(pane: .article, area: parts[2])]
    }
}
