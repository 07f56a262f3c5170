import FoundationEssentials
import NewsCore
import HeadlinesSession

/// Reading the list from the cache, and following the library's refreshes.
extension HeadlinesScreen {
    /// Where a read of the list starts.
    enum Anchor {
        /// The window the reader is in: the list's end when it was read from there, else its top.
        case window
        /// The list's top, read again in another view (`s`, `U`).
        case top
        /// The list's top after `g` far from the rows read: a screenful or two, the count as it was.
        case jumpToTop
    }

    /// Rows read at once on a jump (`G`, `g`) far from those read: the screen's, so the jump
    /// costs a frame (list rows carry their text); the page beyond follows at once, unseen.
    var jumpPage: Int { max(layout.bodyRows + 2, 10) }

    /// Reads the rows the reader sees again (as many as are read now, at least a page), and
    /// the list's true total.
    func readRows(_ context: ScreenContext, from anchor: Anchor = .window) {
        let fromEnd = anchor == .window && state.offset > 0
        let limit = anchor == .jumpToTop ? jumpPage : min(ListWindow.largestRead, max(ListWindow.pageSize, state.rows.count))
        let known = anchor == .jumpToTop ? state.total : nil
        let reading: ListWindow.Reading = fromEnd ? .end(limit: limit, total: known) : .top(limit: limit, total: known)
        guard let read = state.window.read(reading, of: query, in: library) else { return }
        context.scope.cancel(.morePage)  // its cursor belongs to the rows this read replaces
        context.scope.run(.page, work: { try await read.run() }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page):
                // A filter begun meanwhile keeps its rows; clearing it reads the list again.
                if self.state.filter == nil { self.state.take(page, new: self.library.newArticles) }
                self.placeCursorOnFirstUnread()
                self.updatePhase(context, rowsRead: true)
                if self.pendingNextUnread != nil { _ = self.nextUnread(context, rowsJustRead: true) }
                self.readMoreIfNeeded(context, finishing: .page)
            case .failure(let error):
                self.pendingNextUnread?.finish(nil, in: self)
                self.pendingNextUnread = nil
                self.state.failLoad(ErrorText.sentence(error))
            }
            if anchor == .jumpToTop { context.setNeedsDisplayNow() } else { context.setNeedsDisplay() }
            if self.refreshesAfterFirstRows {
                self.refreshesAfterFirstRows = false
                context.afterNextFrame { [weak self] in self?.reload(context) }
            }
        }
    }

    /// A list just opened shows its first unread article under the cursor (newsboat's habit),
    /// unless the reader moved already or `n` is about to choose.
    private func placeCursorOnFirstUnread() {
        guard placesCursorOnUnread, !state.rows.isEmpty else { return }
        placesCursorOnUnread = false
        guard pendingNextUnread == nil, state.filter == nil, state.scroll.selection == 0, let index = state.unreadIndex(after: -1) else { return }
        state.select(index)
    }

    /// The order and rows the reader asked lists for (`sort`, `show-read`, and their keys), and
    /// the articles read or unstarred in this visit, which stay on their rows.
    var view: ListView { ListView(order: services.settings.listOrder, unreadOnly: !services.settings.showsRead, stillShown: stillShown) }

    /// The list as the cache is asked for it now.
    var query: ListQuery { .list(articles, view) }

    /// Reads the rows around the selection that are not read yet, as the window's policy says
    /// (`ListWindow.readingNeeded`). Each read looks again when it is in (`finishing`: the read
    /// whose result calls this, which still counts as running).
    func readMoreIfNeeded(_ context: ScreenContext, finishing: TaskKey? = nil) {
        guard finishing == .page || !context.scope.isRunning(.page), finishing == .morePage || !context.scope.isRunning(.morePage),
            let reading = state.window.readingNeeded(at: state.scroll.selection, screenRows: layout.bodyRows, jump: jumpPage)
        else { return }
        switch reading {
        case .top: readRows(context, from: .jumpToTop)
        case .end: readEnd(context)
        case .after, .before: readBeside(reading, context)
        }
    }

    /// The page after the window, or before it, as the reader scrolls towards it.
    private func readBeside(_ reading: ListWindow.Reading, _ context: ScreenContext) {
        guard let read = state.window.read(reading, in: library) else { return }
        context.scope.run(.morePage, work: { try await read.run() }) { [weak self] result in
            // A failed read leaves the rows read so far; so does one the list moved on from.
            guard let self, case .success(let page) = result else { return }
            let awaited = self.state.selectedRow == nil  // the reader is on a row of this page
            guard self.state.take(page, new: self.library.newArticles) else { return }
            self.readMoreIfNeeded(context, finishing: .morePage)
            if awaited { context.setNeedsDisplayNow() } else { context.setNeedsDisplay() }
        }
    }

    /// `G` far from the rows read: the list's last page becomes the window.
    private func readEnd(_ context: ScreenContext) {
        guard let read = state.window.read(.end(limit: jumpPage, total: state.total), in: library) else { return }
        context.scope.run(.morePage, work: { try await read.run() }) { [weak self] result in
            guard let self, case .success(let page) = result, self.state.filter == nil else { return }
            self.state.take(page, new: self.library.newArticles)
            self.readMoreIfNeeded(context, finishing: .morePage)
            context.setNeedsDisplayNow()  // the rows G asked for
        }
    }

    func libraryChanged(_ event: Library.Event, _ context: ScreenContext) {
        switch event {
        case .phase(let key) where sourceKeys.contains(key):
            updatePhase(context)
        case .refreshed(let key, let report) where (sourceKeys.contains(key) || articles == .starred) && state.filter == nil:
            if let note = report.notes.first { state.show(Notice(note)) }
            state.setSkipped(report.skipped)
            readRows(context)  // the library marks what the refresh brought new
        case .keptWritten(let key, _, _) where sourceKeys.contains(key) && state.filter == nil:
            readRows(context)
        case .marks where state.filter == nil:
            readRows(context)
        case .writtenElsewhere where state.filter == nil:
            readRows(context)  // another process's articles (marked new) or marks, the cursor kept
        case .writeFailed(let message):
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
        let failures = phases.compactMap(\.problem)
        if failures.isEmpty || (sourceKeys.count > 1 && failures.count < sourceKeys.count) {
            state.endLoad(at: sourceKeys.compactMap { library.summaries[$0]?.refresh.lastSuccess }.max() ?? services.now())
            if failures.count > 0 { state.show(Notice("\(failures.count) of \(sourceKeys.count) sources failed to load.", kind: .error)) }
        } else if Set(failures).count == 1 {
            // One reason for all (one source, or a server's feeds offline together): say it.
            state.failLoad(failures[0])
        } else {
            state.failLoad("Every source failed to load; the Sources screen says why for each.")
        }
    }
}
