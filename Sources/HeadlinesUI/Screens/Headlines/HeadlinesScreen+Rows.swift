import FoundationEssentials
import NewsCore

/// Reading the list from the cache, and following the library's refreshes.
extension HeadlinesScreen {
    /// Reads the list's first rows again (as many as are shown now, at least a page).
    func readRows(_ context: ScreenContext) {
        let store = library.store
        let scope = self.scope
        let limit = min(ArticleStore.maxPageSize, max(Self.pageSize, state.rows.count))
        context.scope.cancel(.morePage)  // its cursor belongs to the rows this read replaces
        context.scope.run(.page, work: {
            let page = try await store.page(scope, limit: limit)
            let total = try await store.count(scope)
            return (page, total)
        }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let (page, total)):
                let rows = page.articles.map { ListRow($0, isNew: self.newArticleIDs.contains($0.id)) }
                // A filter begun meanwhile keeps its rows; clearing it reads the list again.
                if self.state.filter == nil { self.state.show(rows, total: total, next: page.next) }
                self.updatePhase(context, rowsRead: true)
                if self.pendingNextUnread != nil { _ = self.nextUnread(context, rowsJustRead: true) }
            case .failure(let error):
                self.pendingNextUnread?.finish(nil, in: self)
                self.pendingNextUnread = nil
                self.state.failLoad(ErrorText.sentence(error))
            }
            context.setNeedsDisplay()
        }
    }

    /// Reads the next page when the selection comes within a page of the last row read.
    func readMoreIfNeeded(_ context: ScreenContext) {
        guard let cursor = state.next, !context.scope.isRunning(.page), !context.scope.isRunning(.morePage),
              state.scroll.selection >= state.rows.count - max(layout.bodyRows, 1) * 2 else { return }
        let store = library.store
        let scope = self.scope
        context.scope.run(.morePage, work: { try await store.page(scope, after: cursor, limit: Self.pageSize) }) { [weak self] result in
            // A failed read leaves the rows read so far; so does one the list moved on from.
            guard let self, case .success(let page) = result, self.state.next == cursor else { return }
            self.state.append(page.articles.map { ListRow($0, isNew: self.newArticleIDs.contains($0.id)) }, next: page.next)
            context.setNeedsDisplay()
        }
    }

    func libraryChanged(_ event: Library.Event, _ context: ScreenContext) {
        switch event {
        case .phase(let key) where sourceKeys.contains(key):
            updatePhase(context)
        case .refreshed(let key, let report) where (sourceKeys.contains(key) || scope == .starred) && state.filter == nil:
            if let note = report.notes.first { state.show(Notice(note)) }
            state.setSkipped(report.skipped)
            // Marked new only when they join a list the reader already had: on a first load all are new.
            if !state.rows.isEmpty { newArticleIDs.formUnion(report.added) }
            readRows(context)
        case .marks where state.filter == nil:
            readRows(context)
        case .markFailed(let message):
            state.show(Notice(message, kind: .error))
        case .undone(let sentence):
            state.show(Notice(sentence))
        default:
            return
        }
        context.setNeedsDisplay()
    }

    /// The list's phase from its sources': loading while any loads, or while the rows a refresh
    /// brought are still being read (so "No articles" never flashes); a single source's failure in words.
    func updatePhase(_ context: ScreenContext, rowsRead: Bool = false) {
        let phases = sourceKeys.map { library.phase(of: $0) }
        if phases.contains(.loading) || (!rowsRead && context.scope.isRunning(.page)) {
            if !state.isLoading {
                state.beginLoad()
                context.startTicker(.spinner) { [weak self] in self?.state.tick() }
            }
            return
        }
        context.scope.cancel(.spinner)
        let failures = phases.compactMap { phase -> String? in
            switch phase {
            case .failed(let message): return message
            case .waiting(let until): return "Waiting until \(DateText.time(until)) (the server asked for a pause)."
            default: return nil
            }
        }
        if failures.isEmpty || (sourceKeys.count > 1 && failures.count < sourceKeys.count) {
            state.endLoad(at: sourceKeys.compactMap { library.summaries[$0]?.refresh.lastSuccess }.max() ?? services.now())
            if failures.count > 0 { state.show(Notice("\(failures.count) of \(sourceKeys.count) sources failed to load.", kind: .error)) }
        } else if failures.count == 1 {
            state.failLoad(failures[0])
        } else {
            state.failLoad("Every source failed to load.")
        }
    }
}
