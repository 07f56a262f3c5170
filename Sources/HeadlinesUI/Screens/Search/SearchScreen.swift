import FoundationEssentials
import NewsCore

/// `S`: every cached article's title, summary and full text, searched as the reader types
/// (SQLite FTS5, best match first); on a NewsAPI source, NewsAPI's `everything` too, 300 ms
/// after the last key, each new query cancelling the request before it. Results are a list
/// like any other: arrows and PgUp/PgDn move, Enter reads, Esc clears the query, then leaves.
@MainActor
public final class SearchScreen: Screen {
    public let kind = ScreenKind.search
    public internal(set) var state = HeadlinesState(sourceName: "Search")
    public private(set) var query = ""
    private let services: AppServices
    private let remote: NewsAPISource?
    private var layout = ListLayout(width: 0, height: 0)
    private var cached: [ListRow] = []
    private var found: [ListRow] = []
    /// How long typing must pause before NewsAPI is asked.
    static let remoteDelay = Duration.milliseconds(300)
    static let resultLimit = 200

    public init(services: AppServices, remote: NewsAPISource? = nil) {
        self.services = services
        self.remote = remote
    }

    public func didAppear(_ context: ScreenContext) {
        state.show(prompt)
    }

    public var capturesText: Bool { true }

    public func handle(unbound key: Key, _ context: ScreenContext) -> KeyOutcome {
        switch key {
        case .character(let character): query.append(character)
        case .backspace:
            guard !query.isEmpty else { return .ignored }
            query.removeLast()
        default: return .ignored
        }
        search(context)
        return .handled
    }

    public func perform(_ action: Action, _ context: ScreenContext) -> KeyOutcome {
        if let movement = Movement(action, pageRows: layout.bodyRows) {
            state.move(movement)
            return .handled
        }
        switch action {
        case .read:
            guard let row = state.selectedRow else { return .ignored }
            return .push(ArticleScreen(row: row, list: self, services: services))
        case .back where !query.isEmpty:
            query = ""
            context.scope.cancel(.search)
            context.scope.cancel(.remoteSearch)
            cached = []
            found = []
            state.show([], total: 0, next: nil)
            state.show(prompt)
            return .handled
        default:
            return .ignored
        }
    }

    public func render(into canvas: inout Canvas) {
        layout = ListLayout(canvas)
        state.fit(rows: layout.bodyRows)
        var view = HeadlinesView(state: state, layout: layout, now: services.now())
        view.keyHints = prompt.text
        view.render(into: &canvas)
    }

    private var prompt: Notice { Notice("Search: " + query + "▏" + (remote == nil ? "" : "  (and NewsAPI)")) }

    /// The cache at once, NewsAPI after a pause; each new query cancels the searches before it.
    private func search(_ context: ScreenContext) {
        state.show(prompt)
        let text = query
        let store = services.library.store
        context.scope.run(.search, work: { try await store.search(text, limit: Self.resultLimit) }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let articles): self.cached = articles.map { ListRow($0) }
            case .failure(let error): self.state.show(Notice(ErrorText.sentence(error), kind: .error))
            }
            self.showResults()
            context.setNeedsDisplay()
        }
        guard let remote, !text.trimmingSpaces().isEmpty else {
            context.scope.cancel(.remoteSearch)
            found = []
            return
        }
        let everything = NewsAPISource(service: remote.service, request: .everything(query: text, pageSize: 50))
        context.scope.run(.remoteSearch, work: {
            try await Task.sleep(for: Self.remoteDelay)  // typing on cancels this sleep: no request for a half-typed word
            return try await everything.fetch()
        }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let edition): self.found = edition.articles.map { ListRow(article: $0) }
            case .failure(let error): self.state.show(Notice("NewsAPI: " + ErrorText.sentence(error), kind: .error))
            }
            self.showResults()
            context.setNeedsDisplay()
        }
    }

    /// A row's marks changed: in the results shown, and in those they are rebuilt from when
    /// the other search answers.
    func update(_ row: ListRow) {
        state.update(row)
        if let index = cached.firstIndex(where: { $0.identity == row.identity }) { cached[index] = row }
        if let index = found.firstIndex(where: { $0.identity == row.identity }) { found[index] = row }
    }

    /// The cache's matches, then NewsAPI's that the cache does not have.
    private func showResults() {
        let known = Set(cached.map(\.article.url))
        let rows = cached + found.filter { !known.contains($0.article.url) }
        state.show(rows, total: rows.count, next: nil)
        state.endLoad(at: services.now())
    }
}
