/// Which sources a filter can draw articles from: refreshing a query feed refreshes those only.
extension ArticleFilter {
    /// False when no article of a source with these facts can pass (`tag = "linux"` for a
    /// source without that tag); true when some might.
    public func mayMatch(_ facts: FilterSources.Facts) -> Bool {
        expression.decided(by: facts) != false
    }
}

extension FilterExpression {
    /// The expression's value where the source's facts alone decide it; nil where it depends
    /// on the article (three-valued logic, as SQL's).
    func decided(by facts: FilterSources.Facts) -> Bool? {
        switch self {
        case .and(let left, let right):
            let l = left.decided(by: facts), r = right.decided(by: facts)
            if l == false || r == false { return false }
            return l == true && r == true ? true : nil
        case .or(let left, let right):
            let l = left.decided(by: facts), r = right.decided(by: facts)
            if l == true || r == true { return true }
            return l == false && r == false ? false : nil
        case .not(let inner):
            return inner.decided(by: facts).map { !$0 }
        case .text(let field, let op, let value) where field.isSourceField:
            let found = Self.sourceMatches(field, Self.textTest(op, value), facts)
            return op == .notEqual ? !found : found
        case .regex(let field, let regex) where field.isSourceField:
            return Self.sourceMatches(field, regex.matches, facts)
        default:
            return nil
        }
    }
}
