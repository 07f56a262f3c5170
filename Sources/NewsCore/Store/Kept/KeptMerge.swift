import FoundationEssentials

/// A refresh's edition that could not be written because another instance held the cache's
/// write lock: kept in memory until it can be (`ArticleStore.writeKept`). Meanwhile the lists
/// show its articles that the cache does not hold yet (`rows`), so nothing fetched is lost.
struct KeptMerge {
    let edition: Edition
    let validators: HTTPValidators
    let route: FeedRoute
    let answeredAt: Date
    /// The articles new to the cache, as lists show them (ids below zero: not in the file).
    let rows: [KeptRow]
    /// Written once the lock frees; false when the cache cannot be written at all (kept for the session).
    let waitsForLock: Bool
}

/// One article of a kept merge, with what the lists sort it by.
struct KeptRow {
    let stored: StoredArticle
    let sortTime: Double
    /// The source's row id; for a source the file does not know yet, one above any real id.
    let sourceID: Int64
    /// What `.source` order sorts by: `coalesce(source_name, key)`, as the SQL reads it.
    let sourceName: String

    /// Its position in `order`, as a cursor over the stored rows would say it.
    func cursor(_ order: ListOrder) -> ArticleCursor {
        let text: String?
        switch order {
        case .date, .dateAscending: text = nil
        case .title: text = stored.article.title
        case .source: text = sourceName
        }
        return ArticleCursor(sortTime: sortTime, id: stored.id, text: text, sourceID: sourceID)
    }
}

/// What `ArticleStore.mergeOrKeep` did with an edition.
public enum MergeOutcome: Sendable, Hashable {
    /// Written to the file.
    case written(MergeResult)
    /// Another instance holds the write lock (`waitsForLock`), or the cache cannot be written:
    /// the edition is kept in memory, its new articles (these ids, below zero) shown in the
    /// lists, and written when the lock frees (`ArticleStore.writeKept`).
    case kept(shown: Set<ArticleID>, waitsForLock: Bool)

    /// The sentence the status bar says for a kept edition of `count` new articles.
    public static func keptMessage(newArticles count: Int) -> String {
        let what: String
        switch count {
        case 0: what = "this refresh"
        case 1: what = "1 new article is shown and"
        default: what = "\(count) new articles are shown and"
        }
        return "Another Headlines is writing the article cache; \(what) will be saved when it finishes."
    }
}
