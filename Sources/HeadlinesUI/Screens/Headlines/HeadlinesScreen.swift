import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// A list of headlines: one source's, every source's ("All"), or the starred ones. It shows
/// what the cache holds at once, then refreshes its sources behind it (like SwiftUI's `.task`:
/// the refresh belongs to this screen and stops when it closes); `r` refreshes again.
@MainActor
package final class HeadlinesScreen: Screen {
    package let kind = ScreenKind.headlines
    package internal(set) var state: HeadlinesState
    /// What the list shows; `n` after a source's last unread article moves it to the next source.
    package internal(set) var articles: ArticleScope
    let services: AppServices
    var layout = ScreenLayout(width: 0, height: 0)
    private var hints = HeadlinesView.defaultHints
    /// The list's headings while the `/` filter is on.
    var filterPool: ListFilter?
    /// The filter's answer: indices into the pool's rows, of which the state holds a window.
    var filterMatches: [Int32] = []
    /// Rows of the filter's answer in the state's window.
    static let filterWindow = 400
    /// Articles the reader read, unread, starred or unstarred in this visit of the list: they stay
    /// on their rows until the view changes (see `ListView`).
    var stillShown: Set<ArticleID> = []
    /// `A` asked "Mark … articles read? y/n": the next key answers.
    var markAllQuestion: MarkAllRead?
    /// `n` waits for rows being read (see `nextUnread`).
    var pendingNextUnread: NextUnread?
    /// The next rows read are the list's first since it opened (or moved to another source): the
    /// cursor goes to the first unread article among them.
    var placesCursorOnUnread = true
    /// The start's refresh waits for the first rows from the cache to be drawn: a start shows
    /// the cache without loading libcurl (and its TLS) first, which the first fetch does.
    var refreshesAfterFirstRows = false
    /// Told when the list moves to another source (`n`, `p`, `J`, `K`): going back lands there.
    var onSourceShown: (@MainActor (SourceKey) -> Void)?
    /// `|`'s prompt, while the command is typed.
    var pipePrompt: PipePrompt?
    /// This screen's link to the runtime, for the article screen walking its rows (`J`, `K`, `n`).
    weak var context: ScreenContext?
    package init(articles: ArticleScope, title: String, services: AppServices) {
        self.articles = articles
        self.services = services
        state = HeadlinesState(sourceName: title)
    }

    /// The first screen of a single source.
    package convenience init(services: AppServices) {
        let entry = services.library.entries.first
        self.init(articles: .source(entry?.key ?? SourceKey("none")), title: entry?.source.name ?? "Headlines", services: services)
    }

    var library: Library { services.library }

    /// The sources this list shows.
    var sourceKeys: [SourceKey] { Self.sourceKeys(of: articles, library) }

    static func sourceKeys(of scope: ArticleScope, _ library: Library) -> [SourceKey] {
        switch scope {
        case .source(let key): return [key]
        case .sources(let keys): return keys
        case .all: return library.keys
        case .starred: return []
        case .filtered(let base, let filter): return library.sources(drawnOnBy: filter, within: sourceKeys(of: base, library))
        }
    }

    package func didAppear(_ context: ScreenContext) {
        self.context = context
        hints = context.hints(kind.hintedActions, on: kind)
        library.observe(self) { [weak self] event in self?.libraryChanged(event, context) }
        readRows(context)
        refreshStale(context)
        updatePhase(context)
        state.show(services.startupNotice)
    }

    /// Opening a list refreshes only what is not fresh (`freshFor`); `r` and `R` fetch it all now.
    /// The first screen refreshes everything at start, unless `refresh-on-start = no`.
    func refreshStale(_ context: ScreenContext) {
        let keys = sourceKeys
        if context.isRoot {
            guard services.settings.refreshOnStart else { return }
            guard context.scope.isRunning(.page) else { return reload(context) }
            refreshesAfterFirstRows = true
            library.announceRefresh(sourceKeys)
            return
        }
        if keys.count == 1 {
            // A load running (the Sources screen's at start) is joined: leaving this list lets go of it.
            if !library.isFresh(keys[0], within: library.freshFor) { library.refresh(keys, in: context.scope, joining: true) }
            return
        }
        let stale = library.staleSources(keys)
        if !stale.isEmpty { library.refresh(stale, in: context.scope) }
    }

    /// Refreshes this list's sources; a refresh already running is cancelled (its connection closed) first.
    package func reload(_ context: ScreenContext) {
        library.refresh(sourceKeys, in: context.scope)
    }

    package func takeNotice() -> Notice? { state.takeNotice() }

    package func render(into canvas: inout Canvas) {
        layout = ScreenLayout(canvas)
        state.fit(rows: layout.bodyRows)
        var view = HeadlinesView(state: state, layout: layout, now: services.now())
        view.isFallbackDemo = services.isFallbackDemo
        view.downloadsSummary = DownloadsText.summary(services.downloads)
        view.downloadsFirst = services.downloads.isQuitting
        view.keyHints = hints
        view.prompt = pipePrompt?.statusText(width: layout.width)
        view.showsSourceColumn = showsSourceColumn
        let settings = services.settings
        view.dateFormat = settings.dateFormat
        view.rowFormat = settings.articleListFormat
        view.viewFacts = (settings.showsRead ? [] : ["unread only"]) + (settings.listOrder == .date ? [] : [settings.listOrder.label])
        view.render(into: &canvas)
    }

    package var capturesText: Bool { state.isTypingFilter || markAllQuestion != nil || pipePrompt != nil }
    package var takesPastedText: Bool { state.isTypingFilter || pipePrompt != nil }

    package func handle(unbound key: Key, _ context: ScreenContext) -> KeyOutcome {
        if pipePrompt != nil {
            pipePrompt?.type(key)
            return .handled
        }
        if markAllQuestion != nil { return answerMarkAllQuestion(key) }
        return state.isTypingFilter ? typeInFilter(key) : .ignored
    }

    /// A list of one source the reader named says the name in its title: the titles take the
    /// source column's room. (A NewsAPI list keeps it: its articles come from many outlets.)
    var showsSourceColumn: Bool {
        guard case .source(let key) = articles, let source = library.entry(key)?.source else { return true }
        return !source.namesArticles
    }

    /// The source's own search (NewsAPI's), when this list is one source whose service has one.
    var remoteSearch: SourceSearch? {
        guard case .source(let key) = articles else { return nil }
        return library.entry(key)?.source.search
    }

    /// Moves the selection, reading the rows it comes to (or the filter's window).
    private func move(_ movement: Movement, _ context: ScreenContext) {
        state.move(movement)
        if filterPool != nil && state.filter != nil {
            moveFilterWindowIfNeeded()
        } else {
            readMoreIfNeeded(context)
        }
    }

    package func click(column: Int, row: Int, count: Int, _ context: ScreenContext) -> KeyOutcome {
        state.show(nil)
        return clickRow(row, count: count, scroll: state.scroll, layout: layout, context) { move($0, context) }
    }

    package func perform(_ action: Action, _ context: ScreenContext) -> KeyOutcome {
        // Any key but y answers "Mark … articles read?" with no (Esc does not leave the list too).
        if markAllQuestion != nil { return answerMarkAllQuestion(.escape) }
        if pipePrompt != nil {
            let columns = ScreenLayout(width: layout.width, height: layout.height, withImageRow: true, textWidth: services.settings.textWidth).textColumns
            return HandOff.answer(&pipePrompt, action, columns: columns, services: services, context: context) { [weak self] notice in
                self?.state.show(notice)
            }
        }
        // A notice lasts until the next key; the actions below set a new one when they have one.
        state.show(nil)
        if let movement = Movement(action, pageRows: layout.bodyRows) {
            move(movement, context)
            return .handled
        }
        switch action {
        case .reload: reload(context)
        case .reloadAll:
            // R reads the config again first: a source added meanwhile (--add) is refreshed too.
            if let notice = services.reloadConfig(quietWhenUnchanged: true) { state.show(notice) }
            library.refreshAll(in: context.scope)
        case .read:
            if state.isTypingFilter {
                state.endFilterTyping()
                return .handled
            }
            guard let row = state.selectedRow else { return .ignored }
            return open(row)
        case .back where state.filter != nil:
            return clearFilter(context)
        case .toggleRead: return toggleRead()
        case .toggleStar: return toggleStar()
        case .markAllRead: return markAllRead(context)
        case .undo: return undoLastMarking()
        case .nextUnread, .previousUnread:
            // As newsboat's: the article found is opened (in the article, `n` reads on there).
            return nextUnread(context, backwards: action == .previousUnread) { [weak self] row, _ in self?.openFound(row) }
        case .nextSource, .previousSource:
            return showSourceBeside(backwards: action == .previousSource, context)
        case .filter: return beginFilter(context)
        case .cycleSort: return changeView(context, order: services.settings.listOrder.next)
        case .toggleShowRead: return changeView(context, showRead: !services.settings.showsRead)
        case .search: return .push(SearchScreen(services: services, remote: remoteSearch))
        case .openInBrowser:
            guard let article = state.selectedArticle else { return .ignored }
            markSelectedRead()
            HandOff.openInBrowser(article, services: services, context: context) { [weak self] notice in
                self?.state.show(notice)
            }
        case .pipeArticle:
            guard let row = state.selectedRow else { return .ignored }
            pipePrompt = PipePrompt(article: row.article, id: row.id, command: services.settings.pipe.command)
        case .saveImage:
            guard let row = state.selectedRow else { return .ignored }
            state.show(DownloadsText.refusal(services.downloads.save(row.article, id: row.id)))
        case .saveAllImages:
            state.show(DownloadsText.refusal(services.downloads.saveAll(state.rows.map { ($0.article, $0.id) })))
            return .push(DownloadsScreen(services: services))
        case .downloadEnclosure:
            guard let row = state.selectedRow else { return .ignored }
            state.show(DownloadsText.refusal(services.downloads.download(row.article, id: row.id)))
        case .playEnclosure:
            guard let row = state.selectedRow else { return .ignored }
            HandOff.playEnclosure(row.article, id: row.id, services: services, context: context) { [weak self] notice in
                self?.state.show(notice)
            }
        case .downloadAllEnclosures:
            let start = services.downloads.downloadAll(state.rows.map { ($0.article, $0.id) })
            guard case .started = start else {
                state.show(DownloadsText.refusal(start))
                return .handled
            }
            return .push(DownloadsScreen(services: services))
        case .downloads:
            return .push(DownloadsScreen(services: services))
        default:
            return .ignored
        }
        return .handled
    }
}
