import NewsCore

/// A list read from the cache by pages around where the reader is: the rows read so far (a
/// window of the list, `offset` rows from its top), the list's true count, and where the pages
/// before and after the window start. A list may hold 100,000 articles: it is never read
/// whole. The window makes each read (`read`), the screen runs it in its own task scope, and
/// the window takes the page in (`take`) only when it still joins it: a page for a place the
/// window moved on from, or for another query, is dropped.
package struct ListWindow: Equatable, Sendable {
    /// What to read.
    package enum Reading: Sendable, Equatable {
        /// The list's first rows, and its count unless `total` is known.
        case top(limit: Int, total: Int?)
        /// The list's last rows, read backwards from its end through the same index (`G`).
        case end(limit: Int, total: Int?)
        /// The page after the window.
        case after(limit: Int)
        /// The page before the window.
        case before(limit: Int)
    }

    /// The most rows one read may ask for.
    package static let largestRead = ArticleStore.maxPageSize

    /// The query the rows were read for; nil for rows given whole (a filter's answer, a test's).
    package private(set) var query: ListQuery?
    package private(set) var rows: [ListRow] = []
    /// The list index of `rows[0]`.
    package private(set) var offset = 0
    /// How many rows the list holds in all.
    package private(set) var total = 0
    /// Where the page after the window starts; nil when the window reaches the list's end.
    package private(set) var next: ListPlace?
    /// Where the page before the window ends; nil when the window starts the list.
    package private(set) var previous: ListPlace?

    package init() {}

    /// Rows given whole, not read by pages: `offset` in a list of `total`.
    package init(rows: [ListRow], offset: Int = 0, total: Int) {
        self.rows = rows
        self.offset = offset
        self.total = max(total, offset + rows.count)
    }

    /// More rows follow the window.
    package var hasMore: Bool { next != nil }
    /// Rows come before the window.
    package var hasRowsBefore: Bool { previous != nil }
    /// The list index just past the window.
    package var windowEnd: Int { offset + rows.count }

    /// The row at list index `index`; nil when it is not read.
    package func row(at index: Int) -> ListRow? {
        rows.indices.contains(index - offset) ? rows[index - offset] : nil
    }

    /// The read that fetches `reading`: of `query` for the list's top or end (the window's own
    /// query when nil), of the window's own for a page beside it; nil when there is no such
    /// page (the window reaches that end, or holds rows it did not read).
    package func read(_ reading: Reading, of query: ListQuery? = nil, in library: Library) -> ListRead? {
        let from: ListPlace?
        switch reading {
        case .top, .end:
            guard let query = query ?? self.query else { return nil }
            return ListRead(store: library.store, query: query, reading: reading, from: nil)
        case .after: from = next
        case .before: from = previous
        }
        guard let from, let query = self.query else { return nil }
        return ListRead(store: library.store, query: query, reading: reading, from: from)
    }

    /// Takes in a page read for this window; false when it no longer joins the window (it moved
    /// on, or was read again for another query), and the page is dropped. `new`: the articles
    /// this session's refreshes brought, which the rows mark until they are read.
    @discardableResult
    package mutating func take(_ page: ListPage, new: Set<ArticleID>) -> Bool {
        let pageRows = page.articles.map { ListRow($0, isNew: !$0.isRead && new.contains($0.id)) }
        switch page.reading {
        case .top:
            query = page.query
            rows = pageRows
            offset = 0
            previous = nil
            total = page.total ?? total
            follow(page.next)
        case .end:
            query = page.query
            // A window that reaches both ends is the whole list, whatever the count said.
            let count = page.previous == nil ? pageRows.count : max(page.total ?? total, pageRows.count)
            rows = pageRows
            offset = count - pageRows.count
            total = count
            next = nil
            previous = page.previous
        case .after:
            guard page.query == query, page.from != nil, page.from == next else { return false }
            let known = Set(rows.map(\.identity))
            rows += pageRows.filter { !known.contains($0.identity) }
            follow(page.next)
        case .before:
            guard page.query == query, page.from != nil, page.from == previous else { return false }
            let known = Set(rows.map(\.identity))
            let added = pageRows.filter { !known.contains($0.identity) }
            // The window's place is counted from the end: what lies after it did not change.
            let after = max(0, total - windowEnd)
            rows = added + rows
            previous = page.previous
            offset = previous == nil ? 0 : max(0, offset - added.count)
            total = windowEnd + after
        }
        return true
    }

    /// The window's end moved to `place`: a list's cursor says whether more follow; a search's
    /// matches follow while the count says so; none (nil) makes the window's end the list's.
    private mutating func follow(_ place: ListPlace?) {
        switch place {
        case .cursor:
            next = place
            total = max(total, windowEnd)
        case .offset:
            total = max(total, windowEnd)
            next = windowEnd < total ? .offset(windowEnd) : nil
        case nil:
            next = nil
            total = windowEnd
        }
    }

    /// The reader's marks on one row changed (read, starred).
    package mutating func update(_ row: ListRow) {
        guard let index = rows.firstIndex(where: { $0.identity == row.identity }) else { return }
        rows[index] = row
    }
}
