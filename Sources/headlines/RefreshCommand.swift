import FoundationEssentials
import NewsCore
import HeadlinesSession

/// `headlines --refresh` (as newsboat's `-x reload`, for cron): every source and every feed server
/// refreshed into the cache through the library, as the interface's `R` refreshes them (the same
/// conditional fetches, merges, syncs and Retry-After), then one summary line on stdout ("12 of
/// 13 sources refreshed: 40 new articles, 1 failed.") and each failure's line on stderr; nothing
/// on stdout with `--quiet`. The cache is shared as the interface shares it: each merge is one
/// write transaction, so two refreshes at once (or one beside the interface) store every article
/// once; while another instance holds the write lock past its busy timeout, what was fetched
/// waits in memory and is written when the lock frees, for up to `lockWait`.
///
/// Exit status: 0 when some source (or server) was refreshed, or there was none to refresh;
/// 1 when every one failed, the cache could not be written, or (`--strict`) any one failed.
enum RefreshCommand {
    /// The longest the refresh waits for another instance to let go of the write lock.
    static let lockWait: Duration = .seconds(60)

    @MainActor
    static func run(_ plan: LaunchPlan, options: CommandLineOptions, environment: [String: String]) async -> Int32 {
        let status = await refresh(plan, options: options, environment: environment)
        await plan.log.flush()
        return status
    }

    @MainActor
    private static func refresh(_ plan: LaunchPlan, options: CommandLineOptions, environment: [String: String]) async -> Int32 {
        if plan.isFallbackDemo {
            Output.error(plan.firstRunAdvice(short: true))
            return 1
        }
        let log = plan.log
        guard let session = await CommandSession.open(plan, for: .refreshing) else { return 1 }
        let store = session.store, library = session.library
        // What failed last time was told then: it is told again only with --verbose, and once
        // when it answers again (cron mailed every dead feed every half hour).
        let failingBefore: (sources: Set<SourceKey>, servers: Set<String>)
        do {
            failingBefore = try await store.failing()
        } catch {
            log.cache("failing", ["error": ErrorText.sentence(error)], level: .error)
            failingBefore = ([], [])  // unknown: every failure is told, as the first time
        }
        var outcome = await RefreshRun(library).run()
        // `full-text = yes`: the new articles' pages are read before the program ends, so they read offline.
        let readsAll = Set(library.entries.filter(\.readsFullText).map(\.key))
        do {
            let fullTexts = try await session.fullTextReader.readNew(outcome.added, readsAll: readsAll.contains, queries: plan.queries)
            outcome.fullTexts = fullTexts.read
            outcome.fullTextsNotKept = fullTexts.notKeptSentence
            log.log(
                .info, "full-text",
                [
                    "read": String(fullTexts.read), "not-articles": String(fullTexts.notArticles), "failed": String(fullTexts.failed),
                    "first-failure": fullTexts.firstFailure ?? "", "not-kept": String(fullTexts.notKept),
                ])
        } catch {
            // The refresh itself stands; the pages wait for the next one.
            log.cache("full-text", ["error": ErrorText.sentence(error)], level: .error)
        }
        // What the refreshes added is indexed before the program ends, so `--search` finds it at once.
        do { try await store.indexForSearch() } catch { log.cache("index", ["error": ErrorText.sentence(error)], level: .error) }
        await session.close()
        await outcome.scope.drain(timeout: .milliseconds(300))
        for failure in outcome.failures where options.verbose || !failure.unit.failed(before: failingBefore) { Output.error(failure.line) }
        for unit in outcome.answered where unit.failed(before: failingBefore) { Output.error("\(unit.name) answers again.") }
        // Full texts the cache could not keep (a full disk) are this machine's failure: said, and exit 1.
        if let notKept = outcome.fullTextsNotKept { Output.error(notKept) }
        if !options.quiet { Output.say(outcome.summary) }
        log.log(.info, "refresh", ["sources": String(outcome.units), "failed": String(outcome.failures.count), "new": String(outcome.newArticles)])
        if outcome.fullTextsNotKept != nil { return 1 }
        if outcome.failures.isEmpty { return 0 }
        return options.strict || outcome.failures.count >= outcome.units ? 1 : 0
    }
}

/// One `--refresh`: the library's refresh of every entry, followed to its end through the
/// library's events, and what it came to.
@MainActor
private final class RefreshRun {
    let library: Library
    let scope = TaskScope()
    private var reports: [SourceKey: RefreshReport] = [:]
    /// Sources whose edition waits for another instance's write lock (looked at on every event:
    /// a scan of every source then made a refresh of thousands quadratic).
    private var lockedOut: Set<SourceKey> = []
    /// Kept editions written once the lock freed: their articles' count, by source.
    private var keptAdded: [SourceKey: Int] = [:]
    private let (events, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

    struct Outcome {
        let scope: TaskScope
        /// Sources, and feed servers counted once each.
        let units: Int
        let newArticles: Int
        let failures: [Failure]
        /// The sources and servers that answered (a kept edition too).
        let answered: [Unit]
        /// The articles each source's refresh added to the cache.
        let added: [SourceKey: Set<ArticleID>]
        /// Full texts read from new articles' pages (`full-text = yes`), and the sentence for
        /// those read that the cache could not keep.
        var fullTexts = 0
        var fullTextsNotKept: String?
        var summary: String {
            let failed = failures.count
            var line = "\(CountText.grouped(units - failed)) of \(CountText.grouped(units)) \(units == 1 ? "source" : "sources") refreshed: "
            line += newArticles == 1 ? "1 new article" : "\(CountText.grouped(newArticles)) new articles"
            if fullTexts > 0 { line += ", " + (fullTexts == 1 ? "1 full text" : "\(CountText.grouped(fullTexts)) full texts") + " read from their pages" }
            return line + (failed > 0 ? ", \(CountText.grouped(failed)) failed." : ".")
        }
    }

    init(_ library: Library) {
        self.library = library
    }

    func run() async -> Outcome {
        let entries = library.entries
        let continuation = self.continuation
        library.observe(self) { [weak self] event in
            switch event {
            case .refreshed(let key, let report):
                self?.reports[key] = report
                if report.keptBecause == .locked { self?.lockedOut.insert(key) }
            case .keptWritten(let key, let added, _): self?.keptAdded[key] = added.count
            default: break
            }
            continuation.yield()
        }
        library.refreshAll(in: scope)
        let deadline = ContinuousClock.now + RefreshCommand.lockWait
        let timer = Task {
            while !Task.isCancelled, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(250))  // wakes the wait below to look at the clock
                continuation.yield()
            }
        }
        continuation.yield()
        for await _ in events {
            // A full disk is not waited on: it seldom frees within the minute.
            let waitingForLock = lockedOut.contains { scope.isRunning(.keptArticles($0)) }
            if !library.isLoading && (!waitingForLock || ContinuousClock.now >= deadline) { break }
        }
        timer.cancel()
        scope.close()  // a kept edition still waiting for the lock is given up, and said so below
        return outcome(entries)
    }

    /// `entries` as the refresh began (a server's first sync replaces its one entry by its feeds).
    private func outcome(_ entries: [Library.Entry]) -> Outcome {
        var units = 0
        var newArticles = 0
        var failures: [Failure] = []
        var answered: [Unit] = []
        var servers: Set<String> = []
        for entry in entries {
            let key = entry.key
            let server = entry.source.account?.name
            if let server {
                // Every feed of a server joined its one sync: the server is counted, and told, once.
                guard servers.insert(server).inserted else { continue }
            }
            units += 1
            let name = server ?? entry.source.name
            let unit = Unit(key: key, server: server, name: name)
            switch library.phase(of: key) {
            case .failed(let message):
                failures.append(Failure(unit: unit, line: server == nil ? "\(name): \(message)" : message))
                continue
            case .waiting(let until):
                failures.append(Failure(unit: unit, line: "\(name): not asked before \(DateText.time(until)), as the server asked (Retry-After)."))
                continue
            case .idle, .loading:
                break
            }
            guard let report = reports[key] else { continue }
            answered.append(unit)
            if report.isKept {
                guard let added = keptAdded[key] else {
                    failures.append(
                        Failure(
                            unit: unit,
                            line: report.keptBecause == .diskFull
                                ? "\(name): the disk is full; what was fetched was not saved."
                                : "\(name): another Headlines held the cache's write lock for over a minute; what was fetched was not saved."))
                    continue
                }
                newArticles += added
            } else {
                newArticles += report.addedCount
            }
        }
        let added = reports.filter { !$0.value.isKept }.mapValues(\.added)
        return Outcome(scope: scope, units: units, newArticles: newArticles, failures: failures, answered: answered, added: added)
    }
}

/// A source, or a feed server counted once for all its feeds, as `--refresh` tells of it.
private struct Unit {
    let key: SourceKey
    let server: String?
    let name: String

    /// Whether its last refresh (its server's last sync) had failed, as the cache kept it.
    func failed(before failing: (sources: Set<SourceKey>, servers: Set<String>)) -> Bool {
        server.map { failing.servers.contains($0) } ?? failing.sources.contains(key)
    }
}

/// One failure of a `--refresh`: whose, and its sentence.
private struct Failure {
    let unit: Unit
    let line: String
}
