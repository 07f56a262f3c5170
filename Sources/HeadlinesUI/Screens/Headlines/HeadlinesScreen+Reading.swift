import FoundationEssentials
import NewsCore

/// Marks (read, starred), the next unread article, and the `/` filter.
extension HeadlinesScreen {
    /// Opening an article marks it read; `N` and `*` on its screen show on its row here too.
    func open(_ row: ListRow) -> KeyOutcome {
        var row = row
        if let id = row.id, !row.isRead {
            row.isRead = true
            row.isNew = false
            newArticleIDs.remove(id)
            update(row)
            library.setRead(true, id)
        }
        return .push(ArticleScreen(article: row.article, services: services, marks: ArticleMarks(row)) { [weak self] marks in
            self?.apply(marks, to: row)
        })
    }

    /// Marks changed on the article's screen: its row (in the list and the filter's pool) shows them.
    func apply(_ marks: ArticleMarks, to row: ListRow) {
        let current = state.rows.first { $0.identity == row.identity } ?? row
        var marked = current
        marked.isRead = marks.isRead
        marked.isStarred = marks.isStarred
        marked.isNew = false
        if let id = marked.id { newArticleIDs.remove(id) }
        update(marked)
    }

    func toggleRead() -> KeyOutcome {
        guard var row = state.selectedRow, let id = row.id else { return .ignored }
        row.isRead.toggle()
        row.isNew = false
        newArticleIDs.remove(id)
        update(row)
        library.setRead(row.isRead, id)
        return .handled
    }

    func toggleStar() -> KeyOutcome {
        guard var row = state.selectedRow, let id = row.id else { return .ignored }
        row.isStarred.toggle()
        update(row)
        library.setStarred(row.isStarred, id)
        state.show(Notice(row.isStarred ? "Starred." : "No longer starred."))
        return .handled
    }

    func markAllRead() -> KeyOutcome {
        library.markAllRead(scope)
        newArticleIDs.removeAll()
        state.show(Notice("Every article of \(state.sourceName) is marked read."))
        return .handled
    }

    /// `n`: the next unread article after the selection (the rows read so far, then the next pages).
    /// `rowsJustRead`: called from the re-read's own result, which still counts as running.
    func nextUnread(_ context: ScreenContext, rowsJustRead: Bool = false) -> KeyOutcome {
        let selection = state.scroll.selection
        if let index = state.unreadIndex(after: selection) {
            state.select(index)
            return .handled
        }
        guard let cursor = state.next, state.filter == nil else {
            state.show(Notice("No unread article after this one."))
            return .handled
        }
        let store = library.store
        let scope = self.scope
        // Pending until a read answers it: this one, or a re-read of the list's first rows,
        // which cancels this one (its cursor is then stale) and asks again when it is in.
        nextUnreadPending = true
        guard rowsJustRead || !context.scope.isRunning(.page) else { return .handled }
        let (order, unreadOnly) = view
        context.scope.run(.morePage, work: {
            try await store.page(scope, after: cursor, limit: ArticleStore.maxPageSize, unreadOnly: unreadOnly, order: order)
        }) { [weak self] result in
            guard let self else { return }
            self.nextUnreadPending = false
            guard case .success(let page) = result else { return }  // a failed read leaves the selection where it is
            self.state.append(page.articles.map { ListRow($0) }, next: page.next)
            if let index = self.state.unreadIndex(after: selection) {
                self.state.select(index)
            } else {
                self.state.show(Notice("No unread article after this one."))
            }
            context.setNeedsDisplay()
        }
        return .handled
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
        let (order, unreadOnly) = view
        context.scope.run(.filter, work: { try await store.headings(scope, unreadOnly: unreadOnly, order: order) }) { [weak self] result in
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
        var text = state.filter ?? ""
        switch key {
        case .character(let character): text.append(character)
        case .backspace: if !text.isEmpty { text.removeLast() }
        default: return .ignored
        }
        state.setFilterText(text)  // matched at once when the headings are in, else when they come
        applyFilter()
        return .handled
    }

    /// Matches the filter's text against every heading; the selected article stays selected
    /// when it is still let through.
    func applyFilter() {
        guard let text = state.filter else { return }
        let selected = filterMatches.indices.contains(state.scroll.selection) ? filterMatches[state.scroll.selection] : nil
        guard let matches = filterPool?.matches(text) else { return }
        filterMatches = matches
        var selection = min(state.scroll.selection, max(0, matches.count - 1))
        if let selected, let index = Self.position(of: selected, in: matches) { selection = index }
        showFilterWindow(selection: selection)
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
        readRows(context)
        return .handled
    }

    /// `s` and `U`: the list read again from its top in the new order, or with read articles
    /// shown or hidden; for the session, on every list (a filter is cleared: its rows are in the old view).
    func changeView(_ context: ScreenContext, order: ListOrder? = nil, showRead: Bool? = nil) -> KeyOutcome {
        if let order { services.listOrder = order }
        if let showRead { services.showsRead = showRead }
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
