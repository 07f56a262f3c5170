import NewsCore

/// One read of a list window's page, made by the window (`ListWindow.read`) and run in the
/// task scope of the screen that asked: a page of a list by cursor, or of a search's matches by
/// offset, with the list's true count for a first read.
package struct ListRead: Sendable {
    let store: ArticleStore
    let query: ListQuery
    let reading: ListWindow.Reading
    /// The place the page starts from (after it, or before it); nil for the list's top or end.
    let from: ListPlace?

    package func run() async throws -> ListPage {
        switch (query, reading) {
        case (.list(let scope, let view), .top(let limit, let known)), (.list(let scope, let view), .end(let limit, let known)):
            let fromEnd = if case .end = reading { true } else { false }
            let page =
                fromEnd
                ? try await store.page(scope, before: nil, limit: limit, unreadOnly: view.unreadOnly, stillShown: view.stillShown, order: view.order)
                : try await store.page(scope, limit: limit, unreadOnly: view.unreadOnly, stillShown: view.stillShown, order: view.order)
            let total: Int
            if let known { total = known } else { total = try await store.count(scope, unreadOnly: view.unreadOnly, stillShown: view.stillShown) }
            return answer(page.articles, next: page.next.map(ListPlace.cursor), previous: page.previous.map(ListPlace.cursor), total: total)
        case (.list(let scope, let view), .after(let limit)):
            guard case .cursor(let cursor) = from else { return answer([], next: nil) }
            let page = try await store.page(
                scope, after: cursor, limit: limit, unreadOnly: view.unreadOnly, stillShown: view.stillShown, order: view.order)
            return answer(page.articles, next: page.next.map(ListPlace.cursor))
        case (.list(let scope, let view), .before(let limit)):
            guard case .cursor(let cursor) = from else { return answer([], next: nil) }
            let page = try await store.page(
                scope, before: cursor, limit: limit, unreadOnly: view.unreadOnly, stillShown: view.stillShown, order: view.order)
            return answer(page.articles, next: nil, previous: page.previous.map(ListPlace.cursor))
        case (.search(let text), .top(let limit, _)):
            let (articles, total) = try await store.searchWithCount(text, limit: limit)
            // A short first page is the whole answer, whatever the count said.
            let short = articles.count < limit
            return answer(articles, next: short ? nil : .offset(articles.count), total: short ? articles.count : max(total, articles.count))
        case (.search(let text), .after(let limit)):
            guard case .offset(let offset) = from else { return answer([], next: nil) }
            let articles = try await store.search(text, limit: limit, offset: offset)
            // A short page ends the matches: the count was stale, and no silent gap is left.
            return answer(articles, next: articles.count < limit ? nil : .offset(offset + articles.count))
        case (.search, .end), (.search, .before):
            return answer([], next: nil)  // matches are read from the best on
        }
    }

    private func answer(_ articles: [StoredArticle], next: ListPlace?, previous: ListPlace? = nil, total: Int? = nil) -> ListPage {
        ListPage(query: query, reading: reading, from: from, articles: articles, next: next, previous: previous, total: total)
    }
}

/// Where a page of a list starts: a list's cursor, or a search's offset into its matches.
package enum ListPlace: Sendable, Hashable {
    case cursor(ArticleCursor)
    case offset(Int)
}

/// A page read for a list window, to take in (`ListWindow.take`).
package struct ListPage: Sendable {
    let query: ListQuery
    let reading: ListWindow.Reading
    let from: ListPlace?
    package let articles: [StoredArticle]
    let next: ListPlace?
    let previous: ListPlace?
    /// The list's count, read with a first page (or known before it).
    let total: Int?

    /// The page is the window's first (its top or its end), not one beside it.
    package var replacesWindow: Bool {
        switch reading {
        case .top, .end: return true
        case .after, .before: return false
        }
    }
}
