/// How much one sync may ask a server for, so that a server that never stops sending (pages
/// that never come back short, `skip` ignored and the same page again, `since_id` pages that
/// never end, counts in the millions) ends the sync with a sentence instead of running for ever.
/// Pages are bounded first by what the server said it holds (its unread counts), then by these caps.
public struct SyncBudget: Sendable, Equatable {
    /// Requests for pages (of articles or of ids) in one reading of the server's articles or marks.
    public var maxPages: Int
    /// Distinct ids kept from one of Fever's id lists (`unread_item_ids`, `saved_item_ids`).
    public var maxIDs: Int

    public init(maxPages: Int, maxIDs: Int) {
        self.maxPages = maxPages
        self.maxIDs = maxIDs
    }

    /// 10,000 pages is two million TT-RSS articles or half a million Fever items, far beyond
    /// any account a person reads; a million ids is what a 32 MiB Fever answer can hold.
    public static let standard = SyncBudget(maxPages: 10_000, maxIDs: 1_000_000)
}

/// Counts the pages of one reading against a `SyncBudget`, and knows a page already seen.
struct PageMeter {
    let budget: SyncBudget
    let server: String
    private(set) var pages = 0

    init(_ budget: SyncBudget, server: String) {
        self.budget = budget
        self.server = server
    }

    /// Counts one more request; throws once the cap is reached.
    mutating func count() throws(SyncError) {
        guard pages < budget.maxPages else { throw SyncError.endless(server: server, reason: .tooManyPages(budget.maxPages)) }
        pages += 1
    }
}
