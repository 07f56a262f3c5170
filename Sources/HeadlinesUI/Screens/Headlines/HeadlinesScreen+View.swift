import FoundationEssentials
import NewsCore
import HeadlinesSession

/// What the list shows: an article opened, another scope, a row updated.
extension HeadlinesScreen {
    /// Enter: the article screen, the one way in (it marks the row read through `marksChanged`).
    func open(_ row: ListRow) -> KeyOutcome {
        .push(ArticleScreen(row: row, list: self, services: services))
    }

    /// The article `n` or `p` found, opened over the list (nil: none, the notice says so).
    func openFound(_ row: ListRow?) {
        guard let row, let context else { return }
        context.push(ArticleScreen(row: row, list: self, services: services))
    }

    /// `J`, `K` in a source's list: the next or previous source's list, its cursor on its first unread article.
    func showSourceBeside(backwards: Bool, _ context: ScreenContext) -> KeyOutcome {
        guard case .source(let key) = articles else {
            state.show(Notice("\(backwards ? "K" : "J") moves between sources' lists; this list is not one source's."))
            return .handled
        }
        guard let other = SourceOrder(library).beside(key, backwards: backwards), other != key else {
            state.show(Notice("There is no other source."))
            return .handled
        }
        show(.source(other), title: library.entry(other)?.source.name ?? other.rawValue, context)
        return .handled
    }

    /// The list shows another scope from its first rows (`n` moving on to another source).
    func show(_ articles: ArticleScope, title: String, _ context: ScreenContext) {
        context.scope.cancel(.filter)
        if case .source(let key) = articles { onSourceShown?(key) }
        placesCursorOnUnread = true
        self.articles = articles
        state = HeadlinesState(sourceName: title)
        filterPool = nil
        stillShown = []
        readRows(context)
        if !library.isFresh(sourceKeys.first ?? SourceKey("none"), within: library.freshFor) {
            library.refresh(sourceKeys, in: context.scope, joining: true)
        }
        updatePhase(context)
    }

    func update(_ row: ListRow) {
        state.update(row)
        filterPool?.update(row)
    }
}
