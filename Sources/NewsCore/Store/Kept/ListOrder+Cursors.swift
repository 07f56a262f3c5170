/// The list orders compared in memory, for kept articles merged with rows read from the file:
/// the same keys, directions and collation as the SQL (`ListOrder.keys`).
extension ListOrder {
    /// Whether the row at `a` comes before the row at `b` in this order.
    func precedes(_ a: ArticleCursor, _ b: ArticleCursor) -> Bool {
        for (sign, ascending) in comparisons(a, b) where sign != 0 {
            return (sign < 0) == ascending
        }
        return false
    }

    /// Each key's comparison of `a` with `b` (-1, 0, 1), most significant first, with its direction.
    private func comparisons(_ a: ArticleCursor, _ b: ArticleCursor) -> [(Int, Bool)] {
        let time = Self.sign(a.sortTime, b.sortTime)
        let id = Self.sign(a.id.rawValue, b.id.rawValue)
        switch self {
        case .date: return [(time, false), (id, false)]
        case .dateAscending: return [(time, true), (id, true)]
        case .title: return [(Self.noCase(a.text ?? "", b.text ?? ""), true), (id, true)]
        case .source:
            return [
                (Self.noCase(a.text ?? "", b.text ?? ""), true), (Self.sign(a.sourceID ?? 0, b.sourceID ?? 0), true),
                (time, false), (id, false),
            ]
        }
    }

    private static func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }

    /// SQLite's NOCASE: the UTF-8 bytes compared with ASCII capitals folded to small letters.
    static func noCase(_ a: String, _ b: String) -> Int {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next().map(folded), right.next().map(folded)) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?) where x != y: return x < y ? -1 : 1
            default: continue
            }
        }
    }

    private static func folded(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
}

/// A row's place in a list's order, read with the row: what kept articles are merged in by (the
/// pages and the headings read it alike).
extension ListOrder {
    /// The columns after `ArticleRow.columns` that `ArticleCursor(placedRow:)` reads back.
    var placeColumns: String { "a.sort_time, \(self == .source ? "coalesce(a.source_name, s.key)" : "a.title"), a.source_id" }
}

extension ArticleCursor {
    /// The cursor of a row read as `ArticleRow.columns`, then `ListOrder.placeColumns`.
    init(placedRow row: SQLiteRow) {
        let place = ArticleRow.columnCount
        self.init(sortTime: row.double(place) ?? 0, id: ArticleID(row.int64(0)), text: row.text(place + 1), sourceID: row.int64(place + 2))
    }
}
