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

    func nextUnread(after row: ListRow, _ found: @escaping @MainActor (ListRow?, Notice?) -> Void) {
        let start = (state.rows.firstIndex { $0.identity == row.identity } ?? state.scroll.selection) + 1
        guard let index = state.rows.indices.dropFirst(start).first(where: { state.rows[$0].id != nil && !state.rows[$0].isRead }) else {
            return found(nil, nil)
        }
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
