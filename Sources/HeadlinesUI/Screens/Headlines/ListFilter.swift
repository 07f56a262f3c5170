import NewsCore
import HeadlinesSession

/// The `/` filter: the list's headings held in memory once, lowercased, and matched against
/// what the reader types on every key. Pure and fast: a byte search per heading, and a letter
/// typed searches only the rows the text before it let through (Backspace finds its earlier
/// answer), so a key costs a frame at 100,000 headings. Answers are indices into `rows`, in
/// list order: the screen shows a window of them, never a copy of them all.
struct ListFilter: Equatable {
    private(set) var rows: [ListRow] = []
    /// Each row's title and source, lowercased and case folded, as UTF-8, one after another in
    /// one buffer (100,000 arrays of their own cost as much to make as to search).
    private var haystacks: [UInt8] = []
    /// Where each row's haystack ends in `haystacks` (it starts where the one before ends).
    private var ends: [Int32] = []
    /// Recent answers by text, for narrowing and for Backspace.
    private var answers: [String: [Int32]] = [:]
    static let maxAnswers = 64

    init(rows: [ListRow] = []) {
        self.rows = rows
        ends.reserveCapacity(rows.count)
        haystacks.reserveCapacity(rows.count * 64)
        for row in rows {
            // U+001F between title and source: nothing typed matches across the two.
            Self.appendFolded(row.article.title + "\u{1F}" + (row.article.sourceName ?? ""), to: &haystacks)
            ends.append(Int32(haystacks.count))
        }
    }

    /// `text` lowercased and case folded (as `CaseFolding`), its bytes appended; ASCII, as
    /// most headings are, byte by byte without building strings.
    static func appendFolded(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        let ascii = text.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
            for byte in utf8 { bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
            return true
        }
        if !ascii { bytes.append(contentsOf: CaseFolding.fold(text.lowercased()).utf8) }
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
            haystacks.withUnsafeBufferPointer { all in
                needle.withUnsafeBufferPointer { pin in
                    func holds(_ index: Int32) -> Bool {
                        let start = index == 0 ? 0 : Int(ends[Int(index) - 1])
                        let slice = UnsafeBufferPointer(rebasing: all[start..<Int(ends[Int(index)])])
                        return ByteSearch.firstOffset(of: pin, in: slice, from: 0) != nil
                    }
                    if let narrower {
                        for index in narrower where holds(index) { found.append(index) }
                    } else {
                        for index in 0..<Int32(rows.count) where holds(index) { found.append(index) }
                    }
                }
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
}
