import FoundationEssentials

/// The filter evaluated in Swift, on one article: for articles that are not in the cache, and
/// as the reference the SQL translation is tested against.
extension ArticleFilter {
    public func matches(_ stored: StoredArticle, sources: FilterSources, now: Date) -> Bool {
        expression.matches(stored, sources: sources, now: now)
    }
}

extension FilterExpression {
    func matches(_ stored: StoredArticle, sources: FilterSources, now: Date) -> Bool {
        switch self {
        case .and(let left, let right):
            return left.matches(stored, sources: sources, now: now) && right.matches(stored, sources: sources, now: now)
        case .or(let left, let right):
            return left.matches(stored, sources: sources, now: now) || right.matches(stored, sources: sources, now: now)
        case .not(let inner):
            return !inner.matches(stored, sources: sources, now: now)
        case .flag(let field):
            return field == .unread ? !stored.isRead : stored.isStarred
        case .text(let field, let op, let value):
            let found = test(field, stored, sources, Self.textTest(op, value))
            return op == .notEqual ? !found : found
        case .regex(let field, let regex):
            return test(field, stored, sources, regex.matches)
        case .age(let op, let days):
            return Self.ageSpan(op, days, now: now).contains(stored.sortDate.timeIntervalSince1970)
        case .date(let op, let day):
            return Self.dateSpan(op, day).contains(stored.sortDate.timeIntervalSince1970)
        }
    }

    private func test(_ field: FilterField, _ stored: StoredArticle, _ sources: FilterSources, _ test: (String) -> Bool) -> Bool {
        if field.isSourceField { return Self.sourceMatches(field, test, sources[stored.source]) }
        return test(Self.articleText(field, stored.article))
    }

    /// An article field's text, as the SQL translation reads it from its columns.
    static func articleText(_ field: FilterField, _ article: Article) -> String {
        switch field {
        case .title: return article.title
        case .author: return article.author ?? ""
        case .link: return article.url?.absoluteString ?? ""
        default:  // .text
            let body: String
            switch article.body {
            case .html(let text)?, .text(let text)?: body = text
            case nil: body = ""
            }
            return (article.description ?? "") + "\n" + (article.content ?? "") + "\n" + body
        }
    }
}
