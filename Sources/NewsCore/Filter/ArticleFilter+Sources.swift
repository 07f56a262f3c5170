/// Which sources a filter can draw articles from: refreshing a query feed refreshes those only,
/// and the SQL of a query feed tests only what a source's facts leave undecided.
extension ArticleFilter {
    /// False when no article of a source with these facts can pass (`tag = "linux"` for a
    /// source without that tag); true when some might.
    public func mayMatch(_ facts: FilterSources.Facts) -> Bool {
        expression.decided(by: facts) != false
    }
}

/// What a filter makes of the articles of one source, given the source's facts alone.
enum SourceVerdict: Hashable {
    /// Every article passes (`tag = "linux"` on a source with that tag).
    case every
    /// None can pass.
    case nothing
    /// Those that pass this, which tests no source field any more (`unread`, from `tag = "linux" and unread`).
    case only(FilterExpression)
}

extension FilterExpression {
    /// The expression's value where the source's facts alone decide it; nil where it depends
    /// on the article (three-valued logic, as SQL's).
    func decided(by facts: FilterSources.Facts) -> Bool? {
        switch verdict(for: facts) {
        case .every: return true
        case .nothing: return false
        case .only: return nil
        }
    }

    /// The expression with every condition on the source replaced by its value for these facts.
    func verdict(for facts: FilterSources.Facts) -> SourceVerdict {
        switch self {
        case .and(let left, let right):
            switch (left.verdict(for: facts), right.verdict(for: facts)) {
            case (.nothing, _), (_, .nothing): return .nothing
            case (.every, let other), (let other, .every): return other
            case (.only(let l), .only(let r)): return .only(.and(l, r))
            }
        case .or(let left, let right):
            switch (left.verdict(for: facts), right.verdict(for: facts)) {
            case (.every, _), (_, .every): return .every
            case (.nothing, let other), (let other, .nothing): return other
            case (.only(let l), .only(let r)): return .only(.or(l, r))
            }
        case .not(let inner):
            switch inner.verdict(for: facts) {
            case .every: return .nothing
            case .nothing: return .every
            case .only(let rest): return .only(.not(rest))
            }
        case .text(let field, let op, let value) where field.isSourceField:
            let found = Self.sourceMatches(field, Self.textTest(op, value), facts)
            return (op == .notEqual ? !found : found) ? .every : .nothing
        case .regex(let field, let regex) where field.isSourceField:
            return Self.sourceMatches(field, regex.matches, facts) ? .every : .nothing
        default:
            return .only(self)
        }
    }
}
