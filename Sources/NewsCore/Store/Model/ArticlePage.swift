import FoundationEssentials

extension StoredArticle {
    /// Where the next page starts when this is the last article of a page.
    public var cursor: ArticleCursor { ArticleCursor(sortTime: sortDate.timeIntervalSince1970, id: id) }
}

/// Which articles a list shows.
public enum ArticleScope: Sendable, Hashable {
    /// One source's articles.
    case source(SourceKey)
    /// Every source's articles in one list.
    case all
    /// These sources' articles in one list (the "All" of a config: the sources it names).
    case sources([SourceKey])
    /// Starred articles, from every source.
    case starred
    /// The articles of a scope that pass a filter (a query feed, `/` with `=`).
    indirect case filtered(ArticleScope, ArticleFilter)
}

/// A position in a list: the page after it holds the articles that sort after it. Articles
/// that arrive later never shift the pages after a cursor in date order.
public struct ArticleCursor: Sendable, Hashable {
    let sortTime: Double
    let id: ArticleID
    /// The title or source name the list is sorted by (`ListOrder.title`, `.source`).
    var text: String?
    var sourceID: Int64?

    init(sortTime: Double, id: ArticleID, text: String? = nil, sourceID: Int64? = nil) {
        self.sortTime = sortTime
        self.id = id
        self.text = text
        self.sourceID = sourceID
    }

    /// The values of `order`'s keys at this position.
    func values(for order: ListOrder) -> [(any SQLiteBindable)?] {
        switch order {
        case .date, .dateAscending: return [sortTime, id.rawValue]
        case .title: return [text ?? "", id.rawValue]
        case .source: return [text ?? "", sourceID ?? 0, sortTime, id.rawValue]
        }
    }
}

/// One page of a list, and where the next one starts (nil at the end). A page read backwards
/// from the end (`page(_:before:)`) also says where the rows before it end.
public struct ArticlePage: Sendable, Hashable {
    public var articles: [StoredArticle]
    public var next: ArticleCursor?
    /// The cursor to read the rows before this page with; nil when it starts the list.
    public var previous: ArticleCursor?

    public init(articles: [StoredArticle], next: ArticleCursor?, previous: ArticleCursor? = nil) {
        self.articles = articles
        self.next = next
        self.previous = previous
    }
}
