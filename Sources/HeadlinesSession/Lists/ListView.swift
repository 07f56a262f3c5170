import NewsCore

/// How a list is read from the cache: its order, whether read articles are left out, and the
/// articles the reader marked in this visit, which stay on their rows whatever the list's
/// conditions say (an unread-only list, Starred, a query feed's `unread`), so that reading one
/// never shifts the others under the reader and `n`, `J` and `K` go on from it.
package struct ListView: Sendable, Hashable {
    package var order: ListOrder
    package var unreadOnly: Bool
    package var stillShown: Set<ArticleID>

    package init(order: ListOrder = .date, unreadOnly: Bool = false, stillShown: Set<ArticleID> = []) {
        self.order = order
        self.unreadOnly = unreadOnly
        self.stillShown = stillShown
    }
}
