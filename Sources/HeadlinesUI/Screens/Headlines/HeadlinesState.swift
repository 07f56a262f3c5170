import FoundationEssentials
import NewsCore

/// Everything a list of headlines shows, changed only by the methods below: the rows read so
/// far, the load's phase, the selection, the notice. When new rows arrive the selected article
/// stays selected, on the same screen row, so a refresh never moves what the reader is on.
public struct HeadlinesState: Equatable {
    public enum Phase: Equatable {
        case idle
        case loading
        case failed(String)
    }

    public private(set) var sourceName: String
    /// The rows read so far: a window of the list, `offset` rows from its top. The list is
    /// read by pages (the top's, more as the reader scrolls, the end's on `G`), so the window
    /// may hold any part of it; the selection and the scroll count the whole list (`total`).
    public private(set) var rows: [ListRow] = []
    /// The list index of `rows[0]`.
    public private(set) var offset = 0
    /// How many articles the list holds in all.
    public private(set) var total = 0
    /// Where the page after the window starts; nil when the window reaches the list's end.
    public private(set) var next: ArticleCursor?
    /// Where the page before the window ends; nil when the window starts the list.
    public private(set) var previous: ArticleCursor?
    public private(set) var scroll = ListScroll()
    public private(set) var phase: Phase = .idle
    public private(set) var lastRefresh: Date?
    public private(set) var hasLoaded = false
    /// Entries of the last edition that could not be used (shown as "3 skipped").
    public private(set) var skipped = 0
    public private(set) var notice: Notice?
    public private(set) var spinnerTick = 0
    /// The `/` filter's text; nil when the list is not filtered.
    public private(set) var filter: String?
    /// The reader is typing the filter.
    public private(set) var isTypingFilter = false
    /// The filter's line, with its cursor, as it is edited (`LineEditor`).
    public private(set) var filterLine = LineEditor()
    /// The filter's rows are in (its count is the true one); false while the list's headings are read.
    public private(set) var isFilterReady = false
    /// The next rows start the list afresh (another order): the selection goes to their top.
    private var startsAfresh = false

    public init(sourceName: String) {
        self.sourceName = sourceName
    }

    public var isLoading: Bool { phase == .loading }
    /// More rows follow those read.
    public var hasMore: Bool { next != nil }
    /// The window ends the list (it was read from the end, or down to it).
    public var reachesEnd: Bool { next == nil }
    /// The list index just past the window.
    public var windowEnd: Int { offset + rows.count }
    public var articles: [Article] { rows.map(\.article) }
    /// The row at list index `index`; nil when it is not read yet.
    public func row(at index: Int) -> ListRow? {
        rows.indices.contains(index - offset) ? rows[index - offset] : nil
    }
    public var selectedRow: ListRow? { row(at: scroll.selection) }
    public var selectedArticle: Article? { selectedRow?.article }

    /// The list index of the first unread row after the selection, among the rows read.
    public func unreadIndex(after index: Int) -> Int? {
        rows.indices.dropFirst(max(0, index + 1 - offset)).first { !rows[$0].isRead }.map { $0 + offset }
    }

    public mutating func beginLoad() {
        phase = .loading
        spinnerTick = 0
        notice = nil
    }

    /// The load ended well (the rows come from the cache, through `show`).
    public mutating func endLoad(at date: Date) {
        phase = .idle
        hasLoaded = true
        lastRefresh = date
    }

    /// A failed load keeps the previous list on screen.
    public mutating func failLoad(_ message: String) {
        phase = .failed(message)
    }

    /// New rows for the list, from its top. The selected article stays selected and on the
    /// same screen row; when it is gone, the selection stays at the same place in the list.
    /// A window that reaches both ends is the whole list, whatever the count said.
    public mutating func show(_ newRows: [ListRow], total: Int, next: ArticleCursor?) {
        replaceWindow(newRows, offset: 0, total: next == nil ? newRows.count : max(total, newRows.count), next: next, previous: nil)
    }

    /// New rows for the list's end (read backwards from it: `G`, or a re-read of a window there).
    public mutating func showEnd(_ newRows: [ListRow], total: Int, previous: ArticleCursor?) {
        let total = previous == nil ? newRows.count : max(total, newRows.count)
        replaceWindow(newRows, offset: total - newRows.count, total: total, next: nil, previous: previous)
    }

    /// The first rows of a list paged by its owner (search results, by offset), and its true
    /// length; the owner shows them again, with more, as the reader scrolls.
    public mutating func showFirst(_ newRows: [ListRow], of total: Int) {
        replaceWindow(newRows, offset: 0, total: max(total, newRows.count), next: nil, previous: nil)
    }

    /// The list is read again in another order or view: the next rows shown start at the top.
    public mutating func startAfresh() {
        startsAfresh = true
        scroll.select(0)
    }

    private mutating func replaceWindow(_ newRows: [ListRow], offset: Int, total: Int, next: ArticleCursor?, previous: ArticleCursor?) {
        let selected = startsAfresh ? nil : selectedRow?.identity
        startsAfresh = false
        let screenRow = scroll.selection - scroll.top
        rows = newRows
        self.offset = offset
        self.next = next
        self.previous = previous
        self.total = total
        hasLoaded = hasLoaded || !newRows.isEmpty
        scroll.setCount(self.total)
        if let selected, let index = rows.firstIndex(where: { $0.identity == selected }) {
            scroll.keep(index + offset, atRow: screenRow)
        }
    }

    /// The next page of rows, after those read.
    public mutating func append(_ more: [ListRow], next: ArticleCursor?) {
        let known = Set(rows.map(\.identity))
        rows += more.filter { !known.contains($0.identity) }
        self.next = next
        total = next == nil ? windowEnd : max(total, windowEnd)
        scroll.setCount(total)
    }

    /// The page of rows before those read (scrolling up from the end).
    public mutating func prepend(_ more: [ListRow], previous: ArticleCursor?) {
        let known = Set(rows.map(\.identity))
        let added = more.filter { !known.contains($0.identity) }
        // The window's place is counted from the end: what lies after it did not change.
        let after = max(0, total - windowEnd)
        rows = added + rows
        self.previous = previous
        offset = previous == nil ? 0 : max(0, offset - added.count)
        total = windowEnd + after
        scroll.setCount(total)
    }

    /// The reader's marks on one row changed (read, starred).
    public mutating func update(_ row: ListRow) {
        guard let index = rows.firstIndex(where: { $0.identity == row.identity }) else { return }
        rows[index] = row
    }

    public mutating func setSkipped(_ count: Int) { skipped = count }

    /// `/`: the filter starts, empty, and takes the keys.
    public mutating func beginFilter() {
        filter = filter ?? ""
        if filterLine.text != filter { filterLine = LineEditor(filter ?? "") }
        isTypingFilter = true
    }

    /// A key typed into the filter's line; false when it edits nothing. The screen matches the
    /// new text (`filter`).
    public mutating func editFilter(_ key: Key) -> Bool {
        guard filterLine.apply(key) else { return false }
        filter = filterLine.text
        return true
    }

    /// The filter's text and the rows it lets through (the whole list: nothing is read by pages then).
    public mutating func setFilter(_ text: String, rows matching: [ListRow]) {
        filter = text
        isFilterReady = true
        show(matching, total: matching.count, next: nil)
    }

    /// The filter's text and a window of the rows it lets through: `offset` in its answer of
    /// `total` rows (the screen keeps the answer, and moves the window with the selection).
    public mutating func setFilter(_ text: String, window: [ListRow], offset: Int, total: Int, selection: Int) {
        filter = text
        isFilterReady = true
        rows = window
        self.offset = offset
        self.total = total
        next = nil
        previous = nil
        hasLoaded = true
        scroll.setCount(total)
        scroll.select(selection)
    }

    /// The filter's text typed before the list's headings are in: the rows stay until they are.
    public mutating func setFilterText(_ text: String) { filter = text }

    /// Enter: the filter stays, the keys go back to the list.
    public mutating func endFilterTyping() { isTypingFilter = false }

    /// Esc: no filter any more (the screen reads the list again).
    public mutating func clearFilter() {
        filter = nil
        filterLine = LineEditor()
        isTypingFilter = false
        isFilterReady = false
    }

    public mutating func move(_ movement: Movement) { scroll.apply(movement) }

    public mutating func select(_ index: Int) { scroll.select(index) }

    /// Keeps the selection within `rows` visible rows (the window's height changed).
    public mutating func fit(rows: Int) { scroll.fit(rows: rows) }

    public mutating func show(_ notice: Notice?) { self.notice = notice }

    public mutating func tick() { spinnerTick += 1 }
}
