import FoundationEssentials
import NewsCore

/// Tells the reader, outside the interface, that a refresh brought new articles: the config's
/// `notify` command runs with the count, `--` and the first titles as its arguments (no shell), and
/// `bell` rings the terminal. At most once a minute: what arrives meanwhile is told together
/// when the minute is up. Both are read when there is something to tell, so a config read again
/// turns them on or off at once.
@MainActor
package final class NewArticlesNotifier {
    /// How many titles the command gets after the count.
    static let titleCount = 3
    /// The longest a title argument is, in characters.
    static let titleLength = 200

    /// The `notify` command and `bell`, as the session's settings say now.
    private let settings: @MainActor () -> (command: [String]?, rings: Bool)
    private let ring: @MainActor () -> Void
    private let report: @MainActor (String) -> Void
    private let interval: Duration
    private let clock = ContinuousClock()
    /// The notifier's one task: waiting out the minute, then telling.
    private let scope = TaskScope()
    private var lastTold: ContinuousClock.Instant?
    private var pendingCount = 0
    /// The new articles' ids, all of them: the newest are chosen when told, by date (the first
    /// few of an unordered set were any few).
    private var pendingIDs: Set<ArticleID> = []

    /// `report`: a sentence for the status line when the command cannot be run.
    package init(
        settings: @escaping @MainActor () -> (command: [String]?, rings: Bool), ring: @escaping @MainActor () -> Void,
        interval: Duration = .seconds(60), report: @escaping @MainActor (String) -> Void
    ) {
        self.settings = settings
        self.ring = ring
        self.interval = interval
        self.report = report
    }

    /// Listens to `library`'s refreshes for the life of the notifier.
    package func watch(_ library: Library) {
        library.observe(self) { [weak self] event in
            guard case .refreshed(_, let report) = event, !report.added.isEmpty else { return }
            self?.arrived(report.added, store: library.store)
        }
    }

    /// Ends the wait for the next minute (the app is quitting).
    package func close() { scope.close() }

    private func arrived(_ ids: Set<ArticleID>, store: ArticleStore) {
        let now = settings()
        guard now.command != nil || now.rings else { return }  // neither is set: nothing to tell
        // Every feed of a server reports its one sync: the same ids, counted once.
        pendingIDs.formUnion(ids)
        pendingCount = pendingIDs.count
        guard !scope.isRunning(.notify) else { return }  // told together when the minute is up
        let wait = lastTold.map { max(.zero, $0 + interval - clock.now) } ?? .zero
        scope.run(.notify) { [weak self] token in
            if wait > .zero {
                do { try await Task.sleep(for: wait) } catch { return }  // cancelled: the app is quitting
            }
            guard let self, self.scope.isCurrent(token) else { return }
            let count = self.pendingCount, ids = self.pendingIDs
            self.pendingCount = 0
            self.pendingIDs = []
            self.lastTold = self.clock.now
            let told = self.settings()
            if told.rings { self.ring() }
            guard let command = told.command else { return }
            let titles = await Self.titles(of: ids, in: store)
            // "--" ends the options: a title starting with "-" is never read as one.
            await self.run(command, arguments: [String(count), "--"] + titles)
        }
    }

    /// The newest few titles of `ids`, each one clean line.
    private static func titles(of ids: Set<ArticleID>, in store: ArticleStore) async -> [String] {
        // An article dropped meanwhile (pruned) has no title to give, nor one a cache that cannot
        // be read now: the count still goes out, with the titles found (the cache's own failure
        // reaches the person through the screens that read it).
        let newest = (try? await store.newest(of: ids, limit: titleCount)) ?? []
        return newest.map { Sanitizer.clean($0.article.title, maxLength: titleLength) }
    }

    private func run(_ command: [String], arguments: [String]) async {
        guard let program = command.first else { return }
        do {
            let pid = try ChildProcess.spawn(["/usr/bin/env"] + command + arguments, detached: true)
            let status = await ChildProcess.exitStatus(of: pid)
            // env exits 127 when it cannot find the program.
            if status == 127 { report("The notify command “\(program)” was not found.") }
        } catch {
            report("Could not start the notify command \(program).")
        }
    }
}

extension TaskKey {
    /// Telling of new articles (`notify`, `bell`), at most once a minute.
    fileprivate static let notify = TaskKey("notify")
}
