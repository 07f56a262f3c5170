import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// `S`: every cached article's title, summary and full text, searched as the reader types
/// (SQLite FTS5, best match first); on a NewsAPI source, NewsAPI's `everything` too, 300 ms
/// after the last key, each new query cancelling the request before it. Two modes, which the
/// status bar names: typing the query (every printable key is a letter of it), and the
/// results, reached with Enter or ↓, a list like any other (its keys move, read, mark); `S` or
/// `/` goes back to the query. Esc leaves from either.
@MainActor
package final class SearchScreen: Screen {
    package let kind = ScreenKind.search
    package internal(set) var state = HeadlinesState(sourceName: "Search")
    /// The query as typed, with its cursor (`LineEditor`).
    package private(set) var queryLine = LineEditor()
    package var query: String { queryLine.text }
    /// The keys type the query (else they act on the results).
    package private(set) var isTypingQuery = true
    private let services: AppServices
    private let remote: SourceSearch?
    private var layout = ScreenLayout(width: 0, height: 0)
    /// This screen's link to the runtime, for the article screen walking the results (`J`, `K`, `n`).
    weak var context: ScreenContext?
    /// The cache's matches read so far (best first), and how many there are.
    private var matches = ListWindow()
    private var found: [ListRow] = []
    /// How long typing must pause before NewsAPI is asked.
    static let remoteDelay = Duration.milliseconds(300)
    /// The first read of a query: two screenfuls (50 rows at least), not a whole page, as the
    /// rows cost most of the first frame for a query of many matches (a phrase's older matches
    /// are found one by one); the next page is read as soon as the reader moves.
    package static func firstRead(bodyRows: Int) -> Int { min(ListWindow.pageSize, max(50, 2 * bodyRows)) }

    package init(services: AppServices, remote: SourceSearch? = nil) {
        self.services = services
        self.remote = remote
    }

    package func didAppear(_ context: ScreenContext) {
        self.context = context
        resultHints = context.hints(kind.hintedActions, on: kind)
        state.show(prompt)
    }

    private var resultHints = ""

    package var capturesText: Bool { isTypingQuery }
    package var takesPastedText: Bool { isTypingQuery }

    package func handle(unbound key: Key, _ context: ScreenContext) -> KeyOutcome {
        guard isTypingQuery else { return .ignored }  // on the results, a key no list action claims
        let before = queryLine
        guard queryLine.apply(key) else { return .ignored }
        if queryLine.text == before.text {
            state.show(prompt)  // the cursor moved: the same query
        } else {
            search(context)
        }
        return .handled
    }

    private func move(_ movement: Movement, _ context: ScreenContext) {
        state.move(movement)
        readMoreIfNeeded(context)
    }

    /// A click on a result goes to the results, as Enter from the query does.
    package func click(column: Int, row: Int, count: Int, _ context: ScreenContext) -> KeyOutcome {
        guard state.scroll.index(atRow: row, in: layout) != nil else { return .ignored }
        isTypingQuery = false
        state.show(nil)
        return clickRow(row, count: count, scroll: state.scroll, layout: layout, context) { move($0, context) }
    }

    package func perform(_ action: Action, _ context: ScreenContext) -> KeyOutcome {
        if isTypingQuery {
            switch action {
            case .read, .down, .pageDown:
                // To the results (none yet: the query stays, as it was).
                guard !state.rows.isEmpty else { return .handled }
                isTypingQuery = false
                state.select(0)
                state.show(nil)
                return .handled
            case .back:
                return .close
            default:
                return .ignored
            }
        }
        state.show(nil)  // a notice lasts until the next key
        if let movement = Movement(action, pageRows: layout.bodyRows) {
            move(movement, context)
            return .handled
        }
        switch action {
        case .search, .filter:
            isTypingQuery = true
            state.show(prompt)
            return .handled
        case .read:
            guard let row = state.selectedRow else { return .ignored }
            return .push(ArticleScreen(row: row, list: self, services: services))
        case .toggleRead:
            guard var row = state.selectedRow, let id = row.id else { return .ignored }
            row.isRead.toggle()
            update(row)
            services.library.setRead(row.isRead, id)
            return .handled
        case .toggleStar:
            guard var row = state.selectedRow, let id = row.id else { return .ignored }
            row.isStarred.toggle()
            update(row)
            services.library.setStarred(row.isStarred, id)
            state.show(Notice(row.isStarred ? "Starred." : "No longer starred."))
            return .handled
        case .openInBrowser:
            guard var row = state.selectedRow else { return .ignored }
            // Read in the browser is read, as on every list.
            if let id = row.id, !row.isRead {
                row.isRead = true
                update(row)
                services.library.setRead(true, id)
            }
            HandOff.openInBrowser(row.article, services: services, context: context) { [weak self] notice in
                self?.state.show(notice)
            }
            return .handled
        default:
            return .ignored
        }
    }

    package func render(into canvas: inout Canvas) {
        layout = ScreenLayout(canvas)
        state.fit(rows: layout.bodyRows)
        var view = HeadlinesView(state: state, layout: layout, now: services.now())
        view.keyHints = isTypingQuery ? prompt.text : resultHints
        view.dateFormat = services.settings.dateFormat
        view.rowFormat = services.settings.articleListFormat
        view.render(into: &canvas)
    }

    /// While the query is typed, the status bar says so, and how to leave it.
    private var prompt: Notice {
        Notice("Search: " + queryLine.display() + (remote.map { " (and \($0.serviceName))" } ?? "") + "  typing · Enter or ↓ results · Esc leaves")
    }

    /// The cache at once, NewsAPI after a pause; each new query cancels the searches before it.
    private func search(_ context: ScreenContext) {
        state.show(prompt)
        let text = query
        let firstRead = Self.firstRead(bodyRows: layout.bodyRows)
        context.scope.cancel(.morePage)  // it reads the previous query's results
        if let read = matches.read(.top(limit: firstRead, total: nil), of: .search(text), in: services.library) {
            context.scope.run(.search, work: { try await read.run() }) { [weak self] result in
                self?.searched(result, context)
            }
        }
        guard let remote, !text.trimmingSpaces().isEmpty else {
            context.scope.cancel(.remoteSearch)
            found = []
            return
        }
        let everything = remote.source(for: text)
        context.scope.run(
            .remoteSearch,
            work: {
                try await Task.sleep(for: Self.remoteDelay)  // typing on cancels this sleep: no request for a half-typed word
                return try await everything.fetch()
            }
        ) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let edition): self.found = edition.articles.map { ListRow(article: $0) }
            case .failure(let error): self.state.show(Notice(remote.serviceName + ": " + ErrorText.sentence(error), kind: .error))
            }
            self.showResults()
            context.setNeedsDisplay()
        }
    }

    /// The cache's first matches of a query are in.
    private func searched(_ result: Result<ListPage, any Error>, _ context: ScreenContext) {
        switch result {
        case .success(let page): matches.take(page, new: [])
        case .failure(let error): state.show(Notice(ErrorText.sentence(error), kind: .error))
        }
        showResults()
        context.setNeedsDisplay()
    }

    /// A row's marks changed: in the results shown, and in those they are rebuilt from when
    /// the other search answers.
    func update(_ row: ListRow) {
        state.update(row)
        matches.update(row)
        if let index = found.firstIndex(where: { $0.identity == row.identity }) { found[index] = row }
    }

    /// The cache's matches, then NewsAPI's that the cache does not have; the count is the true
    /// one while the cache's are still read page by page.
    private func showResults() {
        let cached = matches.rows
        let known = Set(cached.map(\.article.url))
        let remote = found.filter { !known.contains($0.article.url) }
        if matches.hasMore {
            state.showFirst(cached, of: matches.total + remote.count)
        } else {
            state.showFirst(cached + remote, of: cached.count + remote.count)
        }
        state.endLoad(at: services.now())
    }

    /// The next page of the cache's matches, as the window's policy says (`ListWindow.readingNeeded`).
    /// `finishing`: called from that read's own result (it still counts as running).
    func readMoreIfNeeded(_ context: ScreenContext, finishing: Bool = false) {
        guard !context.scope.isRunning(.search), finishing || !context.scope.isRunning(.morePage),
            let reading = matches.readingNeeded(at: state.scroll.selection, screenRows: layout.bodyRows, jump: ListWindow.pageSize)
        else { return }
        guard let read = matches.read(reading, in: services.library) else { return }
        context.scope.run(.morePage, work: { try await read.run() }) { [weak self] result in
            // A failed read leaves the matches read so far; so does one for an earlier query.
            guard let self, case .success(let page) = result, self.matches.take(page, new: []) else { return }
            self.showResults()
            self.readMoreIfNeeded(context, finishing: true)
            context.setNeedsDisplay()
        }
    }
}

extension TaskKey {
    /// A search of the cache, and one of NewsAPI.
    fileprivate static let search = TaskKey("search")
    fileprivate static let remoteSearch = TaskKey("remote-search")
}
