import FoundationEssentials

/// What another process (cron's `headlines --refresh`, a second interface) wrote to the cache
/// since this instance last looked: the articles it added, by source. Its marks and counts
/// change nothing here; reading them again shows them.
public struct OtherWrites: Sendable, Hashable {
    public var added: [SourceKey: [ArticleID]] = [:]

    public init(added: [SourceKey: [ArticleID]] = [:]) { self.added = added }

    public var addedCount: Int { added.values.reduce(0) { $0 + $1.count } }
}

/// How the store tells its own writes from another process's: SQLite's `PRAGMA data_version`
/// changes only when another connection commits, and every write of our own first collects
/// what others added before it (under the write lock, so nothing slips between), then moves the
/// mark past its own articles.
struct OtherWriterWatch {
    /// `data_version` when last looked at.
    var dataVersion: Int64 = 0
    /// The highest article id this instance has accounted for (its own, or others' collected).
    var lastArticleID: Int64 = 0
    /// Collected and not yet taken.
    var pending = OtherWrites()
    var changed = false

    /// At most this many articles are collected between two looks (a big import elsewhere
    /// marks its first ones new; counts and lists show them all).
    static let maxCollected = 100_000
}
