import FoundationEssentials

/// Refreshes that could not be written because another instance held the write lock, or the
/// disk was full: the edition is kept in memory, its new articles are shown in the lists (and
/// counted) as if they were stored, and it is written when the lock frees or space returns
/// (`writeKept`).
extension ArticleStore {
    /// Merges `edition` like `merge`; when another instance holds the write lock, the disk is
    /// full or the cache cannot be written, keeps it in memory instead of losing it (a newer
    /// edition of the source, kept or written, replaces it).
    public func mergeOrKeep(
        _ edition: Edition, into source: SourceKey, validators: HTTPValidators = HTTPValidators(),
        route: FeedRoute = .direct, at now: Date = Date(), wait: LockWait = .busyTimeout
    ) throws -> MergeOutcome {
        let reason: KeptReason
        do {
            return .written(try merge(edition, into: source, validators: validators, route: route, at: now, wait: wait))
        } catch StoreError.busy {
            reason = .locked
        } catch StoreError.diskFull {
            reason = .diskFull
        } catch StoreError.readOnly {
            // A cache that cannot be written (the person is told once, at start): shown this session.
            reason = .readOnly
        }
        let rows = try newRows(edition, of: source, now: now)
        kept[source] = KeptMerge(edition: edition, validators: validators, route: route, answeredAt: now, rows: rows, reason: reason)
        return .kept(shown: Set(rows.map(\.stored.id)), reason: reason)
    }

    /// The sources whose fetched editions wait for the write lock or for space.
    public var keptSources: [SourceKey] { kept.filter(\.value.reason.isRetried).keys.sorted { $0.rawValue < $1.rawValue } }

    /// How many fetched articles new to the cache wait for the write lock or for space.
    public var keptArticleCount: Int { kept.values.filter(\.reason.isRetried).reduce(0) { $0 + $1.rows.count } }

    /// Writes the kept edition of `source` (nil: of every source), each in its own transaction,
    /// with the validators and time of the refresh that fetched it. Throws `StoreError.busy`
    /// while the lock is still held, `.diskFull` while there is no room (what is not written
    /// stays kept); returns what each merge did. `wait`: see `LockWait`.
    @discardableResult
    public func writeKept(_ source: SourceKey? = nil, wait: LockWait = .busyTimeout) throws -> [SourceKey: MergeResult] {
        var results: [SourceKey: MergeResult] = [:]
        for key in source.map({ [$0] }) ?? keptSources {
            guard let merge = kept[key] else { continue }
            results[key] = try self.merge(
                merge.edition, into: key, validators: merge.validators, route: merge.route, at: merge.answeredAt, wait: wait)
        }
        return results
    }

    /// The edition's articles that the file does not hold yet (by the merge's rules), as rows.
    private func newRows(_ edition: Edition, of source: SourceKey, now: Date) throws -> [KeptRow] {
        let (sourceID, fields) = try reading { db -> (Int64?, [ArticleFields]) in
            guard let id = try SourceRows.id(db, source) else { return (nil, EditionMerger.distinct(edition.articles).items) }
            return (id, try EditionMerger(db: db, sourceID: id, now: now, probe: nil).unmatched(edition.articles))
        }
        // A source the file does not know sorts after every known one in `.source` order, as it will once written.
        let rowSourceID = sourceID ?? (Int64(Int32.max) + Int64(kept.count) + 1)
        return fields.map { item in
            nextKeptID -= 1
            let stored = StoredArticle(
                id: ArticleID(nextKeptID), source: source, article: item.article, firstSeen: now, isRead: false, isStarred: false)
            return KeptRow(
                stored: stored, sortTime: item.sortTime(firstSeen: now.timeIntervalSince1970), sourceID: rowSourceID,
                sourceName: item.article.sourceName ?? source.rawValue)
        }
    }

    // MARK: - Kept rows in reads

    /// The kept rows `scope` shows (none are starred).
    func keptRows(in scope: ArticleScope) -> [KeptRow] {
        switch scope {
        case .source(let key): return kept[key]?.rows ?? []
        case .sources(let keys): return keys.flatMap { kept[$0]?.rows ?? [] }
        case .all: return kept.keys.sorted { $0.rawValue < $1.rawValue }.flatMap { kept[$0]?.rows ?? [] }
        case .starred: return []
        case .filtered(let inner, let filter):
            // The filter in Swift, as SQL tests the stored rows (the two agree: FilterEvaluationTests).
            let now = clock()
            return keptRows(in: inner).filter { filter.matches($0.stored, sources: rules.sources, now: now) }
        }
    }

    /// `stored` (rows from the file after `cursor`, in the reading direction) with `scope`'s
    /// kept rows that fall after `cursor` merged in, at most `limit`.
    func mergingKept(
        _ stored: [(StoredArticle?, ArticleCursor)], _ scope: ArticleScope, after cursor: ArticleCursor?,
        forwards: Bool, order: ListOrder, limit: Int
    ) -> [(StoredArticle?, ArticleCursor)] {
        guard !kept.isEmpty else { return stored }
        let before: (ArticleCursor, ArticleCursor) -> Bool = { forwards ? order.precedes($0, $1) : order.precedes($1, $0) }
        let extra = keptRows(in: scope)
            .map { (Optional($0.stored), $0.cursor(order)) }
            .filter { row in cursor.map { before($0, row.1) } ?? true }
            .sorted { before($0.1, $1.1) }
        guard !extra.isEmpty else { return stored }
        var merged: [(StoredArticle?, ArticleCursor)] = []
        merged.reserveCapacity(min(limit, stored.count + extra.count))
        var (i, j) = (0, 0)
        while merged.count < limit, i < stored.count || j < extra.count {
            if j == extra.count || (i < stored.count && before(stored[i].1, extra[j].1)) {
                merged.append(stored[i])
                i += 1
            } else {
                merged.append(extra[j])
                j += 1
            }
        }
        return merged
    }

    /// A kept article by its id (below zero).
    func keptArticle(_ id: ArticleID) -> StoredArticle? {
        for merge in kept.values {
            if let row = merge.rows.first(where: { $0.stored.id == id }) { return row.stored }
        }
        return nil
    }

    /// The Sources screen's rows with the kept articles counted, and a row for a source only they hold.
    func addingKept(to summaries: [SourceSummary]) -> [SourceSummary] {
        guard !kept.isEmpty else { return summaries }
        var byKey = Dictionary(summaries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for (key, merge) in kept {
            var summary =
                byKey[key]
                ?? SourceSummary(
                    key: key, title: merge.edition.title, articleCount: 0, unreadCount: 0,
                    refresh: SourceRefreshState(lastAttempt: merge.answeredAt, outcome: .updated, lastSuccess: merge.answeredAt))
            summary.articleCount += merge.rows.count
            summary.unreadCount += merge.rows.count
            byKey[key] = summary
        }
        return byKey.values.sorted { $0.key.rawValue < $1.key.rawValue }
    }
}
