import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// Marks: read and starred, marking all read (asked first when it is many), and undoing it.
extension HeadlinesScreen {
    func toggleRead() -> KeyOutcome {
        guard var row = state.selectedRow, let id = row.id else { return .ignored }
        row.isRead.toggle()
        row.isNew = false
        stillShown.insert(id)
        update(row)
        library.setRead(row.isRead, id, undoable: true)
        return .handled
    }

    /// `o` on the list: read in the browser is read.
    func markSelectedRead() {
        guard let row = state.selectedRow, let id = row.id, !row.isRead else { return }
        marksChanged(ArticleMarks(id: id, isRead: true, isStarred: row.isStarred))
        library.setRead(true, id)
    }

    func toggleStar() -> KeyOutcome {
        guard var row = state.selectedRow, let id = row.id else { return .ignored }
        row.isStarred.toggle()
        stillShown.insert(id)
        update(row)
        library.setStarred(row.isStarred, id)
        state.show(Notice(row.isStarred ? "Starred." : "No longer starred."))
        return .handled
    }

    /// `A`: every unread article of the list (of a filtered list: those it lets through) read,
    /// asking first when there are more than a screenful; `u` undoes it.
    func markAllRead(_ context: ScreenContext) -> KeyOutcome {
        if state.filter != nil {
            let ids = filteredUnread
            confirmMarkingRead(MarkAllRead(count: ids.count, ids: ids))
            return .handled
        }
        let library = self.library
        let articles = self.articles
        context.scope.run(.unreadCount, work: { try await library.unreadCount(in: articles) }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let count): self.confirmMarkingRead(MarkAllRead(count: count, ids: nil))
            case .failure(let error): self.state.show(Notice(ErrorText.sentence(error), kind: .error))
            }
            context.setNeedsDisplay()
        }
        return .handled
    }

    /// Marks at once what fits on the screen; asks about more.
    private func confirmMarkingRead(_ marking: MarkAllRead) {
        guard marking.count > max(layout.bodyRows, 1) else { return markRead(marking) }
        markAllQuestion = marking
        state.show(Notice("Mark \(CountText.grouped(marking.count)) articles read? y/n", kind: .question))
    }

    /// The answer to "Mark … articles read? y/n": `y` marks them, any other key does not.
    func answerMarkAllQuestion(_ key: Key) -> KeyOutcome {
        guard let marking = markAllQuestion else { return .ignored }
        markAllQuestion = nil
        if key == .character("y") || key == .character("Y") {
            markRead(marking)
        } else {
            state.show(Notice("Nothing marked."))
        }
        return .handled
    }

    private func markRead(_ marking: MarkAllRead) {
        if let ids = marking.ids {
            library.markRead(ids)
            let marked = Set(ids)
            for var row in state.rows where !row.isRead && row.id.map(marked.contains) == true {
                row.isRead = true
                row.isNew = false
                update(row)
            }
            filterPool?.setRead(true, ids)
        } else {
            library.markAllRead(articles)
        }
        let what = marking.ids == nil ? "Every article of \(state.sourceName)" : "Every article the filter shows"
        state.show(Notice(what + " is marked read" + (marking.count > 0 ? " (u undoes it)." : ".")))
    }

    /// The unread articles the filter lets through (the state holds a window of them).
    private var filteredUnread: [ArticleID] {
        guard let pool = filterPool else { return state.rows.filter { !$0.isRead }.compactMap(\.id) }
        return filterMatches.filter(pool.isUnread).map(pool.id)
    }

    /// `u`: the library undoes the last marking once it is written; its notice says what it did.
    func undoLastMarking() -> KeyOutcome {
        library.undoLastMarking()
        return .handled
    }
}
