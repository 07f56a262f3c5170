import FoundationEssentials

/// A refresh's edition that could not be written (another instance held the cache's write
/// lock, the disk was full): kept in memory until it can be (`ArticleStore.writeKept`). Meanwhile the lists
/// show its articles that the cache does not hold yet (`rows`), so nothing fetched is lost.
struct KeptMerge {
    let edition: Edition
    let validators: HTTPValidators
    let route: FeedRoute
    let answeredAt: Date
    /// The articles new to the cache, as lists show them (ids below zero: not in the file).
    let rows: [KeptRow]
    let reason: KeptReason
}

/// Why an edition is kept in memory rather than written.
public enum KeptReason: Sendable, Hashable {
    /// Another instance holds the write lock: written once it frees.
    case locked
    /// The disk (or the file's size limit) is full: written once there is room.
    case diskFull
    /// The cache cannot be written at all: shown for the session only.
    case readOnly

    /// Whether writing it is tried again (by `ArticleStore.writeKept`).
    public var isRetried: Bool { self != .readOnly }
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
    /// The edition is kept in memory (see `KeptReason` for why), its new articles (these ids,
    /// below zero) shown in the lists, and, unless the cache cannot be written at all, written
    /// when the lock frees or there is room (`ArticleStore.writeKept`).
    case kept(shown: Set<ArticleID>, reason: KeptReason)

    /// The sentence the status bar says for an edition of `count` new articles kept for `reason`
    /// (nil for a read-only cache: that was said once, at start).
    public static func keptMessage(newArticles count: Int, reason: KeptReason) -> String? {
        let what: String
        switch count {
        case 0: what = "this refresh"
        case 1: what = "1 new article is shown and"
        default: what = "\(count) new articles are shown and"
        }
        switch reason {
        case .locked: return "Another Headlines is writing the article cache; \(what) will be saved when it finishes."
        case .diskFull: return "The disk is full; \(what) will be saved when there is room."
        case .readOnly: return nil
        }
    }
}
