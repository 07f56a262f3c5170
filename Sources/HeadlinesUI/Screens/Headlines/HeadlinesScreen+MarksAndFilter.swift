import FoundationEssentials
import NewsCore

/// Marks (read, starred), the next unread article, and the `/` filter.
extension HeadlinesScreen {
    /// Enter: the article screen, the one way in (it marks the row read through `marksChanged`).
    func open(_ row: ListRow) -> KeyOutcome {
        .push(ArticleScreen(row: row, list: self, services: services))
    }

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
            let ids = filteredRows.filter { !$0.isRead }.compactMap(\.id)
            confirmMarkingRead(MarkAllRead(count: ids.count, ids: ids))
            return .handled
        }
        let store = library.store
        let scope = self.scope
        context.scope.run(.unreadCount, work: { try await store.count(scope, unreadOnly: true) }) { [weak self] result in
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
            for var row in filteredRows where !row.isRead {
                row.isRead = true
                row.isNew = false
                update(row)
            }
        } else {
            library.markAllRead(scope)
        }
        let what = marking.ids == nil ? "Every article of \(state.sourceName)" : "Every article the filter shows"
        state.show(Notice(what + " is marked read" + (marking.count > 0 ? " (u undoes it)." : ".")))
    }

    /// Every row the filter lets through (the state holds a window of them).
    private var filteredRows: [ListRow] {
        guard let pool = filterPool else { return state.rows }
        return filterMatches.map { pool.rows[Int($0)] }
    }

    /// `u`: the library undoes the last marking once it is written; its notice says what it did.
    func undoLastMarking() -> KeyOutcome {
        library.undoLastMarking()
        return .handled
    }

    /// `n`: the next unread article after the selection (the rows read so far, then the next
    /// pages); after a source's last, the first of the next source with unread articles (the
    /// list becomes that source's). `found` hears of the row selected, or nil.
    /// `rowsJustRead`: called from the re-read's own result, which still counts as running.
    func nextUnread(_ context: ScreenContext, rowsJustRead: Bool = false, found: NextUnread.Found? = nil) -> KeyOutcome {
        var request = pendingNextUnread ?? NextUnread(fromStart: false, movedOn: nil, found: found)
        pendingNextUnread = nil
        let selection = request.fromStart ? -1 : state.scroll.selection
        if let index = state.unreadIndex(after: selection) {
            state.select(index)
            readMoreIfNeeded(context)
            request.finish(state.row(at: index), in: self)
            return .handled
        }
        guard let cursor = state.next, state.filter == nil else {
            noUnreadLeft(request, context)
            return .handled
        }
        let store = library.store
        let scope = self.scope
        // Pending until a read answers it: this one, or a re-read of the list's first rows,
        // which cancels this one (its cursor is then stale) and asks again when it is in.
        request.fromStart = false
        pendingNextUnread = request
        guard rowsJustRead || !context.scope.isRunning(.page) else { return .handled }
        let view = self.view
        context.scope.run(
            .morePage,
            work: {
                try await store.page(
                    scope, after: cursor, limit: ArticleStore.maxPageSize, unreadOnly: view.unreadOnly, stillShown: view.stillShown, order: view.order)
            }
        ) { [weak self] result in
            guard let self, let request = self.pendingNextUnread else { return }
            self.pendingNextUnread = nil
            guard case .success(let page) = result else { return }  // a failed read leaves the selection where it is
            self.state.append(page.articles.map { ListRow($0) }, next: page.next)
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

    /// This list has no unread article after the selection: a source's list moves on to the next
    /// source that has some (once per `n`), and says which; any other list says there is none.
    private func noUnreadLeft(_ request: NextUnread, _ context: ScreenContext) {
        guard request.movedOn == nil, state.filter == nil, case .source(let key) = scope, let next = nextSourceWithUnread(after: key) else {
            state.show(Notice(request.movedOn.map { "No unread article left in \($0)." } ?? "No unread article after this one."))
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

    /// The first source after `key`, in the Sources screen's order and round to the start,
    /// whose unread count is above zero.
    func nextSourceWithUnread(after key: SourceKey) -> SourceKey? {
        let order = SourcesState(entries: library.entries).rows.compactMap { row -> SourceKey? in
            if case .source(let key, _) = row { return key } else { return nil }
        }
        guard let index = order.firstIndex(of: key) else { return nil }
        let after = order[(index + 1)...] + order[..<index]
        return after.first { (library.summaries[$0]?.unreadCount ?? 0) > 0 }
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

    // MARK: - The filter

    /// `/`: reads the list's headings once, then filters them on every key.
    func beginFilter(_ context: ScreenContext) -> KeyOutcome {
        state.beginFilter()
        guard filterPool == nil else { return .handled }
        let store = library.store
        let scope = self.scope
        let view = self.view
        context.scope.run(.filter, work: { try await store.headings(scope, unreadOnly: view.unreadOnly, stillShown: view.stillShown, order: view.order) }) {
            [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let headings):
                self.filterPool = ListFilter(rows: headings.map { ListRow($0) })
                self.applyFilter()
            case .failure(let error):
                self.state.show(Notice(ErrorText.sentence(error), kind: .error))
            }
            context.setNeedsDisplay()
        }
        return .handled
    }

    func typeInFilter(_ key: Key) -> KeyOutcome {
        guard state.editFilter(key) else { return .ignored }  // matched at once when the headings are in, else when they come
        applyFilter()
        return .handled
    }

    /// Matches the filter's text against every heading; the selected article stays selected
    /// when it is still let through.
    func applyFilter() {
        guard let text = state.filter else { return }
        if text.hasPrefix("=") { return applyFilterExpression(String(text.dropFirst())) }
        guard let matches = filterPool?.matches(text) else { return }
        showFilterMatches(matches)
    }

    /// The filter's answer becomes the rows shown, the selected article kept when it is in it.
    func showFilterMatches(_ matches: [Int32]) {
        let selected = filterMatches.indices.contains(state.scroll.selection) ? filterMatches[state.scroll.selection] : nil
        filterMatches = matches
        var selection = min(state.scroll.selection, max(0, matches.count - 1))
        if let selected, let index = Self.position(of: selected, in: matches) { selection = index }
        showFilterWindow(selection: selection)
    }

    /// Text typed after `/=` is a filter expression: once it parses, the cache says which of the
    /// list's articles pass it (in SQL, the latest text winning); until then the rows stay and
    /// the status bar says what is wrong and where (the column counts the `=`).
    func applyFilterExpression(_ text: String) {
        context?.scope.cancel(.filterExpression)
        let filter: ArticleFilter
        do {
            filter = try ArticleFilter(text)
        } catch {
            state.show(Notice("Filter: \(error.reason) at column \(error.column + 1).", kind: .error))
            return
        }
        state.show(nil)
        guard let context, let pool = filterPool else { return }
        let store = library.store
        let scope = ArticleScope.filtered(self.scope, filter)
        let view = self.view
        context.scope.run(
            .filterExpression, work: { try await store.headings(scope, unreadOnly: view.unreadOnly, stillShown: view.stillShown, order: view.order).map(\.id) }
        ) { [weak self] result in
            guard let self, self.state.filter == "=" + text else { return }
            switch result {
            case .success(let ids):
                let passing = Set(ids)
                self.showFilterMatches(
                    pool.rows.indices.compactMap { index in
                        pool.rows[index].id.map { passing.contains($0) } == true ? Int32(index) : nil
                    })
            case .failure(let error):
                self.state.show(Notice(ErrorText.sentence(error), kind: .error))
            }
            context.setNeedsDisplay()
        }
    }

    /// The rows of the filter's answer around `selection` become the state's window.
    func showFilterWindow(selection: Int) {
        guard let pool = filterPool, let text = state.filter else { return }
        let start = max(0, min(selection - Self.filterWindow / 2, filterMatches.count - Self.filterWindow))
        let end = min(filterMatches.count, start + Self.filterWindow)
        let window = filterMatches[start..<end].map { pool.rows[Int($0)] }
        state.setFilter(text, window: window, offset: start, total: filterMatches.count, selection: selection)
    }

    /// Keeps the filter's window around the selection as it moves.
    func moveFilterWindowIfNeeded() {
        let selection = state.scroll.selection
        let margin = max(layout.bodyRows, 1) * 2
        let nearStart = selection < state.offset + margin && state.offset > 0
        let nearEnd = selection >= state.windowEnd - margin && state.windowEnd < state.total
        if nearStart || nearEnd { showFilterWindow(selection: selection) }
    }

    /// Where `index` is in the ascending `indices`.
    static func position(of index: Int32, in indices: [Int32]) -> Int? {
        var low = 0
        var high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if indices[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < indices.count && indices[low] == index ? low : nil
    }

    /// Esc: the whole list again.
    func clearFilter(_ context: ScreenContext) -> KeyOutcome {
        state.clearFilter()
        filterPool = nil
        filterMatches = []
        context.scope.cancel(.filter)
        context.scope.cancel(.filterExpression)
        readRows(context)
        return .handled
    }

    /// `s` and `U`: the list read again from its top in the new order, or with read articles
    /// shown or hidden; for the session, on every list (a filter is cleared: its rows are in the old view).
    func changeView(_ context: ScreenContext, order: ListOrder? = nil, showRead: Bool? = nil) -> KeyOutcome {
        if let order { services.listOrder = order }
        if let showRead { services.showsRead = showRead }
        stillShown = []  // the new view shows what it shows
        if state.filter != nil {
            state.clearFilter()
            filterPool = nil
            filterMatches = []
            context.scope.cancel(.filter)
        }
        state.startAfresh()
        readRows(context, from: .top)
        state.show(Notice(order.map { "Sorted \($0.label)." } ?? (services.showsRead ? "Showing every article." : "Showing unread articles only.")))
        return .handled
    }
}
