/// Which rows to read next as the reader moves: one policy for every list read by pages (a
/// source's list, the All list, a search's matches).
extension ListWindow {
    /// Rows a list reads first, and a page beside the window at least when the reader jumps a long way.
    package static let pageSize = 200

    /// The read the reader's place calls for, so that the list reads as whole: within two
    /// screens of the window's edge, the next (or previous) page, three screenfuls or more (each
    /// read is short, so a key that jumps next is not kept waiting behind it); far past it (`G`,
    /// `g`), the list's end (`.end`) or top (`.top`), `jump` rows at once, read through the
    /// index, so `G` on 100,000 rows costs one page. A search's matches, read by offset, have no
    /// end to jump to: as many pages as reach the reader are read at once. Nil when the rows
    /// around `selection` are read.
    package func readingNeeded(at selection: Int, screenRows: Int, jump: Int) -> Reading? {
        guard !rows.isEmpty else { return nil }
        let margin = max(screenRows, 1) * 2
        let step = max(screenRows * 3, 60)
        let pageSize = Self.pageSize
        if hasMore, selection >= windowEnd - margin {
            if case .cursor = next, selection >= windowEnd + pageSize, selection >= total - pageSize {
                return .end(limit: jump, total: total)
            }
            return .after(limit: min(Self.largestRead, max(step, selection + margin - windowEnd)))
        }
        if hasRowsBefore, selection < offset + margin {
            if selection < pageSize, selection < offset - pageSize { return .top(limit: jump, total: total) }
            return .before(limit: min(Self.largestRead, max(step, offset - selection + margin)))
        }
        return nil
    }
}
