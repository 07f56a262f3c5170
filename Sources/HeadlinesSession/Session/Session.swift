import FoundationEssentials
import Glibc
import NewsCore

/// One reading session: the cache, the library of sources and feed servers over it, and what
/// opening them had to say. The interface and every command that reads or refreshes the cache
/// open it here, the same way: the demo edition forgotten once the config names sources, the
/// rules set, each server's feeds listed after the sources, one error policy.
@MainActor
package final class Session {
    /// What the session is opened for: what a cache that cannot be opened or written means to it.
    package enum Use: Sendable {
        /// The interface: a cache that cannot be opened is replaced by a file of this run's own
        /// (the program still starts, and says nothing will be kept); what a refresh fetched
        /// waits only briefly for another instance's write lock (it is shown at once, written later);
        /// counts, pruning, other writers and `refresh-minutes` start with it.
        case reading
        /// `--refresh`: a read-only cache is refused, and writes wait out the lock's busy timeout.
        case refreshing
        /// `--print --offline`, `--search`, `--refused-marks`: the cache is read as it is.
        case printing
    }

    package let plan: SessionPlan
    package let use: Use
    package let store: ArticleStore
    package let library: Library
    /// Reads articles' own pages (`x`, `full-text = yes`), for the library and for `--refresh`.
    package let fullTextReader: FullTextReader
    /// What the person should hear about opening it (the cache moved aside or read-only, rules
    /// not applied), in order; each is in the log too.
    package private(set) var notices: [Notice] = []
    /// The file of this run's own when the cache could not be opened (`reading` only).
    private let temporaryFile: URL?

    private init(plan: SessionPlan, use: Use, store: ArticleStore, library: Library, temporaryFile: URL?) {
        self.plan = plan
        self.use = use
        self.store = store
        self.library = library
        fullTextReader = FullTextReader(service: NewsService(http: plan.http), limits: plan.limits, store: store)
        library.fullTextReader = fullTextReader
        self.temporaryFile = temporaryFile
    }

    /// Opens the cache and the library for `use`. `warn` hears each sentence a server's
    /// configuration earns while the session runs (a password going over plain http), already logged.
    /// Throws when the cache cannot be opened for `use` at all.
    package static func open(
        _ plan: SessionPlan, for use: Use, warn: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(SessionOpenFailure) -> Session {
        let log = plan.log
        let (store, temporaryFile, opening) = try await openStore(plan, for: use)
        var notices = opening
        if let demo = plan.demoSources {
            do {
                let forgotten = try await store.forgetSources(where: demo)
                if forgotten > 0 { log.cache("forgot", ["sources": String(forgotten)]) }
            } catch {
                log.cache("forget", ["error": ErrorText.sentence(error)], level: .error)
                notices.append(Notice("The demo edition's articles could not be removed from the cache: \(ErrorText.sentence(error))", kind: .error))
            }
        }
        do {
            try await store.setRules(plan.rules)
        } catch {
            // The rules are kept whatever happens: only max-items' marks could not be read yet, and a merge writes them again.
            log.cache("rules", ["error": ErrorText.sentence(error)], level: .error)
            notices.append(Notice("The config's max-items could not be applied to the cache yet: \(ErrorText.sentence(error))", kind: .error))
        }
        var entries = plan.entries
        for server in plan.servers {
            let sync = ServerSync(config: server, store: store, http: plan.http, environment: plan.environment) { sentence in
                log.plainTextPassword(server: server.name, warning: sentence)
                warn(sentence)
            }
            entries += await Library.entries(of: sync)
        }
        let loader = SourceLoader(store: store, limits: plan.limits, log: log, lockWait: use == .reading ? .brief : .busyTimeout)
        let library = Library(entries: entries, store: store, loader: loader)
        library.queries = plan.queries
        let session = Session(plan: plan, use: use, store: store, library: library, temporaryFile: temporaryFile)
        session.notices = notices
        if use == .reading { session.startReading() }
        return session
    }

    /// The cache at its place; for `reading`, a file of this run's own when that cannot be opened.
    private static func openStore(
        _ plan: SessionPlan, for use: Use
    ) async throws(SessionOpenFailure) -> (ArticleStore, URL?, [Notice]) {
        let log = plan.log
        do {
            let store = try await ArticleStore.open(at: plan.cacheFile)
            var notices: [Notice] = []
            for line in await store.notices {
                log.cache("opened", ["notice": line], level: .error)
                notices.append(Notice(line, kind: .error))
            }
            if case .readOnly(let reason) = await store.access {
                switch use {
                case .reading:
                    notices.insert(
                        Notice("The article cache is read-only (\(reason)): refreshes are shown but not kept, and marks are not saved.", kind: .error),
                        at: 0)
                case .refreshing:
                    throw SessionOpenFailure(message: "The article cache is read-only (\(reason)): nothing can be refreshed into it.")
                case .printing:
                    break
                }
            }
            return (store, nil, notices)
        } catch let failure as SessionOpenFailure {
            throw failure
        } catch {
            let reason = ErrorText.sentence(error)
            log.cache("unavailable", ["error": reason], level: .error)
            guard use == .reading else { throw SessionOpenFailure(message: reason) }
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
                "headlines-session-\(getpid())-\(UUID().uuidString.prefix(8)).db")
            do {
                let store = try await ArticleStore.open(at: temporary)
                return (store, temporary, [Notice(reason + " Articles are kept for this session only.", kind: .error)])
            } catch {
                throw SessionOpenFailure(message: reason)
            }
        }
    }

    /// The interface's background work over the library: counts, pruning, other writers, `refresh-minutes`.
    private func startReading() {
        let settings = plan.settings
        library.reloadCounts()
        library.prune(keepDays: settings.keepDays, configured: plan.configuredSources)
        library.watchOtherWriters()
        if let minutes = settings.refreshMinutes {
            library.refreshEvery(minutes: minutes)
            library.freshFor = TimeInterval(minutes * 60)
        }
    }

    /// Ends the library's background work and removes this run's own file, if it had one.
    package func close() async {
        if use == .reading {
            // The reader's last marks, and refreshes kept while another instance held the write
            // lock, first, with time for a store that waits on that lock (its busy timeout is
            // 2 s); the rest is cut short. (`--refresh` waits for its kept editions itself.)
            library.writeKeptAtQuit()
            await library.scope.drain(timeout: .seconds(3), only: [.marks, .keptArticles(nil)])
        }
        library.close()
        await library.scope.drain(timeout: .milliseconds(300))
        guard let temporaryFile else { return }
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: temporaryFile.path + suffix)  // a file of this run's own; the OS cleans TMPDIR too
        }
    }
}

/// Why a session could not be opened, in one sentence.
package struct SessionOpenFailure: ReadableError, Sendable {
    package let message: String
}
