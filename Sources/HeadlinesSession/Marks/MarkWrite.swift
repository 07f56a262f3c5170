import NewsCore

/// One change of the reader's marks, as it is written to the cache.
enum MarkWrite: Sendable {
    case read(Bool, [ArticleID])
    case starred(Bool, ArticleID)
    /// `A`: every article of a list read.
    case allRead(ArticleScope)

    /// Writes it; returns the change that undoes it (nil: nothing changed).
    func apply(to store: ArticleStore) async throws -> MarkWrite? {
        switch self {
        case .read(let read, let ids):
            let changed = try await store.changeRead(ids, read: read)
            return changed.isEmpty ? nil : .read(!read, changed)
        case .starred(let starred, let id):
            return try await store.setStarred(starred, for: id) ? .starred(!starred, id) : nil
        case .allRead(let list):
            let changed = try await store.markAllReadListingChanges(in: list)
            return changed.isEmpty ? nil : .read(false, changed)
        }
    }

    /// What undoing a marking did, when this was its undoing.
    var undoneText: String {
        switch self {
        case .read(let read, let ids) where ids.count == 1: return "Undone: the article is \(read ? "read" : "unread") again."
        case .read(let read, let ids): return "Undone: \(CountText.grouped(ids.count)) articles are \(read ? "read" : "unread") again."
        case .starred(let starred, _): return starred ? "Undone: the article is starred again." : "Undone: the article is no longer starred."
        case .allRead: return "Undone: every article of the list is read again."
        }
    }
}

/// A marking waiting for its turn: the reader's own (`A`, `N`, `*`: undoable), another (opening
/// an article), or `u`.
enum MarkRequest: Sendable {
    case mark(MarkWrite, undoable: Bool)
    case undo
}
