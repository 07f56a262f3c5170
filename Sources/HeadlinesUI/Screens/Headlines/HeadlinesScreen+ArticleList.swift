import NewsCore

/// The list as the article screen walks it: `J` and `K` step through its rows, `n` finds the
/// next unread one, and marks made on the article show on its row.
extension HeadlinesScreen: ArticleList {
    func row(beside row: ListRow, by step: Int) -> ListRow? {
        let index = (state.rows.firstIndex { $0.identity == row.identity } ?? state.scroll.selection) + step
        guard state.rows.indices.contains(index) else { return nil }
        state.select(index)
        if let context { readMoreIfNeeded(context) }  // the next pages are read ahead, as when scrolling
        return state.rows[index]
    }

    func nextUnread(after row: ListRow, _ found: @escaping NextUnread.Found) {
        guard let context else { return found(nil, nil) }
        if let index = state.rows.firstIndex(where: { $0.identity == row.identity }) { state.select(index) }
        _ = nextUnread(context, found: found)
    }

    func marksChanged(_ marks: ArticleMarks) {
        guard var marked = state.rows.first(where: { $0.id == marks.id }) ?? filterPool?.rows.first(where: { $0.id == marks.id })
        else { return }
        marked.isRead = marks.isRead
        marked.isStarred = marks.isStarred
        marked.isNew = false
        newArticleIDs.remove(marks.id)
        update(marked)
    }
}

/// `n` asked for while rows are being read, or after the list moved on to another source.
struct NextUnread {
    typealias Found = @MainActor (ListRow?, Notice?) -> Void

    /// Look from the list's first row (it is another source's now), not after the selection.
    var fromStart: Bool
    /// The source the list moved on to, to say so.
    var movedOn: String?
    /// Told of the row found (the article screen shows it).
    var found: Found?

    @MainActor
    func finish(_ row: ListRow?, in screen: HeadlinesScreen) {
        if row != nil, let movedOn { screen.state.show(Notice("On to \(movedOn), the next source with unread articles.")) }
        found?(row, row == nil || movedOn != nil ? screen.state.notice : nil)
    }
}

/// `A` waiting for its answer: how many articles, and which (a filtered list's), else the whole list.
struct MarkAllRead {
    var count: Int
    var ids: [ArticleID]?
}
