/// The panes' widths the reader dragged for this session, each in place of its setting
/// (`list-width`, `sources-width`) while set; kept across resizes and layouts.
package struct PaneSizes: Equatable, Sendable {
    /// The list's percent of the columns it shares with the article.
    package var listShare: Int?
    /// The Sources column's width in columns.
    package var sourcesColumns: Int?

    package init(listShare: Int? = nil, sourcesColumns: Int? = nil) {
        self.listShare = listShare
        self.sourcesColumns = sourcesColumns
    }

    /// The divider right of `left` dragged to `column`, `right` the pane on its other side:
    /// the Sources column's new width, or the list's new share of the two panes' columns (the
    /// layout keeps either within the panes' minimums).
    package mutating func drag(dividerAfter left: PaneLayout.Placed, before right: Rect, to column: Int) {
        switch left.pane {
        case .sources:
            sourcesColumns = max(PaneLayout.minimumSourcesWidth, column - left.area.x)
        case .list:
            let shared = max(1, right.maxX - left.area.x - 1)
            let share = ((column - left.area.x) * 100 + shared / 2) / shared
            listShare = max(10, min(90, share))
        case .article:
            break  // the last pane has no divider on its right
        }
    }
}
