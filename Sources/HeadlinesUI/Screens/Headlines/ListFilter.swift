import NewsCore
import HeadlinesSession

/// The `/` filter: the list's headings, folded, held in memory once (`HeadingIndex`, read from
/// the cache's bytes without decoding an article) and matched against what the reader types on
/// every key. Pure and fast: a byte search per heading, and a letter typed searches only the
/// rows the text before it let through (Backspace finds its earlier answer), so a key costs a
/// frame at 100,000 headings. Answers are indices into the index, in list order: the screen
/// shows a window of them, whose rows it reads from the cache by id as the window moves
/// (`add`), never a copy of them all.
struct ListFilter {
    private(set) var index: HeadingIndex
    /// Rows read for the windows shown so far, by id.
    private var rows: [ArticleID: ListRow] = [:]
    /// Marks changed while the filter is on: they win over the index's, and over rows read
    /// after (the library may not have written them yet).
    private var readChanges: [ArticleID: Bool] = [:]
    private var starChanges: [ArticleID: Bool] = [:]
    /// Headings whose article left the cache (pruned) since the index was read.
    private var gone: Set<Int32> = []
    /// Recent answers by text, for narrowing and for Backspace.
    private var answers: [String: [Int32]] = [:]
    static let maxAnswers = 64
    /// Rows held at most; beyond, those read before are let go (a window is 400).
    static let maxRows = 20_000

    init(index: HeadingIndex = HeadingIndex(), rows known: [ListRow] = []) {
        self.index = index
        add(known)
    }

    /// A filter over `rows` alone, each heading made from its row (tests, and lists of few).
    init(rows: [ListRow]) {
        var index = HeadingIndex()
        for row in rows {
            guard let id = row.id else { continue }
            index.append(id, isRead: row.isRead, title: row.article.title, sourceName: row.article.sourceName)
        }
        self.init(index: index, rows: rows)
    }

    var count: Int { index.count }

    func id(_ match: Int32) -> ArticleID { index.ids[Int(match)] }

    /// The row of `id`, when it has been read.
    func row(_ id: ArticleID) -> ListRow? { rows[id] }

    /// Whether heading `match` is unread, as the reader last left it.
    func isUnread(_ match: Int32) -> Bool {
        let id = index.ids[Int(match)]
        return !(readChanges[id] ?? rows[id]?.isRead ?? index.isRead[Int(match)])
    }

    /// Rows read from the cache for a window, with the marks changed meanwhile.
    mutating func add(_ read: [ListRow]) {
        if rows.count + read.count > Self.maxRows { rows.removeAll(keepingCapacity: true) }
        for var row in read {
            guard let id = row.id else { continue }
            if let read = readChanges[id] {
                row.isRead = read
                row.isNew = false
            }
            if let starred = starChanges[id] { row.isStarred = starred }
            rows[id] = row
        }
    }

    /// Ids asked for that the cache no longer holds: matched no more.
    mutating func forget(_ ids: Set<ArticleID>) {
        guard !ids.isEmpty else { return }
        for match in index.ids.indices where ids.contains(index.ids[match]) { gone.insert(Int32(match)) }
        answers.removeAll()
    }

    /// The indices of the headings whose title or source holds `text` (case-insensitive), in
    /// list order; every heading for "".
    mutating func matches(_ text: String) -> [Int32] {
        let key = HeadingIndex.fold(text)
        if let known = answers[key] { return known }
        let needle = Array(key.utf8)
        var found: [Int32] = []
        if needle.isEmpty {
            found = gone.isEmpty ? Array(0..<Int32(index.count)) : (0..<Int32(index.count)).filter { !gone.contains($0) }
        } else {
            // The longest earlier text this one extends holds every match of it.
            let narrower = answers.filter { key.hasPrefix($0.key) }.max { $0.key.count < $1.key.count }?.value
            let ends = index.ends
            let gone = self.gone
            index.haystacks.withUnsafeBufferPointer { all in
                needle.withUnsafeBufferPointer { pin in
                    func holds(_ match: Int32) -> Bool {
                        let start = match == 0 ? 0 : Int(ends[Int(match) - 1])
                        let slice = UnsafeBufferPointer(rebasing: all[start..<Int(ends[Int(match)])])
                        return ByteSearch.firstOffset(of: pin, in: slice, from: 0) != nil && (gone.isEmpty || !gone.contains(match))
                    }
                    if let narrower {
                        for match in narrower where holds(match) { found.append(match) }
                    } else {
                        for match in 0..<Int32(index.count) where holds(match) { found.append(match) }
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
        guard let id = row.id else { return }
        readChanges[id] = row.isRead
        starChanges[id] = row.isStarred
        if rows[id] != nil { rows[id] = row }
    }

    /// Articles marked read (or unread) at once, read or not yet (`A` on a filtered list).
    mutating func setRead(_ read: Bool, _ ids: [ArticleID]) {
        for id in ids {
            readChanges[id] = read
            if rows[id] != nil {
                rows[id]?.isRead = read
                rows[id]?.isNew = false
            }
        }
    }
}
