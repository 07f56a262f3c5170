import FoundationEssentials
import NewsCore

/// The reader's marks, written to the cache in the library's own scope: they complete even when
/// the screen that made them closes at once.
extension Library {
    public func setRead(_ read: Bool, _ id: ArticleID) {
        let store = self.store
        scope.run(.mark(id), work: { try await store.markRead([id], read: read) }) { [weak self] result in
            self?.marked(result)
        }
    }

    public func setStarred(_ starred: Bool, _ id: ArticleID) {
        let store = self.store
        scope.run(.mark(id), work: { try await store.setStarred(starred, for: id) }) { [weak self] result in
            self?.marked(result)
        }
    }

    /// Marks every article of `list` read (`A`).
    public func markAllRead(_ list: ArticleScope) {
        let store = self.store
        scope.run(.markAll, work: { try await store.markAllRead(in: list) }) { [weak self] result in
            self?.marked(result)
        }
    }

    private func marked<T>(_ result: Result<T, any Error>) {
        if case .failure(let error) = result { notify(.markFailed(ErrorText.sentence(error))) }
        notify(.marks)
        reloadCounts()
    }
}
