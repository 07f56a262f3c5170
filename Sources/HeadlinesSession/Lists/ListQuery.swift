import NewsCore

/// What a list shows, as the cache is asked for it: a list of articles in a view, or the
/// matches of a search, best first.
package enum ListQuery: Sendable, Hashable {
    case list(ArticleScope, ListView)
    case search(String)

    /// Every heading of the list as the `/` filter searches them (ids and folded text, no rows);
    /// `passing`: only those a filter expression lets through. A search has none to give.
    package func headingIndex(passing filter: ArticleFilter? = nil, in library: Library) async throws -> HeadingIndex {
        guard case .list(let scope, let view) = self else { return HeadingIndex() }
        let filtered = filter.map { ArticleScope.filtered(scope, $0) } ?? scope
        return try await library.store.headingIndex(filtered, unreadOnly: view.unreadOnly, stillShown: view.stillShown, order: view.order)
    }
}
