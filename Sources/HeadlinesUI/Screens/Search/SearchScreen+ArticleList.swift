import NewsCore
import HeadlinesSession

/// The results as the article screen walks them (`J`, `K`, `n`), and marks made there.
extension SearchScreen: ArticleList {
    func row(beside row: ListRow, by step: Int, _ found: @escaping @MainActor (ListRow?) -> Void) {
        let index = (state.rows.firstIndex { $0.identity == row.identity } ?? state.scroll.selection) + step
        guard state.rows.indices.contains(index) else { return found(nil) }
        state.select(index)
        if let context { readMoreIfNeeded(context) }  // the next matches are read ahead, as when scrolling
        found(state.rows[index])
    }

    func nextUnread(after row: ListRow, backwards: Bool, _ found: @escaping @MainActor (ListRow?, Notice?) -> Void) {
        let here = state.rows.firstIndex { $0.identity == row.identity } ?? state.scroll.selection
        let rows = state.rows
        let unread = { (index: Int) in rows[index].id != nil && !rows[index].isRead }
        let candidate = backwards ? state.rows.indices.prefix(max(0, here)).last(where: unread) : state.rows.indices.dropFirst(here + 1).first(where: unread)
        guard let index = candidate else { return found(nil, nil) }
        state.select(index)
        if let context { readMoreIfNeeded(context) }
        found(state.rows[index], nil)
    }

    func marksChanged(_ marks: ArticleMarks) {
        guard var marked = state.rows.first(where: { $0.id == marks.id }) else { return }
        marked.isRead = marks.isRead
        marked.isStarred = marks.isStarred
        update(marked)
    }
}
