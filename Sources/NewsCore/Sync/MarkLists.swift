/// The unread and starred ids a client has read from its server: a first sync's lists (every
/// unread and starred article, each seen once), or the cache's marks with the articles changed
/// since the last sync laid over them (Miniflux's `changed_after`, Nextcloud News' `items/updated`).
struct MarkLists: Sendable {
    var unread: Set<RemoteArticleID> = []
    var starred: Set<RemoteArticleID> = []

    init() {}

    /// The cache's marks, to lay the server's changes over.
    init(_ local: LocalMarks) {
        unread = local.unread
        starred = local.starred
    }

    /// Takes the server's marks for `article`: in a list where it is unread or starred, out where not.
    mutating func take(_ article: RemoteArticle) {
        if article.unread { unread.insert(article.id) } else { unread.remove(article.id) }
        if article.starred { starred.insert(article.id) } else { starred.remove(article.id) }
    }

    /// The lists as the server's marks for the whole account.
    var marks: RemoteMarks { RemoteMarks(unread: unread, starred: starred) }
}
