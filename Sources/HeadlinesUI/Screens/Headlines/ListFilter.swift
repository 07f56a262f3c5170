import NewsCore
import HeadlinesSession

/// The `/` filter: the list's headings held in memory once, lowercased, and matched against
/// what the reader types on every key. Pure and fast: a byte search per heading, and a letter
/// typed searches only the rows the text before it let through (Backspace finds its earlier
/// answer), so a key costs a frame at 100,000 headings. Answers are indices into `rows`, in
/// list order: the screen shows a window of them, never a copy of them all.
struct ListFilter: Equatable {
    private(set) var rows: [ListRow] = []
    /// Each row's title and source, lowercased, as UTF-8.
    private var haystacks: [[UInt8]] = []
    /// Recent answers by text, for narrowing and for Backspace.
    private var answers: [String: [Int32]] = [:]
    static let maxAnswers = 64

    init(rows: [ListRow] = []) {
        self.rows = rows
        haystacks = rows.map { row in Array(CaseFolding.fold((row.article.title + "\u{1F}" + (row.article.sourceName ?? "")).lowercased()).utf8) }
    }

    /// The indices of the rows whose title or source holds `text` (case-insensitive), in list
    /// order; every row for "".
    mutating func matches(_ text: String) -> [Int32] {
        let key = CaseFolding.fold(text.lowercased())
        if let known = answers[key] { return known }
        let needle = Array(key.utf8)
        var found: [Int32] = []
        if needle.isEmpty {
            found = Array(0..<Int32(rows.count))
        } else {
            // The longest earlier text this one extends holds every match of it.
            let narrower = answers.filter { key.hasPrefix($0.key) }.max { $0.key.count < $1.key.count }?.value
            if let narrower {
                for index in narrower where Self.contains(haystacks[Int(index)], needle) { found.append(index) }
            } else {
                for (index, haystack) in haystacks.enumerated() where Self.contains(haystack, needle) { found.append(Int32(index)) }
            }
        }
        if answers.count >= Self.maxAnswers { answers.removeAll(keepingCapacity: true) }
        answers[key] = found
        return found
    }

    /// The reader's marks changed on one row.
    mutating func update(_ row: ListRow) {
        guard let index = rows.firstIndex(where: { $0.identity == row.identity }) else { return }
        rows[index] = row
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        ByteSearch.firstOffset(of: needle, in: haystack) != nil
    }
}
