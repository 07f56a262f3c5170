import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// The `/` filter, and the list's view: its order and whether read articles show.
extension HeadlinesScreen {
    /// `/`: reads the list's headings once (ids and folded text: see `HeadingIndex`), then
    /// filters them on every key; the rows shown are read by id as the window moves.
    func beginFilter(_ context: ScreenContext) -> KeyOutcome {
        state.beginFilter()
        guard filterPool == nil else { return .handled }
        let library = self.library
        let query = self.query
        context.scope.run(.filter, work: { try await query.headingIndex(in: library) }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let index):
                self.filterPool = ListFilter(index: index, rows: self.state.rows)
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
        let library = self.library
        let query = self.query
        context.scope.run(.filterExpression, work: { try await query.headingIndex(passing: filter, in: library).ids }) { [weak self] result in
            guard let self, self.state.filter == "=" + text else { return }
            switch result {
            case .success(let ids):
                let passing = Set(ids)
                self.showFilterMatches((0..<Int32(pool.count)).filter { passing.contains(pool.id($0)) })
            case .failure(let error):
                self.state.show(Notice(ErrorText.sentence(error), kind: .error))
            }
            context.setNeedsDisplay()
        }
    }

    /// The rows of the filter's answer around `selection` become the state's window, once
    /// those not read yet are read from the cache (the rows shown until then stay).
    func showFilterWindow(selection: Int) {
        guard let pool = filterPool, let text = state.filter else { return }
        let start = max(0, min(selection - Self.filterWindow / 2, filterMatches.count - Self.filterWindow))
        let end = min(filterMatches.count, start + Self.filterWindow)
        let ids = filterMatches[start..<end].map(pool.id)
        let unread = ids.filter { pool.row($0) == nil }
        guard unread.isEmpty else { return readFilterRows(unread, selection: selection) }
        context?.scope.cancel(.filterRows)  // an older window's rows must not replace this one
        state.setFilter(text, window: ids.compactMap(pool.row), offset: start, total: filterMatches.count, selection: selection)
    }

    /// Reads the rows of `ids` for the filter's window, then shows it; those the cache no longer
    /// holds (pruned meanwhile) leave the filter's answer.
    private func readFilterRows(_ ids: [ArticleID], selection: Int) {
        guard let context else { return }
        let library = self.library
        context.scope.run(.filterRows, work: { try await library.store.headings(ids: ids) }) { [weak self] result in
            guard let self, self.filterPool != nil else { return }
            switch result {
            case .success(let found):
                self.filterPool?.add(found.values.map { ListRow($0) })
                let gone = Set(ids).subtracting(found.keys)
                if gone.isEmpty {
                    self.showFilterWindow(selection: selection)
                } else {
                    self.filterPool?.forget(gone)
                    self.applyFilter()
                }
            case .failure(let error):
                self.state.show(Notice(ErrorText.sentence(error), kind: .error))
            }
            context.setNeedsDisplayNow()  // the rows the reader's key asked for
        }
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
        context.scope.cancel(.filterRows)
        readRows(context)
        return .handled
    }

    /// `s` and `U`: the list read again from its top in the new order, or with read articles
    /// shown or hidden; for the session, on every list (a filter is cleared: its rows are in the old view).
    func changeView(_ context: ScreenContext, order: ListOrder? = nil, showRead: Bool? = nil) -> KeyOutcome {
        if let order { services.settings.listOrder = order }
        if let showRead { services.settings.showsRead = showRead }
        stillShown = []  // the new view shows what it shows
        if state.filter != nil {
            state.clearFilter()
            filterPool = nil
            filterMatches = []
            context.scope.cancel(.filter)
        }
        state.startAfresh()
        readRows(context, from: .top)
        state.show(Notice(order.map { "Sorted \($0.label)." } ?? (services.settings.showsRead ? "Showing every article." : "Showing unread articles only.")))
        return .handled
    }
}

extension TaskKey {
    /// Reading a list's headings for the filter.
    static let filter = TaskKey("filter")
    /// Asking the cache which of them pass a filter expression (`/` then `=`).
    static let filterExpression = TaskKey("filter-expression")
    /// Reading the rows of the filter's window.
    static let filterRows = TaskKey("filter-rows")
}
