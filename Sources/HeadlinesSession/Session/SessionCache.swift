import FoundationEssentials
import Glibc
import NewsCore

/// The article cache for one run: the file at its place, or, when that cannot be opened at all
/// (a home folder that cannot be written), a file of this run's own that goes when it ends, so
/// the program still starts and says why nothing will be kept.
@MainActor
package struct SessionCache {
    package let store: ArticleStore
    /// What the person should know about the cache (moved aside, read-only, not kept), once.
    package let notice: Notice?
    private let temporaryFile: URL?

    /// Throws when neither the cache nor a temporary file can be opened (nothing can be kept at all).
    package static func open(_ file: URL, log: DiagnosticLog) async throws -> SessionCache {
        do {
            let store = try await ArticleStore.open(at: file)
            var notice = await store.notices.first.map { Notice($0, kind: .error) }
            if case .readOnly(let reason) = await store.access {
                notice = Notice("The article cache is read-only (\(reason)): refreshes are shown but not kept, and marks are not saved.", kind: .error)
            }
            for line in await store.notices { log.cache("opened", ["notice": line], level: .error) }
            return SessionCache(store: store, notice: notice, temporaryFile: nil)
        } catch {
            let reason = ErrorText.sentence(error)
            log.cache("unavailable", ["error": reason], level: .error)
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("headlines-session-\(getpid())-\(UUID().uuidString.prefix(8)).db")
            let store = try await ArticleStore.open(at: temporary)
            return SessionCache(store: store, notice: Notice(reason + " Articles are kept for this session only.", kind: .error), temporaryFile: temporary)
        }
    }

    /// Ends the library's background work and removes this run's own file, if it had one.
    package func close(_ library: Library) async {
        // The reader's last marks, and refreshes kept while another instance held the write
        // lock, first, with time for a store that waits on that lock (its busy timeout is
        // 2 s); the rest is cut short.
        library.writeKeptAtQuit()
        await library.scope.drain(timeout: .seconds(3), only: [.marks, .keptArticles(nil)])
        library.close()
        await library.scope.drain(timeout: .milliseconds(300))
        guard let temporaryFile else { return }
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: temporaryFile.path + suffix)  // a file of this run's own; the OS cleans TMPDIR too
        }
    }
}
