import FoundationEssentials

/// One refresh of one source, the whole way: the cache's validators make the fetch
/// conditional, a `Retry-After` still in force skips it, the fetch waits for its connection
/// slots, and what comes back is merged into the cache in one transaction (or a 304 recorded).
/// A source whose page named a feed asks that feed directly, and reads the page again only
/// when the feed is gone or `pageRecheckInterval` has passed. Each step is written to the
/// diagnostic log.
public struct SourceLoader: Sendable {
    /// How long a feed found on a web page is asked for directly before the page is read again
    /// (a site may move its feed): a week.
    public static let pageRecheckInterval: TimeInterval = 7 * 86_400

    public let store: ArticleStore
    public let limits: ConnectionLimits
    public let log: DiagnosticLog
    public let now: @Sendable () -> Date
    /// How long a refresh's writes wait for another instance's write lock: the interface's are
    /// `.brief` (what was fetched is kept and shown, not waited on; see `LockWait`).
    public let lockWait: LockWait

    public init(
        store: ArticleStore, limits: ConnectionLimits = ConnectionLimits(), log: DiagnosticLog = .off,
        lockWait: LockWait = .busyTimeout, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.limits = limits
        self.log = log
        self.lockWait = lockWait
        self.now = now
    }

    /// Refreshes `source`. Throws `CancellationError`, or the failure (also recorded in the cache,
    /// unless the cache itself failed).
    public func refresh(_ source: any NewsSource) async throws -> RefreshReport {
        // Kept small: a load waiting to be let in holds this frame alone (see `ConnectionLimits.admitted`).
        if case .fetched(let fetched) = source.refresh {
            return try await limits.admitted(host: fetched.host) { try await refresh(fetched) }
        }
        return try await refreshSynced(source)
    }

    private func refreshSynced(_ source: any NewsSource) async throws -> RefreshReport {
        switch source.refresh {
        case .fetched(let fetched):
            return try await refresh(fetched)
        case .synced(let sync):
            let synced = try await sync()
            // The first sync's articles are no news (as a feed's first edition's): later ones are marked new.
            return RefreshReport(
                added: synced.added, notes: synced.notes, answeredAt: now(), addedAreNews: !synced.isFirstSync, addedUnlisted: synced.unlisted,
                alert: synced.alert)
        }
    }

    private func refresh(_ source: any FetchedSource) async throws -> RefreshReport {
        // A cache that cannot be read gives no validators: the fetch is then unconditional.
        let state = try? await store.refreshState(of: source.key)
        if let until = state?.retryAfter, until > now() {
            log.fetch(source: source.name, url: source.location, status: nil, bytes: 0, milliseconds: 0, outcome: .failed("waiting for Retry-After"))
            throw NewsError.rateLimited(host: source.host ?? source.name, status: nil, retryAfter: until)
        }
        let started = ContinuousClock.now
        let outcome: FetchResult
        // The edition's slot is taken once the connection's are, and held until it is merged (see
        // `ConnectionLimits.unmergedEditions`).
        let unmerged = limits.unmergedEditions
        var holdsEditionSlot = false
        defer { if holdsEditionSlot { unmerged.release() } }
        do {
            let plan = Self.plan(state, now: now())
            outcome = try await limits.withSlot(host: source.host) {
                try await unmerged.acquire()
                holdsEditionSlot = true
                return try await source.fetch(plan)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let message = log.fetchFailed(source, error: error, milliseconds: Self.milliseconds(since: started))
            var retryAfter: Date?
            if case .rateLimited(_, _, let until)? = error as? NewsError { retryAfter = until }
            // The fetch's failure is what the person hears. A run taken over by a newer one records
            // nothing: its failure could land after the newer run's success.
            if !Task.isCancelled {
                try? await store.recordFailure(source.key, message: message, retryAfter: retryAfter, at: now(), wait: lockWait)
            }
            if let network = error as? NewsError, network.isUnreachable, let since = state?.lastSuccess {
                throw SourceUnreachable(reason: network, since: since, now: now())
            }
            throw error
        }
        try Task.checkCancellation()
        let elapsed = Self.milliseconds(since: started)
        switch outcome.body {
        case .notModified:
            log.fetch(source: source.name, url: outcome.url, status: outcome.status, bytes: 0, milliseconds: elapsed, outcome: .notModified)
            let answeredAt = now()
            try await store.recordNotModified(source.key, validators: outcome.validators, route: outcome.route, at: answeredAt, wait: lockWait)
            return RefreshReport(notModified: true, answeredAt: answeredAt)
        case .edition(let edition):
            log.fetched(source, outcome, edition: edition, milliseconds: elapsed)
            let answeredAt = now()
            switch try await store.mergeOrKeep(
                edition, into: source.key, validators: outcome.validators, route: outcome.route, at: answeredAt, wait: lockWait)
            {
            case .written(let merged):
                log.cache("merge", ["source": source.name, "added": String(merged.added.count), "updated": String(merged.updated.count)], level: .debug)
                return RefreshReport(
                    added: merged.added, updated: merged.updated.count, title: edition.title, notes: edition.notes,
                    skipped: edition.skipped, answeredAt: answeredAt, sourceHadArticles: !merged.sourceWasEmpty)
            case .kept(let shown, let reason):
                // Shown from memory: a cache that cannot be written (said once, at start) for this
                // session; under another instance's lock or on a full disk, until the caller's
                // `writeKept` writes it.
                let why: String
                switch reason {
                case .locked: why = "another instance holds the write lock"
                case .diskFull: why = "the disk is full"
                case .readOnly: why = "the cache cannot be written"
                }
                log.cache("kept", ["source": source.name, "new": String(shown.count), "reason": why])
                return RefreshReport(
                    added: shown, title: edition.title,
                    notes: [MergeOutcome.keptMessage(newArticles: shown.count, reason: reason)].compactMap { $0 } + edition.notes,
                    skipped: edition.skipped, answeredAt: answeredAt, keptBecause: reason)
            }
        }
    }

    /// The request the cache's record calls for: the remembered feed with its validators, the
    /// page again once the feed was found long enough ago, else the location with its own.
    static func plan(_ state: SourceRefreshState?, now: Date) -> FetchPlan {
        guard let state else { return FetchPlan() }
        guard let feed = state.feed else { return FetchPlan(validators: state.validators) }
        let recheck = now.timeIntervalSince(feed.foundAt) >= pageRecheckInterval
        return FetchPlan(validators: state.validators, feed: feed.url, recheckPage: recheck)
    }

    /// Fetches `source` once, unconditionally and without the cache (`--print`), within its
    /// connection slots, writing the same `fetch` and `parse` lines to the log as a refresh.
    public static func fetchUncached(_ source: any NewsSource, limits: ConnectionLimits, log: DiagnosticLog) async throws -> Edition {
        guard case .fetched(let source) = source.refresh else {
            throw NewsError.invalidDocument("a server's feed is synced, not fetched")  // `--print` asks the server itself
        }
        return try await limits.admitted(host: source.host) { try await fetchUncached(source, limits: limits, log: log) }
    }

    private static func fetchUncached(_ source: any FetchedSource, limits: ConnectionLimits, log: DiagnosticLog) async throws -> Edition {
        let started = ContinuousClock.now
        let outcome: FetchResult
        do {
            outcome = try await limits.withSlot(host: source.host) { try await source.fetch(validators: nil) }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            log.fetchFailed(source, error: error, milliseconds: milliseconds(since: started))
            throw error
        }
        guard let edition = outcome.edition else {
            let error = NewsError.invalidDocument("the server answered “not modified” to a plain request")
            log.fetchFailed(source, error: error, milliseconds: milliseconds(since: started))
            throw error
        }
        log.fetched(source, outcome, edition: edition, milliseconds: milliseconds(since: started))
        return edition
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}

/// What one refresh changed.
public struct RefreshReport: Sendable, Equatable {
    /// Articles new to the cache.
    public var added: Set<ArticleID> = []
    /// Articles whose text changed.
    public var updated = 0
    /// The server said nothing changed (304).
    public var notModified = false
    /// The feed's own title.
    public var title: String?
    /// One sentence each, for the status line (a page led to a feed, a feed was cut off).
    public var notes: [String] = []
    public var skipped = 0
    /// When the server answered: the refresh time the cache now holds.
    public var answeredAt: Date?
    /// Why the edition is kept in memory, not written (`added` are the ids the lists show it by);
    /// nil when it was written.
    public var keptBecause: KeptReason?
    /// The kept edition waits for the write lock or for room (`ArticleStore.writeKept` writes it).
    public var isKept: Bool { keptBecause?.isRetried ?? false }
    /// Whether the lists mark `added` new: a sync says (none after the account's first); nil
    /// for a fetched edition, which the library judges by the source's history (its first is no news).
    public var addedAreNews: Bool?
    /// Whether the source held articles before the merge, judged inside its transaction (nil:
    /// not written, or synced). Counts read meanwhile may already include the merge's articles.
    public var sourceHadArticles: Bool?
    /// New articles beyond those listed in `added` (a first sync of a large account).
    public var addedUnlisted = 0
    /// Said at once as well as noted (see `SyncedArticles.alert`).
    public var alert: String?
    /// How many articles the refresh brought (a server's feeds all report its one sync).
    public var addedCount: Int { added.count + addedUnlisted }
}

/// The log lines of a fetch, one shape for the interface's refreshes and `--print`'s fetches.
extension DiagnosticLog {
    /// `fetch … outcome=ok`, then `parse` with the items kept and skipped.
    func fetched(_ source: any NewsSource, _ outcome: FetchResult, edition: Edition, milliseconds: Int) {
        fetch(source: source.name, url: outcome.url, status: outcome.status, bytes: outcome.bytes, milliseconds: milliseconds, outcome: .ok)
        parse(
            source: source.name, format: "document", items: edition.articles.count,
            skipped: edition.skipped > 0 ? [("unusable entries", edition.skipped)] : [])
    }

    /// `fetch … outcome=failed error=…`; returns the error's sentence.
    @discardableResult
    func fetchFailed(_ source: any NewsSource, error: any Error, milliseconds: Int) -> String {
        let message = (error as? any ReadableError)?.message ?? String(describing: error)
        fetch(
            source: source.name, url: source.location, status: (error as? NewsError)?.httpStatus, bytes: 0,
            milliseconds: milliseconds, outcome: .failed(message))
        return message
    }
}
