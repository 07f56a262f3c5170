import NewsCore
import HeadlinesSession

/// Reading on from the article: `J` and `K` through the list it came from, `n` to the next
/// unread one; and the marks made here, written through the library and shown on the list's row.
extension ArticleScreen {
    /// `N` and `*` are the reader's markings, which `u` undoes; reading it (here or in the browser) is not.
    enum MarkKind { case opened, read, starred }

    /// The marks changed here: to the cache (through the library's one writer) and to the list's row.
    func marked(_ marks: ArticleMarks, write: MarkKind) {
        row.isRead = marks.isRead
        row.isStarred = marks.isStarred
        switch write {
        case .opened: services.library.setRead(marks.isRead, marks.id)
        case .read: services.library.setRead(marks.isRead, marks.id, undoable: true)
        case .starred: services.library.setStarred(marks.isStarred, marks.id)
        }
        list?.marksChanged(marks)
    }

    /// `J`, `K`: the next or previous article of the list.
    func step(by offset: Int, _ context: ScreenContext) {
        guard let list else { return edge(offset) }
        list.row(beside: row, by: offset) { [weak self] next in
            guard let self else { return }
            if let next { self.show(next, context) } else { self.edge(offset) }
            context.setNeedsDisplay()
        }
    }

    private func edge(_ offset: Int) {
        state.show(Notice(offset > 0 ? "This is the last article of the list." : "This is the first article of the list."))
    }

    /// `n`: the next unread article of the list, or of the next source with unread articles;
    /// `p` (`backwards`): the previous one.
    func nextUnread(_ context: ScreenContext, backwards: Bool = false) {
        let none = Notice(backwards ? "No unread article before this one." : "No unread article after this one.")
        guard let list else { return state.show(none) }
        list.nextUnread(after: row, backwards: backwards) { [weak self] found, notice in
            guard let self else { return }
            if let found { self.show(found, context) }
            self.state.show(notice ?? (found == nil ? none : nil))
            context.setNeedsDisplay()
        }
    }
}
