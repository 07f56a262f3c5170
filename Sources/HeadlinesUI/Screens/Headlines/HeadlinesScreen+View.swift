import FoundationEssentials
import NewsCore
import HeadlinesSession

/// What the list shows: an article opened, another scope, a row updated.
extension HeadlinesScreen {
    /// Enter: the article screen, the one way in (it marks the row read through `marksChanged`).
    func open(_ row: ListRow) -> KeyOutcome {
        .push(ArticleScreen(row: row, list: self, services: services))
    }

    /// The list shows another scope from its first rows (`n` moving on to another source).
    func show(_ scope: ArticleScope, title: String, _ context: ScreenContext) {
        context.scope.cancel(.filter)
        self.scope = scope
        state = HeadlinesState(sourceName: title)
        filterPool = nil
        stillShown = []
        readRows(context)
        if !library.isFresh(sourceKeys.first ?? SourceKey("none"), within: library.freshFor) { reload(context) }
        updatePhase(context)
    }

    func update(_ row: ListRow) {
        state.update(row)
        filterPool?.update(row)
    }
}
