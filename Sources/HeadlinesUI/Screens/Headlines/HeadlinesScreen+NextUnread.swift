import FoundationEssentials
import NewsCore
import HeadlinesSession

/// The next (or previous) unread article: in the list, then in the next (or previous) source
/// with unread articles, as newsboat's `next-unread` and `prev-unread` walk them.
extension HeadlinesScreen {
    /// `n`: the next unread article after the selection (the rows read so far, then the next
    /// pages); after a source's last, the first of the next source with unread articles (the
    /// list becomes that source's). `p` (`backwards`): the previous one among the rows read,
    /// then the last of the previous source with unread articles. `found` hears of the row
    /// selected, or nil. `rowsJustRead`: called from the re-read's own result, which still counts as running.
    func nextUnread(_ context: ScreenContext, backwards: Bool = false, rowsJustRead: Bool = false, found: NextUnread.Found? = nil)
        -> KeyOutcome
    {
        var request = pendingNextUnread ?? NextUnread(fromStart: false, backwards: backwards, movedOn: nil, found: found)
        pendingNextUnread = nil
        if request.backwards { return previousUnread(request, context) }
        let selection = request.fromStart ? -1 : state.scroll.selection
        if let index = state.unreadIndex(after: selection) {
            state.select(index)
            readMoreIfNeeded(context)
            request.finish(state.row(at: index), in: self)
            return .handled
        }
        guard state.hasMore, state.filter == nil, let read = state.window.read(.after(limit: ListWindow.largestRead), in: library) else {
            noUnreadLeft(request, context)
            return .handled
        }
        // Pending until a read answers it: this one, or a re-read of the list's first rows,
        // which cancels this one (its cursor is then stale) and asks again when it is in.
        request.fromStart = false
        pendingNextUnread = request
        guard rowsJustRead || !context.scope.isRunning(.page) else { return .handled }
        context.scope.run(.morePage, work: { try await read.run() }) { [weak self] result in
            guard let self, let request = self.pendingNextUnread else { return }
            self.pendingNextUnread = nil
            guard case .success(let page) = result else { return }  // a failed read leaves the selection where it is
            self.state.take(page, new: self.library.newArticles)
            if let index = self.state.unreadIndex(after: selection) {
                self.state.select(index)
                request.finish(self.state.row(at: index), in: self)
            } else {
                self.noUnreadLeft(request, context)
            }
            context.setNeedsDisplay()
        }
        return .handled
    }

    /// `p`: the unread row before the selection among the rows read (from the end of them once
    /// the list moved back to another source), else the previous source's.
    private func previousUnread(_ request: NextUnread, _ context: ScreenContext) -> KeyOutcome {
        let selection = request.fromStart ? state.offset + state.rows.count : state.scroll.selection
        if let index = state.unreadIndex(before: selection) {
            state.select(index)
            readMoreIfNeeded(context)
            request.finish(state.row(at: index), in: self)
        } else {
            noUnreadLeft(request, context)
        }
        return .handled
    }

    /// This list has no unread article after (before) the selection: a source's list moves on to
    /// the next (previous) source that has some (once per key), and says which; any other list
    /// says there is none.
    private func noUnreadLeft(_ request: NextUnread, _ context: ScreenContext) {
        guard request.movedOn == nil, state.filter == nil, case .source(let key) = articles,
            let next = sourceWithUnread(after: key, backwards: request.backwards)
        else {
            let word = request.backwards ? "before" : "after"
            state.show(Notice(request.movedOn.map { "No unread article left in \($0)." } ?? "No unread article \(word) this one."))
            request.finish(nil, in: self)
            return
        }
        let name = library.entry(next)?.source.name ?? next.rawValue
        show(.source(next), title: name, context)
        var moved = request
        moved.fromStart = true
        moved.movedOn = name
        pendingNextUnread = moved
    }

    /// The first source after `key` (before it, `backwards`), in the Sources screen's order and
    /// round the ends, whose unread count is above zero.
    func sourceWithUnread(after key: SourceKey, backwards: Bool = false) -> SourceKey? {
        SourceOrder(library).beside(key, backwards: backwards) { (library.summaries[$0]?.unreadCount ?? 0) > 0 }
    }
}

/// The sources in the Sources screen's order (groups together), for walking from one to the next.
@MainActor
struct SourceOrder {
    let keys: [SourceKey]

    init(_ library: Library) {
        keys = SourcesState(entries: library.entries).rows.compactMap { row -> SourceKey? in
            if case .source(let key, _) = row { return key } else { return nil }
        }
    }

    /// The first source after `key` (before it, `backwards`), round the ends, that `matches`.
    func beside(_ key: SourceKey, backwards: Bool = false, where matches: (SourceKey) -> Bool = { _ in true }) -> SourceKey? {
        guard let index = keys.firstIndex(of: key) else { return nil }
        let after = Array(keys[(index + 1)...] + keys[..<index])
        return (backwards ? after.reversed() : after).first(where: matches)
    }
}
