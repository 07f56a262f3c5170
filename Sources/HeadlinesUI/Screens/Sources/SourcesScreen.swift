import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// The first screen when the config names several sources: one row per source (under its
/// group), with its article count and how its last load went, and "All" first. Every source
/// loads at once when it opens; each row updates as its own load ends.
@MainActor
package final class SourcesScreen: Screen {
    package let kind = ScreenKind.sources
    package private(set) var state: SourcesState
    private let services: AppServices
    private var layout = ScreenLayout(width: 0, height: 0)
    private var hints = ""
    /// The start's refresh waits for the counts from the cache to be drawn (see `HeadlinesScreen.refreshesAfterFirstRows`).
    private var refreshesAfterCounts = false
    /// `A` or `C` asked "Mark … articles read? y/n": the next key answers.
    private var markQuestion: (count: Int, scope: ArticleScope, name: String)?

    package init(services: AppServices) {
        self.services = services
        state = SourcesState(entries: services.library.entries, queries: services.library.queries.map(\.name), tags: services.library.tags)
    }

    private var library: Library { services.library }

    package func didAppear(_ context: ScreenContext) {
        hints = context.hints(kind.hintedActions, on: kind)
        library.observe(self) { [weak self] event in self?.libraryChanged(event, context) }
        library.reloadCounts()
        refreshesAfterCounts = services.settings.refreshOnStart
        if refreshesAfterCounts { library.announceRefresh(library.keys) }
        state.show(services.startupNotice)
    }

    private func libraryChanged(_ event: Library.Event, _ context: ScreenContext) {
        if case .phase = event {
            updateSpinner(context)
            hideReadSources()  // a source that starts failing shows, one that recovers may go
        }
        if case .entries = event {
            state.replaceEntries(library.entries, queries: library.queries.map(\.name), tags: library.tags)
            hideReadSources()
        }
        if case .counts = event {
            hideReadSources()
            if refreshesAfterCounts {
                refreshesAfterCounts = false
                context.afterNextFrame { [weak self] in self.map { $0.library.refreshAll(in: context.scope) } }
            }
        }
        if case .undone(let sentence) = event { state.show(Notice(sentence)) }
        if case .writeFailed(let sentence) = event { state.show(Notice(sentence, kind: .error)) }
        // A refresh kept in memory while another instance writes the cache says so here too.
        if case .refreshed(_, let report) = event, report.isKept, let sentence = report.notes.first { state.show(Notice(sentence)) }
        context.setNeedsDisplay()
    }

    private func updateSpinner(_ context: ScreenContext) {
        if library.isLoading {
            guard !context.scope.isRunning(.spinner) else { return }
            context.startTicker(.spinner) { [weak self] in self?.state.tick() }
        } else {
            context.scope.cancel(.spinner)
        }
    }

    package func takeNotice() -> Notice? { state.takeNotice() }

    package func render(into canvas: inout Canvas) {
        layout = ScreenLayout(canvas)
        state.fit(rows: layout.bodyRows)
        var view = SourcesView(state: state, layout: layout, library: library, now: services.now())
        view.keyHints = hints
        view.rowFormat = services.settings.sourceListFormat
        view.downloadsSummary = DownloadsText.summary(services.downloads)
        view.render(into: &canvas)
    }

    /// `show-read-sources = no`: the sources with nothing unread (once counted) are left out,
    /// but never one that fails (a dead feed must not vanish unseen); `yes` (after a reload) shows them all again.
    private func hideReadSources() {
        guard !services.settings.showReadSources else { return state.hideReadSources([]) }
        let read = library.entries.map(\.key).filter { key in
            switch library.phase(of: key) {
            case .failed, .waiting: return false
            case .idle, .loading: return library.summaries[key].map { $0.unreadCount == 0 } ?? false
            }
        }
        state.hideReadSources(Set(read))
    }

    /// While the filter is typed, letters go to it (typing "Kern" presses no `r`); a question's answer is one key.
    package var capturesText: Bool { state.isTypingFilter || markQuestion != nil }
    package var takesPastedText: Bool { state.isTypingFilter }

    package func handle(unbound key: Key, _ context: ScreenContext) -> KeyOutcome {
        if markQuestion != nil { return answerMarkQuestion(key) }
        guard state.isTypingFilter, state.typeInFilter(key) else { return .ignored }
        return .handled
    }

    package func click(column: Int, row: Int, count: Int, _ context: ScreenContext) -> KeyOutcome {
        state.show(nil)
        return clickRow(row, count: count, scroll: state.scroll, layout: layout, context) { state.move($0) }
    }

    package func perform(_ action: Action, _ context: ScreenContext) -> KeyOutcome {
        // Any key but y answers "Mark … articles read?" with no.
        if markQuestion != nil { return answerMarkQuestion(.escape) }
        state.show(nil)
        if let movement = Movement(action, pageRows: layout.bodyRows) {
            state.move(movement)
            return .handled
        }
        switch action {
        case .read where state.isTypingFilter:
            state.endFilterTyping()
        case .read:
            // Leaving the filter with Enter ends it: coming back shows every source.
            let row = state.selectedRow
            if state.filter != nil { state.clearFilter() }
            return open(row)
        case .filter:
            state.beginFilter()
        case .back where state.filter != nil:
            state.clearFilter()
        case .back where state.showsTags, .tags:
            state.toggleTags()
        case .reload:
            switch state.selectedRow {
            case .source(let key, _): library.refresh([key], in: context.scope)
            case .tag(_, let keys): library.refresh(keys, in: context.scope)
            case .query(let name):
                guard let query = library.queries.first(where: { $0.name == name }) else { return .ignored }
                library.refresh(HeadlinesScreen.sourceKeys(of: library.scope(of: query), library), in: context.scope)
            default: library.refreshAll(in: context.scope)
            }
            updateSpinner(context)
        case .reloadAll:
            // R reads the config again first: a source added meanwhile (--add) is refreshed too.
            if let notice = services.reloadConfig(quietWhenUnchanged: true) { state.show(notice) }
            library.refreshAll(in: context.scope)
            updateSpinner(context)
        case .markAllRead:
            return markRead(state.selectedRow, context)
        case .markEverythingRead:
            return ask(count: library.unreadCount, scope: .sources(library.keys), name: "every source", always: true)
        case .undo:
            library.undoLastMarking()
        case .nextUnread, .previousUnread:
            return readUnread(backwards: action == .previousUnread)
        case .downloads:
            return .push(DownloadsScreen(services: services))
        case .search:
            return .push(SearchScreen(services: services))
        default:
            return .ignored
        }
        return .handled
    }

    /// The articles a row stands for, and its name for the question.
    private func scope(of row: SourcesState.Row?) -> (ArticleScope, String, [SourceKey])? {
        switch row {
        case .all: return (.sources(library.keys), "All", library.keys)
        case .starred: return (.starred, "Starred", [])
        case .source(let key, let name): return (.source(key), name, [key])
        case .heading(let group):
            let keys = state.sources(in: group)
            return (.sources(keys), group, keys)
        case .query(let name):
            guard let query = library.queries.first(where: { $0.name == name }) else { return nil }
            let scope = library.scope(of: query)
            return (scope, name, HeadlinesScreen.sourceKeys(of: scope, library))
        case .tag(let tag, let keys): return (.sources(keys), "#" + tag, keys)
        case nil: return nil
        }
    }

    /// `A`: the selected row's articles read, asking first (as in lists) when they are more than a
    /// screenful; `u` undoes it. The count of a query feed or Starred is read first.
    private func markRead(_ row: SourcesState.Row?, _ context: ScreenContext) -> KeyOutcome {
        guard let (scope, name, keys) = self.scope(of: row) else { return .ignored }
        switch row {
        case .query, .starred:
            let library = self.library
            context.scope.run(.unreadCount, work: { try await library.unreadCount(in: scope) }) { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let count): _ = self.ask(count: count, scope: scope, name: name, always: false)
                case .failure(let error): self.state.show(Notice(ErrorText.sentence(error), kind: .error))
                }
                context.setNeedsDisplay()
            }
            return .handled
        default:
            let count = keys.reduce(0) { $0 + (library.summaries[$1]?.unreadCount ?? 0) }
            return ask(count: count, scope: scope, name: name, always: false)
        }
    }

    /// Marks at once what fits on a screen; asks about more (`always`: whatever the count, as `C` does).
    private func ask(count: Int, scope: ArticleScope, name: String, always: Bool) -> KeyOutcome {
        guard count > 0 else {
            state.show(Notice("Nothing unread in \(name)."))
            return .handled
        }
        guard always || count > max(layout.bodyRows, 1) else {
            markRead(scope, name: name, count: count)
            return .handled
        }
        markQuestion = (count, scope, name)
        let articles = count == 1 ? "1 article" : "\(CountText.grouped(count)) articles"
        state.show(Notice("Mark \(articles) of \(name) read? y/n", kind: .question))
        return .handled
    }

    private func answerMarkQuestion(_ key: Key) -> KeyOutcome {
        guard let question = markQuestion else { return .ignored }
        markQuestion = nil
        if key == .character("y") || key == .character("Y") {
            markRead(question.scope, name: question.name, count: question.count)
        } else {
            state.show(Notice("Nothing marked."))
        }
        return .handled
    }

    private func markRead(_ scope: ArticleScope, name: String, count: Int) {
        library.markAllRead(scope)
        state.show(Notice("Every article of \(name) is marked read (u undoes it)."))
    }

    /// `n`: the next source after the selection (round to the top) with unread articles.
    /// `n` (`p`, `backwards`): the next (previous) source with unread articles after the
    /// selection, round the ends, selected, its list opened and its first (last) unread article
    /// read, as newsboat's `next-unread` does from its feed list. Going back lands on that list, then here on that source.
    private func readUnread(backwards: Bool) -> KeyOutcome {
        let rows = state.rows
        guard !rows.isEmpty else { return .handled }
        let start = state.scroll.selection
        for step in 1...rows.count {
            let index = (start + (backwards ? rows.count - step : step)) % rows.count
            guard case .source(let key, let name) = rows[index], (library.summaries[key]?.unreadCount ?? 0) > 0 else { continue }
            state.select(index)
            let list = sourceList(key, name)
            list.pendingNextUnread = NextUnread(fromStart: true, backwards: backwards, movedOn: nil) { [weak list] row, _ in
                list?.openFound(row)
            }
            return .push(list)
        }
        state.show(Notice("No source has unread articles."))
        return .handled
    }

    /// A source's list; when `n`, `p`, `J` or `K` move it to another source, this screen's
    /// selection follows, so going back lands on the source last read.
    private func sourceList(_ key: SourceKey, _ name: String) -> HeadlinesScreen {
        let list = HeadlinesScreen(articles: .source(key), title: name, services: services)
        list.onSourceShown = { [weak self] key in self?.state.selectSource(key) }
        return list
    }

    private func open(_ row: SourcesState.Row?) -> KeyOutcome {
        list(for: row).map { .push($0) } ?? .ignored
    }

    /// The list a row opens: All, Starred, a source's, a group's, a query feed's or a tag's;
    /// nil for none (no row, a query the config no longer has).
    private func list(for row: SourcesState.Row?) -> HeadlinesScreen? {
        switch row {
        case .all: return HeadlinesScreen(articles: .sources(library.keys), title: "All", services: services)
        case .starred: return HeadlinesScreen(articles: .starred, title: "Starred", services: services)
        case .source(let key, let name): return sourceList(key, name)
        case .heading(let group): return HeadlinesScreen(articles: .sources(state.sources(in: group)), title: group, services: services)
        case .query(let name):
            guard let query = library.queries.first(where: { $0.name == name }) else { return nil }
            return HeadlinesScreen(articles: library.scope(of: query), title: name, services: services)
        case .tag(let tag, let keys): return HeadlinesScreen(articles: .sources(keys), title: "Tag: " + tag, services: services)
        case nil: return nil
        }
    }

    /// The list of the selected row, for the list pane beside this one (a filter typed stays).
    package func listForSelection() -> HeadlinesScreen? { list(for: state.selectedRow) }
}
