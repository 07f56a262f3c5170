import FoundationEssentials
import NewsCore

extension Library {
    /// Refreshes `keys`: each its own task in the library's scope, all at once (the connection
    /// limits queue them), each updating its row as it ends. `holder` (a screen's scope) holds
    /// each load: when every scope holding a load has closed (its screens left), the load is
    /// cancelled and its connection closed; nil (the library's own refresh every few minutes,
    /// `--refresh`) holds it to its end. `joining`: a load already running is joined, not
    /// started again (a list opened during it makes no second request); else (`r`, `R`) it restarts.
    package func refresh(_ keys: [SourceKey], in holder: TaskScope?, joining: Bool = false) {
        for key in keys {
            guard let entry = entry(key) else { continue }
            if joining, loads[key] != nil {
                if let holder { hold(key, in: holder) }
                continue
            }
            phases[key] = .loading
            notify(.phase(key))
            let loader = self.loader
            let source = entry.source
            let token = scope.run(.source(key)) { [weak self] token in
                let result: Result<RefreshReport, any Error>
                do {
                    result = .success(try await loader.refresh(source))
                } catch is CancellationError where !Task.isCancelled {
                    result = .failure(LoadAbandoned())  // cancelled by something other than us
                } catch {
                    result = .failure(error)
                }
                self?.finish(key, result, run: token)
            }
            // A restart keeps the screens that held the load before; one with no holder is held to its end.
            var load = loads[key] ?? Load(token: token)
            load.token = token
            if holder == nil { load.heldToItsEnd = true }
            loads[key] = load
            if let holder { hold(key, in: holder) }
        }
    }

    /// Refreshes every source.
    package func refreshAll(in holder: TaskScope?) { refresh(keys, in: holder) }

    /// Shows `keys` loading before their refresh is started: the start's, which waits for the
    /// cache's first frame (see `HeadlinesScreen.refreshesAfterFirstRows`), is under way already.
    package func announceRefresh(_ keys: [SourceKey]) {
        for key in keys where loads[key] == nil && entry(key) != nil {
            phases[key] = .loading
            notify(.phase(key))
        }
    }

    /// `holder` holds `key`'s load until the load ends or the scope lets go (its screen closes).
    private func hold(_ key: SourceKey, in holder: TaskScope) {
        let id = ObjectIdentifier(holder)
        guard var load = loads[key], load.holders[id] == nil else { return }
        holdSerial += 1
        let serial = holdSerial
        load.holders[id] = (WeakScope(scope: holder), serial)
        loads[key] = load
        holder.run(.holding(key)) { [weak self] _ in
            do { try await Task.sleep(for: .seconds(86_400 * 365)) } catch {}  // until cancelled: the load ended, or the screen left
            self?.release(key, holder: id, serial: serial)
        }
    }

    /// A scope let go of `key`'s load: the last to let go of a load nobody else holds cancels it.
    private func release(_ key: SourceKey, holder id: ObjectIdentifier, serial: Int) {
        guard var load = loads[key], load.holders[id]?.serial == serial else { return }
        load.holders[id] = nil
        loads[key] = load
        guard load.holders.isEmpty, !load.heldToItsEnd else { return }
        loads[key] = nil
        scope.cancel(.source(key))
        phases[key] = Self.phase(from: summaries[key]?.refresh, now: now())
        notify(.phase(key))
    }

    /// Whether `key` was refreshed successfully less than `seconds` ago (a screen opening on it
    /// need not fetch it again).
    package func isFresh(_ key: SourceKey, within seconds: TimeInterval = 60) -> Bool {
        guard phase(of: key) == .idle, let last = summaries[key]?.refresh.lastSuccess else { return false }
        return now().timeIntervalSince(last) < seconds
    }

    /// The sources of `keys` that a list opening on them refreshes: those neither loading now nor
    /// refreshed (or tried) within `freshFor`. A list of one source also takes over a load another
    /// screen runs, so that leaving it cancels that load (`HeadlinesScreen.didAppear`).
    package func staleSources(_ keys: [SourceKey]) -> [SourceKey] {
        keys.filter { key in
            if phase(of: key) == .loading { return false }
            guard let refresh = summaries[key]?.refresh, let last = [refresh.lastSuccess, refresh.lastAttempt].compactMap({ $0 }).max() else {
                return true
            }
            return now().timeIntervalSince(last) >= freshFor
        }
    }

    private func finish(_ key: SourceKey, _ result: Result<RefreshReport, any Error>, run token: TaskScope.Token) {
        // A newer run (a restart) reports instead.
        guard let load = loads[key], load.token == token else { return }
        loads[key] = nil
        for (_, holder) in load.holders { holder.scope.scope?.cancel(.holding(key)) }  // the holds end with it
        switch result {
        case .success(let report):
            phases[key] = .idle
            notes[key] = report.notes
            if let alert = report.alert, lastAlert.map({ $0.text != alert || ContinuousClock.now - $0.at > .seconds(5) }) ?? true {
                lastAlert = (alert, ContinuousClock.now)
                notify(.writeFailed(alert))
            }
            // The lists read "updated at" from here when their rows are read, which may be before
            // the counts are read again.
            if let answeredAt = report.answeredAt, summaries[key] != nil {
                summaries[key]?.refresh.lastSuccess = answeredAt
                summaries[key]?.refresh.lastAttempt = answeredAt
                summaries[key]?.refresh.outcome = report.notModified ? .notModified : .updated
            }
            // A source's first articles are not "new": only those that join articles it had. A
            // sync says for itself (all are new but the account's first sync's).
            // The merge says whether the source had articles: the counts may have been read again
            // after its commit (another source's refresh ended first) and hold its first articles.
            let hadArticles = report.sourceHadArticles ?? ((summaries[key]?.articleCount ?? 0) > 0)
            let areNews = report.addedAreNews ?? (hadArticles || refreshedThisSession.contains(key))
            if areNews { newArticles.formUnion(report.added) }
            refreshedThisSession.insert(key)
            notify(.refreshed(key, report))
            if let account = entry(key)?.source.account { updateEntries(of: account) }
            if report.isKept { writeKeptWhenFree(key, shown: report.added, in: scope) }
            // An account's first sync (its whole backlog) is not read page by page.
            readFullTexts(of: key, added: report.addedAreNews == false ? [] : report.added)
        case .failure(let error) where error is CancellationError:
            phases[key] = Self.phase(from: summaries[key]?.refresh, now: now())
        case .failure(let error):
            if case .rateLimited(_, _, let until)? = error as? NewsError {
                phases[key] = .waiting(until: until)
            } else {
                phases[key] = .failed(ErrorText.sentence(error))
            }
        }
        notify(.phase(key))
        reloadCounts()
        if !isLoading { indexForSearch() }
    }

    /// Reads every source's counts and last refresh from the cache again: one read at a time,
    /// and one more after it when others asked meanwhile.
    package func reloadCounts() {
        guard !scope.isRunning(.summaries) else {
            countsAskedAgain = true
            return
        }
        readCounts()
    }

    private func readCounts() {
        countsAskedAgain = false
        let store = self.store
        let queries = self.queries.map { ($0.name, scope(of: $0)) }
        scope.run(
            .summaries,
            work: {
                var counts: [String: QueryCount] = [:]
                for (name, scope) in queries {
                    counts[name] = QueryCount(total: try await store.count(scope), unread: try await store.count(scope, unreadOnly: true))
                }
                // Bound before the tuple is built: see `OrderedResults` on tuples around `try await`.
                let sources = try await store.sources()
                let starred = try await store.count(.starred)
                return (sources, starred, counts)
            }
        ) { [weak self] result in
            guard let self else { return }
            // A read asked for meanwhile replaces this one, which is ending.
            defer { if self.countsAskedAgain { self.readCounts() } }
            // An unreadable cache keeps the last counts; the screens hear the read ended all the same.
            guard case .success(let (all, starred, queryCounts)) = result else { return self.notify(.counts) }
            self.starredCount = starred
            self.queryCounts = queryCounts
            for summary in all where self.holds(summary.key) {
                self.summaries[summary.key] = summary
                if self.phases[summary.key] == .idle || self.phases[summary.key] == nil {
                    self.phases[summary.key] = Self.phase(from: summary.refresh, now: self.now())
                }
            }
            self.notify(.counts)
        }
    }

    /// Indexes what refreshes added, once none is running, so a search finds it at once.
    func indexForSearch() {
        let file = store.file
        let indexer = self.indexer
        // On a connection of its own, as the prune: a batch takes tens of milliseconds, and on the
        // library's store the lists' reads (the first `/`, a page on scrolling) waited for every
        // batch queued before them. Brief: under another instance's lock, it gives up at once. A
        // failure leaves the work to the next refresh or search.
        scope.run(
            .indexing,
            work: {
                let own: ArticleStore
                if let indexer { own = indexer } else { own = try await ArticleStore.open(at: file) }
                try await own.indexForSearch(wait: .brief)
                return own
            },
            apply: { [weak self] result in
                if case .success(let own) = result { self?.indexer = own }
            })
    }

    /// The phase a source's stored refresh state stands for: its last failure, or a `Retry-After` in force.
    static func phase(from refresh: SourceRefreshState?, now: Date) -> Phase {
        if let until = refresh?.retryAfter, until > now { return .waiting(until: until) }
        if case .failed(let message)? = refresh?.outcome { return .failed(message) }
        return .idle
    }
}

extension Library {
    /// Drops articles older than `keepDays` (starred ones stay) in the background at start;
    /// `configured` (the config's sources) lets sources no longer configured go too.
    package func prune(keepDays: Int, configured: Set<SourceKey>?) {
        let file = store.file
        let now = self.now()
        // On a connection of its own: a prune of many articles takes minutes, batch by batch, and
        // on the library's store every list's read would wait for the batch under way; here reads
        // never wait, and a mark waits for one batch at most. The library hears of it as of
        // another program's writes.
        scope.run(
            .pruning,
            work: {
                let own = try await ArticleStore.open(at: file, now: now)
                return try await own.prune(keepDays: keepDays, configured: configured, now: now)
            }
        ) {
            [weak self] result in
            if case .success(let pruned) = result, pruned.articles > 0 { self?.reloadCounts() }  // a failed prune is retried next start
        }
    }
}

extension Library {
    /// The library entries of a server account: its feeds as the cache lists them, each under its
    /// category; the server itself (its name) before its first sync has listed any.
    package static func entries(of account: any SourceAccount) async -> [Entry] {
        await account.feedSources().map { Entry(source: $0.source, group: $0.category) }
    }

    /// Reads the account's feeds again after a sync, and shows those that came and drops those that went.
    func updateEntries(of account: any SourceAccount) {
        let name = account.name
        scope.run(.serverFeeds(name), work: { await Library.entries(of: account) }) { [weak self] result in
            guard let self, case .success(let fresh) = result else { return }
            let mine = { (entry: Entry) in entry.source.account?.name == name }
            guard self.entries.filter(mine).map(\.key) != fresh.map(\.key) else { return }
            let first = self.entries.firstIndex(where: mine) ?? self.entries.endIndex
            self.entries.removeAll(where: mine)
            self.entries.insert(contentsOf: fresh, at: min(first, self.entries.endIndex))
            for entry in fresh where self.phases[entry.key] == nil { self.phases[entry.key] = .idle }
            self.notify(.entries)
            self.reloadCounts()
        }
    }
}

/// A load that ended in a cancellation nobody here asked for (a transfer torn down from outside).
struct LoadAbandoned: ReadableError {
    var message: String { "The load was cancelled." }
}

extension Library {
    /// Refreshes every source every `minutes` minutes (`refresh-minutes`), for the life of the app
    /// or until called again (a config read again: nil stops it).
    package func refreshEvery(minutes: Int?) {
        guard let minutes, minutes > 0 else { return scope.cancel(.autoRefresh) }
        scope.run(.autoRefresh) { [weak self] _ in
            while !Task.isCancelled {
                do { try await Task.sleep(for: .seconds(minutes * 60)) } catch { return }
                guard let self else { return }
                self.refreshAll(in: nil)
            }
        }
    }
}
