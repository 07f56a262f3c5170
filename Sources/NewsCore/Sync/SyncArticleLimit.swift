/// How many articles one sync may bring before it is taken for a server that never stops (pages
/// of new ids without end: 2.5 million Miniflux entries and a 1.1 GB cache before the page cap
/// stopped it). A person's account stays far below: the first sync of years of reading, or four
/// times what the cache held of it before. `sync-limit` in the server's section raises it for
/// an account that really holds more.
public struct SyncArticleLimit: Sendable, Equatable {
    /// The least the limit is, whatever the cache held.
    public var floor: Int
    /// The limit grows with what the cache held of the account: this many times it.
    public var timesHeld: Int
    /// `sync-limit`: the person's own, which only raises it.
    public var configured: Int?

    public init(floor: Int = SyncArticleLimit.standardFloor, timesHeld: Int = 4, configured: Int? = nil) {
        self.floor = floor
        self.timesHeld = timesHeld
        self.configured = configured
    }

    public static let standardFloor = 100_000

    /// The limit for a sync of an account of which the cache held `held` articles.
    public func limit(held: Int) -> Int {
        let (grown, overflow) = held.multipliedReportingOverflow(by: timesHeld)
        return max(configured ?? 0, floor, overflow ? .max : grown)
    }
}
