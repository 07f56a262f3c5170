import FoundationEssentials
import NewsCore

/// Refreshes fetched while another instance held the cache's write lock, or while the disk was
/// full: the store keeps them in memory (the lists show them); here they are written once the
/// lock frees or there is room, in the scope of the screen that owned the refresh, and tried
/// once more at quit.
extension Library {
    /// The pause between tries while the lock is held; each try waits for it only briefly
    /// (`LockWait.brief`), so the lists' reads, which queue behind it on the store, never wait.
    static let keptRetryPause = Duration.milliseconds(500)
    /// The pause between tries while the disk is full: a try writes until the disk refuses.
    static let keptRetryPauseWhenFull = Duration.seconds(3)

    /// Writes `key`'s kept edition as soon as the write lock frees or there is room, trying
    /// again until it can (or `scope` closes: then the try at quit is left).
    func writeKeptWhenFree(_ key: SourceKey, shown: Set<ArticleID>, in scope: TaskScope) {
        let store = self.store
        let log = loader.log
        scope.run(.keptArticles(key)) { [weak self] token in
            while !Task.isCancelled {
                let result: Result<MergeResult?, any Error>
                do {
                    result = .success(try await store.writeKept(key, wait: .brief)[key])
                } catch StoreError.busy {
                    do { try await Task.sleep(for: Self.keptRetryPause) } catch { return }
                    continue
                } catch StoreError.diskFull {
                    do { try await Task.sleep(for: Self.keptRetryPauseWhenFull) } catch { return }
                    continue
                } catch {
                    result = .failure(error)
                }
                if case .success(let merged?) = result {
                    log.cache("kept written", ["source": key.rawValue, "added": String(merged.added.count)])
                }
                scope.update(token) { self?.keptWritten(key, result, shown: shown) }
                return
            }
        }
    }

    private func keptWritten(_ key: SourceKey, _ result: Result<MergeResult?, any Error>, shown: Set<ArticleID>) {
        switch result {
        case .success(let merged):
            // The rows shown from memory are in the file now, by other ids; those marked new stay new.
            if !newArticles.isDisjoint(with: shown) {
                newArticles.subtract(shown)
                newArticles.formUnion(merged?.added ?? [])
            }
            notify(.keptWritten(key, added: merged?.added ?? [], shown: shown))
        case .failure(let error):
            // Kept still, and shown; a later refresh or the quit tries again.
            phases[key] = .failed(ErrorText.sentence(error))
            notify(.phase(key))
        }
        reloadCounts()
    }

    /// At quit: one more try to write what is still kept, in the library's own scope, so that
    /// the quit's wait for the last marks bounds it too.
    func writeKeptAtQuit() {
        let store = self.store
        let log = loader.log
        scope.run(.keptArticles(nil)) { _ in
            let count = await store.keptArticleCount
            guard !(await store.keptSources.isEmpty) else { return }
            do {
                try await store.writeKept()
                log.cache("kept written", ["at": "quit", "added": String(count)])
            } catch {
                log.cache("kept lost", ["articles": String(count), "error": ErrorText.sentence(error)], level: .error)
            }
        }
    }
}
