import FoundationEssentials
import NewsCore

/// The session's sources and their articles, as every screen sees them. The cache holds the
/// articles; the library owns each refresh and the screens that ask hold it (a screen asking for
/// a source being loaded joins that load; once every screen holding a load has left, it is
/// cancelled), keeps each source's phase and counts, and tells the screens when something changed.
@MainActor
package final class Library {
    package struct Entry: Sendable {
        package let source: any NewsSource
        /// The config's `group`, under which the Sources screen lists it.
        package let group: String?
        /// The config's `tags` (the Sources screen's `t`, and filters' `tag`).
        package let tags: [String]
        /// The config's `full-text = yes`: its new articles' pages are read after each refresh.
        package var readsFullText: Bool

        package init(source: any NewsSource, group: String? = nil, tags: [String] = [], readsFullText: Bool = false) {
            self.source = source
            self.group = group
            self.tags = tags
            self.readsFullText = readsFullText
        }

        package var key: SourceKey { source.key }
    }

    package enum Phase: Equatable, Sendable {
        case idle
        case loading
        case failed(String)
        /// The server asked not to be asked again before this time (`Retry-After`).
        case waiting(until: Date)

        /// Why the source shows nothing new, in one sentence: its failure, or the server's pause; nil otherwise.
        package var problem: String? {
            switch self {
            case .failed(let message): return message
            case .waiting(let until): return "Waiting until \(DateText.time(until)) (the server asked for a pause)."
            case .idle, .loading: return nil
            }
        }
    }

    /// What changed, for the screens that show it.
    package enum Event: Sendable {
        case phase(SourceKey)
        /// Sources came or went (a server's sync listed its feeds).
        case entries
        /// A refresh ended with new or changed articles in the cache.
        case refreshed(SourceKey, RefreshReport)
        /// Read or starred state changed.
        case marks
        /// A change could not be written or sent (a mark on a read-only cache, a mark a server
        /// refused, full texts a full disk could not keep): the sentence.
        case writeFailed(String)
        /// `u` undid a marking, or found none: the sentence.
        case undone(String)
        /// The counts were read again.
        case counts
        /// Another process (cron's `--refresh`, a second interface) wrote to the cache: articles
        /// into these sources (the library marks them new as its own refreshes' are), or marks.
        case writtenElsewhere(Set<SourceKey>)
        /// A refresh kept in memory (shown by the ids `shown`) was written: these are its new articles' ids.
        case keptWritten(SourceKey, added: Set<ArticleID>, shown: Set<ArticleID>)
    }

    /// The sources, in the config's order; a server's feeds after them, as its last sync listed them.
    package internal(set) var entries: [Entry] {
        didSet { entryPositions = Self.positions(of: entries) }
    }
    /// Where each key's entry is in `entries`: `entry(_:)` is asked once a source for every
    /// count read, and a scan a call made that quadratic (25 million entries copied for each
    /// read of 5,000 sources' counts).
    private var entryPositions: [SourceKey: Int] = [:]
    package let store: ArticleStore
    let loader: SourceLoader
    package let now: @Sendable () -> Date
    package internal(set) var phases: [SourceKey: Phase] = [:]
    package internal(set) var summaries: [SourceKey: SourceSummary] = [:]
    /// How many articles are starred, across sources (the Sources screen's "Starred" row).
    package internal(set) var starredCount: Int?
    /// The config's query feeds (`[query "Name"]`), each a list of every source's articles that pass its filter.
    package var queries: [QueryConfig] = []
    /// Each query feed's counts, by name, read with the sources' counts.
    package internal(set) var queryCounts: [String: QueryCount] = [:]
    /// Articles that refreshes (any: `r`, `R`, at start, `refresh-minutes`) brought this session into
    /// a source that had articles already: every list marks them `N` until they are read.
    package internal(set) var newArticles: Set<ArticleID> = []
    /// Sources refreshed well this session (their next refresh's articles are new, even from empty).
    var refreshedThisSession: Set<SourceKey> = []
    /// The last alert said, and when: a server's feeds each report its one sync, alert and all.
    var lastAlert: (text: String, at: ContinuousClock.Instant)?
    /// The latest notes of each source's refreshes ("Using the feed … named by the page.").
    package internal(set) var notes: [SourceKey: [String]] = [:]
    /// How long a refresh (or a failed try) counts as fresh when a list opens: `refresh-minutes`,
    /// else five minutes. `r` and `R` fetch whatever this says.
    package var freshFor: TimeInterval = Library.defaultFreshness
    /// Each source's refresh running now (in the library's scope), and the screens' scopes holding it.
    var loads: [SourceKey: Load] = [:]
    /// Tells one hold from a later one of the same scope.
    var holdSerial = 0
    private var observers: [(owner: Weak, handler: @MainActor (Event) -> Void)] = []
    /// The library's own work (counting, indexing), for the life of the app.
    let scope = TaskScope()
    /// The cache on a connection of its own for indexing in the background (`indexForSearch`),
    /// opened at its first use.
    var indexer: ArticleStore?
    /// Reads articles' full texts from their pages (`x`, `full-text = yes`); nil where no
    /// network client was set up for it.
    package var fullTextReader: FullTextReader?
    /// Articles whose pages `full-text = yes` still has to read, by source: a refresh during a
    /// reading takes the earlier one's over (the latest run of a key wins).
    var fullTextsWanted: [SourceKey: Set<ArticleID>] = [:]
    /// Counts were asked for while a count ran: count once more after it.
    var countsAskedAgain = false
    /// Marks made and not yet written, oldest first (see `Library+Marks`).
    var pendingMarks: [MarkRequest] = []
    /// What undoes the reader's last marking (`A`, `N`, `*`) written this session.
    var lastMarkingUndo: MarkWrite?

    package init(entries: [Entry], store: ArticleStore, loader: SourceLoader) {
        self.entries = entries
        entryPositions = Self.positions(of: entries)
        self.store = store
        self.loader = loader
        now = loader.now
        for entry in entries { phases[entry.key] = .idle }
    }

    package var keys: [SourceKey] { entries.map(\.key) }

    /// A query feed's list: every source's articles that pass its filter.
    package func scope(of query: QueryConfig) -> ArticleScope { .filtered(.sources(keys), query.filter) }

    /// The tags the sources carry, in alphabetical order (case ignored), each with its sources in config order.
    package var tags: [(tag: String, sources: [SourceKey])] {
        var byTag: [String: [SourceKey]] = [:]
        for entry in entries {
            for tag in Set(entry.tags) { byTag[tag, default: []].append(entry.key) }
        }
        return byTag.sorted { ($0.key.lowercased(), $0.key) < ($1.key.lowercased(), $1.key) }.map { ($0.key, $0.value) }
    }

    package func entry(_ key: SourceKey) -> Entry? { entryPositions[key].map { entries[$0] } }

    /// Whether `key` is one of the library's sources.
    package func holds(_ key: SourceKey) -> Bool { entryPositions[key] != nil }

    /// The first position of each key in `entries`.
    private static func positions(of entries: [Entry]) -> [SourceKey: Int] {
        var positions: [SourceKey: Int] = [:]
        positions.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() where positions[entry.key] == nil { positions[entry.key] = position }
        return positions
    }

    package func phase(of key: SourceKey) -> Phase { phases[key] ?? .idle }

    /// What filters know of the sources: their names, groups and tags.
    package var filterSources: FilterSources {
        FilterSources(Dictionary(entries.map { ($0.key, FilterSources.Facts(name: $0.source.name, group: $0.group, tags: $0.tags)) }) { first, _ in first })
    }

    /// The sources among `keys` whose articles `filter` may let through: a query feed's refresh refreshes those.
    package func sources(drawnOnBy filter: ArticleFilter, within keys: [SourceKey]) -> [SourceKey] {
        let sources = filterSources
        return keys.filter { filter.mayMatch(sources[$0]) }
    }

    /// Unread articles across the sources, as their counts last said.
    package var unreadCount: Int { entries.reduce(0) { $0 + (summaries[$1.key]?.unreadCount ?? 0) } }

    package var isLoading: Bool { phases.values.contains(.loading) }

    /// Calls `handler` for every change while `owner` lives.
    package func observe(_ owner: AnyObject, _ handler: @escaping @MainActor (Event) -> Void) {
        observers.removeAll { $0.owner.object == nil }
        observers.append((Weak(owner), handler))
    }

    func notify(_ event: Event) {
        observers.removeAll { $0.owner.object == nil }
        for observer in observers { observer.handler(event) }
    }

    /// Ends the library's own work (the app is quitting).
    package func close() { scope.close() }
}

/// A query feed's counts.
package struct QueryCount: Sendable, Equatable {
    package var total: Int
    package var unread: Int
}

/// A refresh the library runs: its run, and the scopes (screens) holding it, each with its hold's serial.
struct Load {
    var token: TaskScope.Token
    var holders: [ObjectIdentifier: (scope: WeakScope, serial: Int)] = [:]
    /// Started with no holder (the refresh every few minutes, `--refresh`): it runs to its end.
    var heldToItsEnd = false

    init(token: TaskScope.Token) { self.token = token }
}

/// A screen's scope, not kept alive by the loads it holds.
struct WeakScope {
    weak var scope: TaskScope?
}

/// A reference that does not keep its object alive.
struct Weak {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
