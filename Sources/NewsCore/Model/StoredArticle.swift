import FoundationEssentials

/// An article as the store keeps it: the article itself and what the reader did with it.
public struct StoredArticle: Sendable, Hashable, Identifiable {
    public let id: ArticleID
    public let source: SourceKey
    public var article: Article
    /// When this store first saw the article.
    public let firstSeen: Date
    public var isRead: Bool
    public var isStarred: Bool
    /// How far the reader took its enclosure: downloaded (`e`), played (`p`).
    public var enclosureState: EnclosureState

    public init(
        id: ArticleID, source: SourceKey, article: Article, firstSeen: Date, isRead: Bool, isStarred: Bool,
        enclosureState: EnclosureState = .none
    ) {
        self.id = id
        self.source = source
        self.article = article
        self.firstSeen = firstSeen
        self.isRead = isRead
        self.isStarred = isStarred
        self.enclosureState = enclosureState
    }

    /// The date lists sort by, newest first: the published date, else the first-seen time.
    public var sortDate: Date { article.publishedAt ?? firstSeen }
}

/// How far an article's enclosure (a podcast's episode) got: the lists' `♪` becomes `↓` once it
/// is downloaded and `✓` once it is played.
public enum EnclosureState: Sendable, Hashable {
    case none, downloaded, played
}
