import FoundationEssentials

/// A filter as an SQL condition over `article a`, its values bound, never written into the
/// text. Conditions on the source (`source`, `group`, `tag`) are decided in Swift for each
/// source and become a set of source keys; `~` and `=~` call the SQLite functions that run the
/// Swift evaluation's own code (`FilterFunctions`); the rest is plain SQL over the columns.
/// Every part yields 0 or 1, never NULL, so `NOT` means what Swift's `!` does.
struct FilterSQL {
    var sql = ""
    var values: [(any SQLiteBindable)?] = []

    init() {}

    init(_ expression: FilterExpression, sources: FilterSources, now: Date) {
        append(expression, sources, now)
    }

    /// Adds `test` as one more condition (ending in AND, as a scope's condition does).
    mutating func append(_ test: FilterSQL) {
        sql += test.sql + " AND "
        values += test.values
    }

    private mutating func append(_ expression: FilterExpression, _ sources: FilterSources, _ now: Date) {
        switch expression {
        case .and(let left, let right):
            join(left, "AND", right, sources, now)
        case .or(let left, let right):
            join(left, "OR", right, sources, now)
        case .not(let inner):
            sql += "(NOT "
            append(inner, sources, now)
            sql += ")"
        case .flag(let field):
            sql += field == .unread ? "(a.read = 0)" : "(a.starred = 1)"
        case .text(let field, let op, let value) where field.isSourceField:
            let test = FilterExpression.textTest(op, value)
            sourceSet(sources, negated: op == .notEqual) { FilterExpression.sourceMatches(field, test, $0) }
        case .regex(let field, let regex) where field.isSourceField:
            sourceSet(sources, negated: false) { FilterExpression.sourceMatches(field, regex.matches, $0) }
        case .text(let field, let op, let value):
            let column = Self.column(field)
            switch op {
            case .contains: sql += "hl_contains(\(column), ?)"
            case .notEqual: sql += "(\(column) != ?)"
            default: sql += "(\(column) = ?)"
            }
            values.append(value)
        case .regex(let field, let regex):
            sql += "hl_regexp(\(Self.column(field)), ?)"
            values.append(regex.pattern)
        case .age(let op, let days):
            span(FilterExpression.ageSpan(op, days, now: now))
        case .date(let op, let day):
            span(FilterExpression.dateSpan(op, day))
        }
    }

    /// The articles of the sources whose facts pass `test` (negated for `!=`). An article of a
    /// source the facts do not list passes when empty facts do, so the set is written as the
    /// sources it leaves out, then.
    private mutating func sourceSet(_ sources: FilterSources, negated: Bool, _ test: (FilterSources.Facts) -> Bool) {
        let unknownPasses = test(.unknown) != negated
        let keys = sources.facts.keys.sorted { $0.rawValue < $1.rawValue }.filter { (test(sources[$0]) != negated) != unknownPasses }
        if keys.isEmpty {
            sql += unknownPasses ? "1" : "0"
            return
        }
        sql +=
            "(a.source_id \(unknownPasses ? "NOT IN" : "IN") (SELECT id FROM source WHERE key IN ("
            + keys.map { _ in "?" }.joined(separator: ",") + ")))"
        values += keys.map(\.rawValue)
    }

    private mutating func join(_ left: FilterExpression, _ word: String, _ right: FilterExpression, _ sources: FilterSources, _ now: Date) {
        sql += "("
        append(left, sources, now)
        sql += " \(word) "
        append(right, sources, now)
        sql += ")"
    }

    private mutating func span(_ span: FilterExpression.TimeSpan) {
        var parts: [String] = []
        if let lower = span.lower {
            parts.append("a.sort_time \(lower.inclusive ? ">=" : ">") ?")
            values.append(lower.value)
        }
        if let upper = span.upper {
            parts.append("a.sort_time \(upper.inclusive ? "<=" : "<") ?")
            values.append(upper.value)
        }
        let inside = "(" + parts.joined(separator: " AND ") + ")"
        sql += span.negated ? "(NOT \(inside))" : inside
    }

    /// An article field's text, as `FilterExpression.articleText` builds it.
    static func column(_ field: FilterField) -> String {
        switch field {
        case .title: return "a.title"
        case .author: return "coalesce(a.author, '')"
        case .link: return "a.url"
        default:
            return "coalesce((SELECT coalesce(b.summary, '') || char(10) || coalesce(b.content, '') || char(10) || coalesce(b.body, '') "
                + "FROM article_body b WHERE b.article_id = a.id), char(10) || char(10))"
        }
    }
}
