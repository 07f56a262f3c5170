import HeadlinesSession

/// A list whose selected article can show beside it (a source's list, the Search screen's
/// results): on a wide terminal the app draws it in the list pane with the article it opened.
@MainActor
package protocol PaneList: Screen {
    /// The selected row's article, as its row names it; nil when no row is selected.
    var selectedArticle: ListRow.Identity? { get }
}

/// The Sources screen, as the Sources column shows it beside a list (three panes).
@MainActor
package protocol PaneSources: Screen {
    /// The list of the selected row (a source, a group, a tag...), for the list pane; nil for none.
    func listForSelection() -> HeadlinesScreen?
}

/// The article screen, as the article pane shows it beside its list.
@MainActor
package protocol PaneArticle: Screen {
    /// The article shown, as its list's row names it.
    var shownArticle: ListRow.Identity { get }
}

extension HeadlinesScreen: PaneList {
    package var selectedArticle: ListRow.Identity? { state.selectedRow?.identity }
}

extension SearchScreen: PaneList {
    package var selectedArticle: ListRow.Identity? { state.selectedRow?.identity }
}

extension SourcesScreen: PaneSources {}

extension ArticleScreen: PaneArticle {
    package var shownArticle: ListRow.Identity { row.identity }
}
