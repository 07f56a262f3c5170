import NewsCore
import HeadlinesSession

/// The list as the article screen walks it: `J` and `K` step through its rows, `n` finds the
/// next unread one, and marks made on the article show on its row.
extension HeadlinesScreen: ArticleList {
    func row(beside row: ListRow, by step: Int, _ found: @escaping @MainActor (ListRow?) -> Void) {
        let index = (listIndex(of: row) ?? state.scroll.selection) + step
        if let next = state.row(at: index) {
            state.select(index)
            if let context { readMoreIfNeeded(context) }  // the next pages are read ahead, as when scrolling
            return found(next)
        }
        // Past the rows read so far (the list is a window of them), with more in the cache:
        // the page after the window (`J`), or the one before it (`K`, after `G`), first.
        guard let context, index >= 0, index < state.total else { return found(nil) }
        let reading: ListWindow.Reading
        if step > 0, index == state.windowEnd, state.hasMore {
            reading = .after(limit: ListWindow.pageSize)
        } else if step < 0, index == state.offset - 1, state.window.hasRowsBefore {
            reading = .before(limit: ListWindow.pageSize)
        } else {
            return found(nil)
        }
        guard let read = state.window.read(reading, in: library) else { return found(nil) }
        context.scope.run(.stepPage, work: { try await read.run() }) { [weak self] result in
            guard let self else { return }
            if case .success(let page) = result { self.state.take(page, new: self.library.newArticles) }
            self.stepped(to: index, context, found)
        }
    }

    /// The page `J` or `K` waited for is in: the row at `index`, when it was read.
    private func stepped(to index: Int, _ context: ScreenContext, _ found: @MainActor (ListRow?) -> Void) {
        guard let row = state.row(at: index) else { return found(nil) }
        state.select(index)
        found(row)
        context.setNeedsDisplay()
    }

    /// Where `row` is in the whole list, when it is among the rows read.
    private func listIndex(of row: ListRow) -> Int? {
        state.rows.firstIndex { $0.identity == row.identity }.map { $0 + state.offset }
    }

    func nextUnread(after row: ListRow, backwards: Bool, _ found: @escaping NextUnread.Found) {
        guard let context else { return found(nil, nil) }
        if let index = listIndex(of: row) { state.select(index) }
        _ = nextUnread(context, backwards: backwards, found: found)
    }

    func marksChanged(_ marks: ArticleMarks) {
        stillShown.insert(marks.id)
        guard var marked = state.rows.first(where: { $0.id == marks.id }) ?? filterPool?.row(marks.id)
        else { return }
        marked.isRead = marks.isRead
        marked.isStarred = marks.isStarred
        marked.isNew = false
        update(marked)
    }
}

/// `n` asked for while rows are being read, or after the list moved on to another source.
struct NextUnread {
    typealias Found = @MainActor (ListRow?, Notice?) -> Void

    /// Look from the list's first row (its last, `backwards`): it is another source's now.
    var fromStart: Bool
    /// `p`: the previous unread article.
    var backwards = false
    /// The source the list moved on to, to say so.
    var movedOn: String?
    /// Told of the row found (the article screen shows it).
    var found: Found?

    @MainActor
    func finish(_ row: ListRow?, in screen: HeadlinesScreen) {
        if row != nil, let movedOn {
            let sentence =
                backwards ? "Back to \(movedOn), the previous source with unread articles." : "On to \(movedOn), the next source with unread articles."
            screen.state.show(Notice(sentence))
        }
        found?(row, row == nil || movedOn != nil ? screen.state.notice : nil)
    }
}

/// `A` waiting for its answer: how many articles, and which (a filtered list's), else the whole list.
struct MarkAllRead {
    var count: Int
    var ids: [ArticleID]?
}

extension TaskKey {
    /// Reading the page after a list's rows for `J` on the last of them: its own key, as a mark's
    /// re-read of the first rows cancels `morePage` (and `J` would never hear back).
    fileprivate static let stepPage = TaskKey("step-page")
}
