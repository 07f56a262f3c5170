import FoundationEssentials
import NewsCore

/// One row of a list of articles: the article, its place in the cache, and the reader's marks.
package struct ListRow: Equatable, Sendable {
    package var article: Article
    /// Its id in the cache; nil for an article that never was in one (tests, a search answer).
    package var id: ArticleID?
    package var isRead: Bool
    package var isStarred: Bool
    /// Arrived with the latest refresh of this list.
    package var isNew: Bool
    /// Its enclosure downloaded, or played.
    package var enclosureState: EnclosureState = .none

    package init(article: Article, id: ArticleID? = nil, isRead: Bool = false, isStarred: Bool = false, isNew: Bool = false) {
        self.article = article
        self.id = id
        self.isRead = isRead
        self.isStarred = isStarred
        self.isNew = isNew
    }

    package init(_ stored: StoredArticle, isNew: Bool = false) {
        self.init(article: stored.article, id: stored.id, isRead: stored.isRead, isStarred: stored.isStarred, isNew: isNew)
        enclosureState = stored.enclosureState
    }

    /// What a row is known by across refreshes: its cache id, else the article's identity.
    package enum Identity: Hashable, Sendable {
        case id(ArticleID)
        case article(String)
    }

    /// Cheap to compare for cached rows (no string is built): a list of 100,000 rows looks for
    /// one on every key.
    package var identity: Identity { id.map { .id($0) } ?? .article(article.identity) }
}
