/// The fields a filter can test. Text fields compare with `=`, `!=`, `~` and `=~`; `age`
/// (whole days) and `date` (a UTC day, `YYYY-MM-DD`, as `--print` shows dates) with `=`, `!=`,
/// `<` and `>`; `unread` and `starred` stand alone (`unread`, `not starred`).
public enum FilterField: String, Sendable, Hashable, CaseIterable {
    case title, author, text, source, group, tag, link, unread, starred, age, date

    enum Kind { case text, flag, age, date }

    var kind: Kind {
        switch self {
        case .title, .author, .text, .source, .group, .tag, .link: return .text
        case .unread, .starred: return .flag
        case .age: return .age
        case .date: return .date
        }
    }

    /// The fields that belong to an article's source rather than to the article: tested once
    /// per source (see `FilterSources`).
    var isSourceField: Bool { self == .source || self == .group || self == .tag }

    var operators: [FilterOperator] {
        switch kind {
        case .text: return [.equal, .notEqual, .contains, .matches]
        case .age, .date: return [.equal, .notEqual, .less, .greater]
        case .flag: return []
        }
    }
}
