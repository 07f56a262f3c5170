import FoundationEssentials
import NewsCore

/// The reader's marks, written to the cache in the library's own scope: they complete even when
/// the screen that made them closes at once.
///
/// One after another, in the order they were made: a task per mark would race, because each
/// hops through the shared pool on its way to the store, so opening an article (read), `*` and
/// `N` pressed quickly could land with the opening's "read" last.
extension Library {
    /// `undoable`: the reader's own marking (`N`), which `u` undoes; opening an article is not.
    package func setRead(_ read: Bool, _ id: ArticleID, undoable: Bool = false) {
        if read { newArticles.remove(id) }  // read is no longer new, even when marked unread again
        write(.mark(.read(read, [id]), undoable: undoable))
    }

    package func setStarred(_ starred: Bool, _ id: ArticleID) { write(.mark(.starred(starred, id), undoable: true)) }

    /// Marks every article of `list` read (`A`).
    package func markAllRead(_ list: ArticleScope) { write(.mark(.allRead(list), undoable: true)) }

    /// Marks these articles read (`A` on a filtered list).
    package func markRead(_ ids: [ArticleID]) {
        newArticles.subtract(ids)
        write(.mark(.read(true, ids), undoable: true))
    }

    /// An enclosure was downloaded or played: the lists read their rows again, for its mark.
    package func enclosuresChanged() { notify(.marks) }

    /// `u`: undoes the last undoable marking of the session, once it is written (in turn, like any mark).
    package func undoLastMarking() { write(.undo) }

    private func write(_ request: MarkRequest) {
        pendingMarks.append(request)
        guard !scope.isRunning(.marks) else { return }  // the running writer takes it in turn
        let store = self.store
        scope.run(.marks) { [weak self] token in
            // Not stopped by cancellation: a mark made just before quitting still reaches the
            // cache, and the drain at exit bounds the wait.
            while let self, !self.pendingMarks.isEmpty {
                let request = self.pendingMarks.removeFirst()
                let mark: MarkWrite
                switch request {
                case .mark(let write, _):
                    mark = write
                case .undo:
                    guard let inverse = self.lastMarkingUndo else {
                        self.scope.update(token) { self.notify(.undone("There is no marking to undo.")) }
                        continue
                    }
                    self.lastMarkingUndo = nil
                    mark = inverse
                }
                let result: Result<MarkWrite?, any Error>
                do { result = .success(try await mark.apply(to: store)) } catch { result = .failure(error) }
                // Taken here, in the writer's order: an undo asked for meanwhile undoes this one.
                if case .mark(_, undoable: true) = request, case .success(let inverse?) = result { self.lastMarkingUndo = inverse }
                self.scope.update(token) {
                    if case .undo = request, case .success = result { self.notify(.undone(mark.undoneText)) }
                    self.marked(result)
                }
            }
        }
    }

    private func marked(_ result: Result<MarkWrite?, any Error>) {
        if case .failure(let error) = result { notify(.writeFailed(ErrorText.sentence(error))) }
        notify(.marks)
        reloadCounts()
        sendMarksToServers()
    }

    /// A mark on a server's article went into the cache's outbox (a trigger puts it there): it
    /// is sent now, when the server answers; otherwise the next sync sends it.
    private func sendMarksToServers() {
        var accounts: [String: any SourceAccount] = [:]
        for entry in entries { if let account = entry.source.account { accounts[account.name] = account } }
        for (name, account) in accounts where !scope.isRunning(.sendMarks(name)) {
            // A failure leaves the marks in the outbox, for the next sync, which reports it; marks
            // the server refused are set aside now, and said so now (no sync will see them again).
            scope.run(
                .sendMarks(name), work: { try await account.sendMarks() },
                apply: { [weak self] result in
                    if case .success(let sent) = result, let sentence = sent.refusedSentence { self?.notify(.writeFailed(sentence)) }
                })
        }
    }
}
