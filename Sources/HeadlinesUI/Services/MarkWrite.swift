import NewsCore

/// One change of the reader's marks, as it is written to the cache.
enum MarkWrite: Sendable {
    case read(Bool, ArticleID)
    case starred(Bool, ArticleID)
    /// `A`: every article of a list read.
    case allRead(ArticleScope)

    func apply(to store: ArticleStore) async throws {
        switch self {
        case .read(let read, let id): try await store.markRead([id], read: read)
        case .starred(let starred, let id): try await store.setStarred(starred, for: id)
        case .allRead(let list): try await store.markAllRead(in: list)
        }
    }
}
