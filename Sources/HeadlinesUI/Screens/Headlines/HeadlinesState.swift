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
    public private(set) var rows: [ListRow] = []
    /// How many articles the list holds in all (rows are read a page at a time).
    public private(set) var total = 0
    /// Where the next page of the cache starts; nil when every row is read.
    public private(set) var next: ArticleCursor?
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

    public init(sourceName: String) {
        self.sourceName = sourceName
    }

    public var isLoading: Bool { phase == .loading }
    /// More rows follow those read.
    public var hasMore: Bool { next != nil }
    public var articles: [Article] { rows.map(\.article) }
    public var selectedRow: ListRow? { rows.indices.contains(scroll.selection) ? rows[scroll.selection] : nil }
    public var selectedArticle: Article? { selectedRow?.article }

    public mutating func beginLoad() {
        phase = .loading
        spinnerTick = 0
        notice = nil
    }

    /// A fetched edition becomes the list (a source shown without a cache).
    public mutating func finishLoad(_ edition: Edition, at date: Date) {
        show(edition.articles.map { ListRow(article: $0) }, total: edition.articles.count, next: nil)
        skipped = edition.skipped
        endLoad(at: date)
        if let note = edition.notes.first { notice = Notice(note) }
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

    /// A load that ended by a cancellation nobody here asked for (the screen's own cancellations
    /// never reach it): the loading phase ends rather than spinning forever.
    public mutating func abandonLoad() {
        phase = hasLoaded ? .idle : .failed("The load was cancelled.")
    }

    /// New rows for the list. The selected article stays selected and on the same screen row;
    /// when it is gone, the selection stays at the same place in the list.
    public mutating func show(_ newRows: [ListRow], total: Int, next: ArticleCursor?) {
        let selected = selectedRow?.identity
        let screenRow = scroll.selection - scroll.top
        rows = newRows
        self.total = max(total, newRows.count)
        self.next = next
        hasLoaded = hasLoaded || !newRows.isEmpty
        scroll.setCount(rows.count)
        if let selected, let index = rows.firstIndex(where: { $0.identity == selected }) {
            scroll.keep(index, atRow: screenRow)
        }
    }

    /// The next page of rows, after those read.
    public mutating func append(_ more: [ListRow], next: ArticleCursor?) {
        let known = Set(rows.map(\.identity))
        rows += more.filter { !known.contains($0.identity) }
        self.next = next
        total = max(total, rows.count)
        scroll.setCount(rows.count)
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
        isTypingFilter = true
    }

    /// The filter's text and the rows it lets through (the whole list: nothing is read by pages then).
    public mutating func setFilter(_ text: String, rows matching: [ListRow]) {
        filter = text
        show(matching, total: matching.count, next: nil)
    }

    /// Enter: the filter stays, the keys go back to the list.
    public mutating func endFilterTyping() { isTypingFilter = false }

    /// Esc: no filter any more (the screen reads the list again).
    public mutating func clearFilter() {
        filter = nil
        isTypingFilter = false
    }

    public mutating func move(_ movement: Movement) { scroll.apply(movement) }

    public mutating func select(_ index: Int) { scroll.select(index) }

    /// Keeps the selection within `rows` visible rows (the window's height changed).
    public mutating func fit(rows: Int) { scroll.fit(rows: rows) }

    public mutating func show(_ notice: Notice?) { self.notice = notice }

    public mutating func tick() { spinnerTick += 1 }
}
