/// The orders a list can be read in (`sort =` in the config; a key cycles them). Every one is
/// a total order (the article id breaks ties), so pages read in it neither repeat nor skip.
public enum ListOrder: String, CaseIterable, Sendable, Hashable {
    /// Newest first (the default).
    case date
    /// Oldest first.
    case dateAscending = "date-asc"
    /// By title, A to Z (ASCII letters without regard to case).
    case title
    /// By source name, each source's articles newest first.
    case source

    /// The config's name for it.
    public var name: String { rawValue }

    /// The next order, for the key that cycles them.
    public var next: ListOrder {
        let all = Self.allCases
        return all[(all.firstIndex(of: self).map { $0 + 1 } ?? 0) % all.count]
    }

    /// How the status bar says it.
    public var label: String {
        switch self {
        case .date: return "newest first"
        case .dateAscending: return "oldest first"
        case .title: return "by title"
        case .source: return "by source"
        }
    }

    /// The sort keys, most significant first, as SQL over `article a` (and `source s`), each
    /// with its direction in list order; the values a cursor keeps for them come from
    /// `ArticleCursor.values(for:)` in the same order.
    var keys: [(sql: String, ascending: Bool)] {
        switch self {
        case .date: return [("a.sort_time", false), ("a.id", false)]
        case .dateAscending: return [("a.sort_time", true), ("a.id", true)]
        case .title: return [("a.title COLLATE NOCASE", true), ("a.id", true)]
        case .source:
            return [("coalesce(a.source_name, s.key) COLLATE NOCASE", true), ("a.source_id", true), ("a.sort_time", false), ("a.id", false)]
        }
    }

    /// `ORDER BY` for reading the list forwards, or backwards from its end.
    func orderBy(forwards: Bool) -> String {
        keys.map { $0.sql + ($0.ascending == forwards ? " ASC" : " DESC") }.joined(separator: ", ")
    }

    /// The condition (ending in AND) for the rows after `cursor` in list order (or before it,
    /// reading backwards); nothing for no cursor.
    func condition(after cursor: ArticleCursor?, forwards: Bool) -> (sql: String, values: [(any SQLiteBindable)?]) {
        guard let cursor else { return ("", []) }
        let keys = self.keys
        let values = cursor.values(for: self)
        let ops = keys.map { $0.ascending == forwards ? ">" : "<" }
        // One direction throughout: a row value, which SQLite reads as an index range.
        if Set(ops).count == 1 {
            let sql = "(" + keys.map(\.sql).joined(separator: ", ") + ") " + ops[0] + " (" + keys.map { _ in "?" }.joined(separator: ", ") + ") AND"
            return (sql, values)
        }
        // Mixed directions: k1 > ? OR (k1 = ? AND k2 < ?) OR ...
        var clauses: [String] = []
        var bound: [(any SQLiteBindable)?] = []
        for index in keys.indices {
            var parts: [String] = []
            for earlier in 0..<index {
                parts.append("\(keys[earlier].sql) = ?")
                bound.append(values[earlier])
            }
            parts.append("\(keys[index].sql) \(ops[index]) ?")
            bound.append(values[index])
            clauses.append("(" + parts.joined(separator: " AND ") + ")")
        }
        return ("(" + clauses.joined(separator: " OR ") + ") AND", bound)
    }
}
