import FoundationEssentials
import NewsCore

/// The first screen when the config names several sources: one row per source (under its
/// group), with its article count and how its last load went, and "All" first. Every source
/// loads at once when it opens; each row updates as its own load ends.
@MainActor
public final class SourcesScreen: Screen {
    public let kind = ScreenKind.sources
    public private(set) var state: SourcesState
    private let services: AppServices
    private var layout = ScreenLayout(width: 0, height: 0)
    private var hints = ""

    public init(services: AppServices) {
        self.services = services
        state = SourcesState(entries: services.library.entries, queries: services.library.queries.map(\.name), tags: services.library.tags)
    }

    private var library: Library { services.library }

    public func didAppear(_ context: ScreenContext) {
        hints = context.hints(kind.hintedActions, on: kind)
        library.observe(self) { [weak self] event in self?.libraryChanged(event, context) }
        library.reloadCounts()
        library.refreshAll(in: context.scope)
        state.show(services.startupNotice)
    }

    private func libraryChanged(_ event: Library.Event, _ context: ScreenContext) {
        if case .phase = event { updateSpinner(context) }
        if case .entries = event { state.replaceEntries(library.entries) }
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

    public func takeNotice() -> Notice? {
        defer { state.show(nil) }
        return state.notice
    }

    public func render(into canvas: inout Canvas) {
        layout = ScreenLayout(canvas)
        state.fit(rows: layout.bodyRows)
        var view = SourcesView(state: state, layout: layout, library: library, now: services.now())
        view.keyHints = hints
        view.downloadsSummary = DownloadsText.summary(services.downloads)
        view.render(into: &canvas)
    }

    /// While the filter is typed, letters go to it (typing "Kern" presses no `r`).
    public var capturesText: Bool { state.isTypingFilter }

    public func handle(unbound key: Key, _ context: ScreenContext) -> KeyOutcome {
        guard state.isTypingFilter else { return .ignored }
        var text = state.filter ?? ""
        switch key {
        case .character(let character): text.append(character)
        case .backspace: if !text.isEmpty { text.removeLast() }
        default: return .ignored
        }
        state.setFilter(text)
        return .handled
    }

    public func perform(_ action: Action, _ context: ScreenContext) -> KeyOutcome {
        state.show(nil)
        if let movement = Movement(action, pageRows: layout.bodyRows) {
            state.move(movement)
            return .handled
        }
        switch action {
        case .read where state.isTypingFilter:
            state.endFilterTyping()
        case .read:
            return open(state.selectedRow)
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
            library.refreshAll(in: context.scope)
            updateSpinner(context)
        case .downloads:
            return .push(DownloadsScreen(services: services))
        case .search:
            return .push(SearchScreen(services: services))
        default:
            return .ignored
        }
        return .handled
    }

    private func open(_ row: SourcesState.Row?) -> KeyOutcome {
        switch row {
        case .all: return .push(HeadlinesScreen(scope: .sources(library.keys), title: "All", services: services))
        case .starred: return .push(HeadlinesScreen(scope: .starred, title: "Starred", services: services))
        case .source(let key, let name): return .push(HeadlinesScreen(scope: .source(key), title: name, services: services))
        case .heading(let group):
            return .push(HeadlinesScreen(scope: .sources(state.sources(in: group)), title: group, services: services))
        case .query(let name):
            guard let query = library.queries.first(where: { $0.name == name }) else { return .ignored }
            return .push(HeadlinesScreen(scope: library.scope(of: query), title: name, services: services))
        case .tag(let tag, let keys):
            return .push(HeadlinesScreen(scope: .sources(keys), title: "Tag: " + tag, services: services))
        case nil: return .ignored
        }
    }
}
