import NewsCore
import HeadlinesSession

/// The reader's marks on an article from the cache: `N` and `*` change them on the article's
/// screen as on the list's.
package struct ArticleMarks: Equatable, Sendable {
    package let id: ArticleID
    package var isRead: Bool
    package var isStarred: Bool

    package init(id: ArticleID, isRead: Bool, isStarred: Bool) {
        self.id = id
        self.isRead = isRead
        self.isStarred = isStarred
    }

    /// The marks of a list's row; nil for an article that is not in the cache (a NewsAPI search answer).
    init?(_ row: ListRow) {
        guard let id = row.id else { return nil }
        self.init(id: id, isRead: row.isRead, isStarred: row.isStarred)
    }

    /// "★ starred · unread · ", before the screen's name in the status bar.
    var statusText: String {
        (isStarred ? "★ starred · " : "") + (isRead ? "" : "unread · ")
    }
}
