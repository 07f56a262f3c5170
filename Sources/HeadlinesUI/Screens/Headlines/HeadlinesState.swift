import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// Everything a list of headlines shows, changed only by the methods below: the rows read so
/// far, the load's phase, the selection, the notice. When new rows arrive the selected article
/// stays selected, on the same screen row, so a refresh never moves what the reader is on.
package struct HeadlinesState: Equatable, HoldsNotice {
    package enum Phase: Equatable {
        case idle
        case loading
        case failed(String)
    }

    package private(set) var sourceName: String
    /// The rows read so far: a window of the list (the session's `ListWindow`). The list is
    /// read by pages (the top's, more as the reader scrolls, the end's on `G`), so the window
    /// may hold any part of it; the selection and the scroll count the whole list (`total`).
    package private(set) var window = ListWindow()
    package private(set) var scroll = ListScroll()
    package private(set) var phase: Phase = .idle
    package private(set) var lastRefresh: Date?
    package private(set) var hasLoaded = false
    /// Entries of the last edition that could not be used (shown as "3 skipped").
    package private(set) var skipped = 0
    package private(set) var notice: Notice?
    package private(set) var spinnerTick = 0
    /// The `/` filter's text; nil when the list is not filtered.
    package private(set) var filter: String?
    /// The reader is typing the filter.
    package private(set) var isTypingFilter = false
    /// The filter's line, with its cursor, as it is edited (`LineEditor`).
    package private(set) var filterLine = LineEditor()
    /// The filter's rows are in (its count is the true one); false while the list's headings are read.
    package private(set) var isFilterReady = false
    /// The filter's text whose answer the rows show (the text typed may be a key ahead of it
    /// while the rows of its window are read).
    package private(set) var filterAnswered: String?
    /// The next rows start the list afresh (another order): the selection goes to their top.
    private var startsAfresh = false

    package init(sourceName: String) {
        self.sourceName = sourceName
    }

    package var isLoading: Bool { phase == .loading }
    package var rows: [ListRow] { window.rows }
    /// The list index of `rows[0]`.
    package var offset: Int { window.offset }
    /// How many articles the list holds in all.
    package var total: Int { window.total }
    /// More rows follow those read.
    package var hasMore: Bool { window.hasMore }
    /// The list index just past the window.
    package var windowEnd: Int { window.windowEnd }
    package var articles: [Article] { rows.map(\.article) }
    /// The row at list index `index`; nil when it is not read yet.
    package func row(at index: Int) -> ListRow? { window.row(at: index) }
    package var selectedRow: ListRow? { row(at: scroll.selection) }
    package var selectedArticle: Article? { selectedRow?.article }

    /// The list index of the first unread row after the selection, among the rows read.
    package func unreadIndex(after index: Int) -> Int? {
        rows.indices.dropFirst(max(0, index + 1 - offset)).first { !rows[$0].isRead }.map { $0 + offset }
    }

    /// The last unread row before list index `index`, among the rows read.
    package func unreadIndex(before index: Int) -> Int? {
        rows.indices.prefix(max(0, index - offset)).last { !rows[$0].isRead }.map { $0 + offset }
    }

    package mutating func beginLoad() {
        phase = .loading
        spinnerTick = 0
        notice = nil
    }

    /// The load ended well (the rows come from the cache, through `show`).
    package mutating func endLoad(at date: Date) {
        phase = .idle
        hasLoaded = true
        lastRefresh = date
    }

    /// A failed load keeps the previous list on screen.
    package mutating func failLoad(_ message: String) {
        phase = .failed(message)
    }

    /// Rows for the whole list, given at once. The selected article stays selected and on the
    /// same screen row; when it is gone, the selection stays at the same place in the list.
    package mutating func show(_ newRows: [ListRow]) {
        replaceWindow { $0 = ListWindow(rows: newRows, total: newRows.count) }
    }

    /// The first rows of a list paged by its owner (search results), and its true length; the
    /// owner shows them again, with more, as the reader scrolls.
    package mutating func showFirst(_ newRows: [ListRow], of total: Int) {
        replaceWindow { $0 = ListWindow(rows: newRows, total: total) }
    }

    /// A page read for the window (`ListWindow.read`); false when it no longer joins it (it is
    /// dropped). A first page (the list's top or end) keeps the selected article as `show` does;
    /// a page beside the window leaves the selection where it is in the list.
    @discardableResult
    package mutating func take(_ page: ListPage, new: Set<ArticleID>) -> Bool {
        guard page.replacesWindow else {
            guard window.take(page, new: new) else { return false }
            scroll.setCount(total)
            return true
        }
        replaceWindow { _ = $0.take(page, new: new) }
        return true
    }

    /// The list is read again in another order or view: the next rows shown start at the top.
    package mutating func startAfresh() {
        startsAfresh = true
        scroll.select(0)
    }

    private mutating func replaceWindow(_ change: (inout ListWindow) -> Void) {
        let selected = startsAfresh ? nil : selectedRow?.identity
        startsAfresh = false
        let screenRow = scroll.selection - scroll.top
        change(&window)
        hasLoaded = hasLoaded || !rows.isEmpty
        scroll.setCount(total)
        if let selected, let index = rows.firstIndex(where: { $0.identity == selected }) {
            scroll.keep(index + offset, atRow: screenRow)
        }
    }

    /// The reader's marks on one row changed (read, starred).
    package mutating func update(_ row: ListRow) {
        window.update(row)
    }

    package mutating func setSkipped(_ count: Int) { skipped = count }

    /// `/`: the filter starts, empty, and takes the keys.
    package mutating func beginFilter() {
        filter = filter ?? ""
        if filterLine.text != filter { filterLine = LineEditor(filter ?? "") }
        isTypingFilter = true
    }

    /// A key typed into the filter's line; false when it edits nothing. The screen matches the
    /// new text (`filter`).
    package mutating func editFilter(_ key: Key) -> Bool {
        guard filterLine.apply(key) else { return false }
        filter = filterLine.text
        return true
    }

    /// The filter's text and the rows it lets through (the whole list: nothing is read by pages then).
    package mutating func setFilter(_ text: String, rows matching: [ListRow]) {
        filter = text
        filterAnswered = text
        isFilterReady = true
        show(matching)
    }

    /// The filter's text and a window of the rows it lets through: `offset` in its answer of
    /// `total` rows (the screen keeps the answer, and moves the window with the selection).
    package mutating func setFilter(_ text: String, window: [ListRow], offset: Int, total: Int, selection: Int) {
        filter = text
        filterAnswered = text
        isFilterReady = true
        self.window = ListWindow(rows: window, offset: offset, total: total)
        hasLoaded = true
        scroll.setCount(total)
        scroll.select(selection)
    }

    /// The filter's text typed before the list's headings are in: the rows stay until they are.
    package mutating func setFilterText(_ text: String) { filter = text }

    /// Enter: the filter stays, the keys go back to the list.
    package mutating func endFilterTyping() { isTypingFilter = false }

    /// Esc: no filter any more (the screen reads the list again).
    package mutating func clearFilter() {
        filter = nil
        filterLine = LineEditor()
        isTypingFilter = false
        isFilterReady = false
        filterAnswered = nil
    }

    package mutating func move(_ movement: Movement) { scroll.apply(movement) }

    package mutating func select(_ index: Int) { scroll.select(index) }

    /// Keeps the selection within `rows` visible rows (the window's height changed).
    package mutating func fit(rows: Int) { scroll.fit(rows: rows) }

    package mutating func show(_ notice: Notice?) { self.notice = notice }

    package mutating func tick() { spinnerTick += 1 }
}
