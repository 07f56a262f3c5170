import NewsCore

/// The list as the article screen walks it: `J` and `K` step through its rows, `n` finds the
/// next unread one, and marks made on the article show on its row.
extension HeadlinesScreen: ArticleList {
    func row(beside row: ListRow, by step: Int, _ found: @escaping @MainActor (ListRow?) -> Void) {
        let index = (state.rows.firstIndex { $0.identity == row.identity } ?? state.scroll.selection) + step
        if state.rows.indices.contains(index) {
            state.select(index)
            if let context { readMoreIfNeeded(context) }  // the next pages are read ahead, as when scrolling
            return found(state.rows[index])
        }
        // Past the rows read so far, with more in the cache: the next page first.
        guard step > 0, index == state.rows.count, let cursor = state.next, let context else { return found(nil) }
        let store = library.store
        let scope = self.scope
        context.scope.run(.stepPage, work: { try await store.page(scope, after: cursor, limit: Self.pageSize) }) { [weak self] result in
            guard let self else { return }
            if case .success(let page) = result, self.state.next == cursor {
                self.state.append(page.articles.map { ListRow($0, isNew: self.newArticleIDs.contains($0.id)) }, next: page.next)
            }
            guard self.state.rows.indices.contains(index) else { return found(nil) }
            self.state.select(index)
            found(self.state.rows[index])
            context.setNeedsDisplay()
        }
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
