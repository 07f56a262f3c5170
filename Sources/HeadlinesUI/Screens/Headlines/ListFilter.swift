import NewsCore

/// The `/` filter: the list's headings held in memory once, lowercased, and matched against
/// what the reader types on every key. Pure and fast: a byte search per heading, thousands of
/// headings well within a frame.
struct ListFilter: Equatable {
    private(set) var rows: [ListRow] = []
    /// Each row's title and source, lowercased, as UTF-8.
    private var haystacks: [[UInt8]] = []

    init(rows: [ListRow] = []) {
        self.rows = rows
        haystacks = rows.map { row in Array((row.article.title + "\u{1F}" + (row.article.sourceName ?? "")).lowercased().utf8) }
    }

    /// The rows whose title or source holds `text` (case-insensitive); every row for "".
    func matches(_ text: String) -> [ListRow] {
        let needle = Array(text.lowercased().utf8)
        guard !needle.isEmpty else { return rows }
        var found: [ListRow] = []
        for (index, haystack) in haystacks.enumerated() where Self.contains(haystack, needle) { found.append(rows[index]) }
        return found
    }

    /// The reader's marks changed on one row.
    mutating func update(_ row: ListRow) {
        guard let index = rows.firstIndex(where: { $0.identity == row.identity }) else { return }
        rows[index] = row
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count, let first = needle.first else { return needle.isEmpty }
        let last = haystack.count - needle.count
        var start = 0
        while start <= last {
            if haystack[start] == first {
                var matched = 1
                while matched < needle.count, haystack[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
