import NewsCore

/// Articles as the cache holds them now, for the screens that show one or hand it on: a list's
/// row may carry only its heading (a filtered list's rows do), and the full text read from an
/// article's page is kept beside the feed's. Nonisolated: screens read them in their tasks.
extension Library {
    /// The article as the cache holds it, with its page's full text if one was read; nil when
    /// it is gone (pruned since the list was read).
    nonisolated package func article(_ id: ArticleID) async throws -> Article? {
        try await store.article(id)?.article
    }

    /// The article as the cache holds it (nil `id`, or pruned meanwhile: as given), with the full
    /// text read from its page in place of the feed's when there is one and `fullText` (the
    /// article screen's `x` may have put it aside; a list's row, which carries none, gets it).
    nonisolated package func whole(_ article: Article, id: ArticleID?, fullText: Bool = true) async throws -> Article {
        guard let id, let stored = try await self.article(id) else { return article }
        return fullText ? stored.readingFullText : stored.readingFeedText
    }

    /// How many articles of `scope` are unread, counted in the cache (`A` asks before marking
    /// them; a query feed's and Starred's have no summary to say it).
    nonisolated package func unreadCount(in scope: ArticleScope) async throws -> Int {
        try await store.count(scope, unreadOnly: true)
    }
}
