import FoundationEssentials
import NewsCore

/// The reader's marks, written to the cache in the library's own scope: they complete even when
/// the screen that made them closes at once.
///
/// One after another, in the order they were made: a task per mark would race, because each
/// hops through the shared pool on its way to the store, so opening an article (read), `*` and
/// `N` pressed quickly could land with the opening's "read" last.
extension Library {
    public func setRead(_ read: Bool, _ id: ArticleID) { write(.read(read, id)) }

    public func setStarred(_ starred: Bool, _ id: ArticleID) { write(.starred(starred, id)) }

    /// Marks every article of `list` read (`A`).
    public func markAllRead(_ list: ArticleScope) { write(.allRead(list)) }

    private func write(_ mark: MarkWrite) {
        pendingMarks.append(mark)
        guard !scope.isRunning(.marks) else { return }  // the running writer takes it in turn
        let store = self.store
        scope.run(.marks) { [weak self] token in
            // Not stopped by cancellation: a mark made just before quitting still reaches the
            // cache, and the drain at exit bounds the wait.
            while let self, !self.pendingMarks.isEmpty {
                let next = self.pendingMarks.removeFirst()
                let result: Result<Void, any Error>
                do { result = .success(try await next.apply(to: store)) } catch { result = .failure(error) }
                self.scope.update(token) { self.marked(result) }
            }
        }
    }

    private func marked(_ result: Result<Void, any Error>) {
        if case .failure(let error) = result { notify(.markFailed(ErrorText.sentence(error))) }
        notify(.marks)
        reloadCounts()
    }
}
