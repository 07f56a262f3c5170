import FoundationEssentials

/// The pages of one `GET /v1/entries` view: its filters, oldest id first (`order=id`,
/// `direction=asc`, so that entries arriving meanwhile come at the end and the offsets stay
/// true), `limit` entries from `offset`.
struct EntryPage: Sendable {
    /// Which of the views read together this page is of.
    var view: Int
    var filters: [(String, String)]
    var offset = 0
    var limit = MinifluxClient.pageSize

    var query: [(String, String)] {
        filters + [("order", "id"), ("direction", "asc"), ("limit", String(limit)), ("offset", String(offset))]
    }

    /// The most bytes its answer may take: a page's, or one entry's alone.
    var cap: Int { limit == 1 ? MinifluxClient.maxEntryPage : MinifluxClient.maxPage }

    /// Its range asked for in two halves (an answer over the cap); nil at one entry.
    var halves: [EntryPage]? {
        guard limit > 1 else { return nil }
        var first = self, second = self
        first.limit = limit / 2
        second.offset = offset + first.limit
        second.limit = limit - first.limit
        return [first, second]
    }
}

/// What one page request brought: how many entries the server sent, how many the view holds
/// (`total`), and the articles among them; or that the answer passed its cap.
struct EntryPageAnswer: Sendable {
    var page: EntryPage
    var received = 0
    var total = 0
    var articles: [RemoteArticle] = []
    var tooLarge = false
}

extension MinifluxClient {
    /// Reads every page of `views` (each a list of filters), `concurrentRequests` at a time, and
    /// hands each page to `receive` as it arrives, each article once (an unread starred entry is
    /// in two views). A view's first page says how many entries it holds (`total`): the pages
    /// up to it go side by side; an empty or short page ends the view sooner. A page holding only
    /// entries its view already sent (a server ignoring `offset`) and more requests than `budget`
    /// allows end the reading with `SyncError.endless`; an answer over the cap is asked for again
    /// in halves.
    func fetchPages(_ views: [[(String, String)]], receive: ([RemoteArticle]) async throws -> Void) async throws {
        // Per view: the entries it holds (once its first page said), where it ends (a short
        // page), the next offset to ask for, and the ids it sent.
        var totals = [Int?](repeating: nil, count: views.count)
        var ends = [Int](repeating: .max, count: views.count)
        var nextOffset = [Int](repeating: Self.pageSize, count: views.count)
        var seen = [Set<RemoteArticleID>](repeating: [], count: views.count)
        var pending = views.indices.reversed().map { EntryPage(view: $0, filters: views[$0]) }
        var delivered = Set<RemoteArticleID>()
        var meter = PageMeter(budget, server: name)
        let titles = feedTitles
        var flight = InFlightBytes(limit: Self.maxInFlight)
        // Halved once a page was too large: heavy entries are then asked for in smaller pages
        // from the start, rather than each page fetched up to its cap and thrown away first.
        var pageSize = Self.pageSize
        try await withThrowingTaskGroup(of: EntryPageAnswer.self) { group in
            func take() -> EntryPage? {
                if let page = pending.popLast() { return page }
                for view in views.indices {
                    guard let total = totals[view], nextOffset[view] < min(total, ends[view]) else { continue }
                    let page = EntryPage(view: view, filters: views[view], offset: nextOffset[view], limit: pageSize)
                    nextOffset[view] += pageSize
                    return page
                }
                return nil
            }
            func refill() throws {
                while flight.running < Self.concurrentRequests, let page = take() {
                    // A page whose cap does not fit waits, first in line, for those in flight.
                    guard flight.allows(page.cap) else {
                        pending.append(page)
                        return
                    }
                    try meter.count()
                    flight.start(page.cap)
                    group.addTask { try await self.entries(page, feedTitles: titles) }
                }
            }
            try refill()
            while let answer = try await group.next() {
                flight.finish(answer.page.cap)
                let page = answer.page
                if answer.tooLarge {
                    guard let halves = page.halves else {
                        throw invalid("one entry's answer is larger than \(ByteCount.describe(Self.maxEntryPage))")
                    }
                    pageSize = max(1, min(pageSize, page.limit / 2))
                    pending += halves.reversed()
                    try refill()
                    continue
                }
                if totals[page.view] == nil { totals[page.view] = answer.total }
                if answer.received < page.limit { ends[page.view] = min(ends[page.view], page.offset + answer.received) }
                let ids = Set(answer.articles.map(\.id))
                if !ids.isEmpty, ids.isSubset(of: seen[page.view]) { throw SyncError.endless(server: name, reason: .repeatedPage) }
                seen[page.view].formUnion(ids)
                // The next requests go out before this page is stored: no worker of the server waits meanwhile.
                try refill()
                let fresh = answer.articles.filter { delivered.insert($0.id).inserted }
                if !fresh.isEmpty { try await receive(fresh) }
            }
        }
    }

    /// One page, decoded off the actor.
    nonisolated func entries(_ page: EntryPage, feedTitles: [RemoteFeedID: String]) async throws -> EntryPageAnswer {
        let data: Data
        do {
            data = try await call("GET", "entries", query: page.query, limit: page.cap).data
        } catch SyncError.network(_, .tooLarge) {
            return EntryPageAnswer(page: page, tooLarge: true)
        }
        let answer = try parse(data, "entries")
        guard let entries = answer["entries"]?.array ?? (answer["entries"] == .null ? [] : nil) else {
            throw invalid("its answer to /v1/entries has no entries")
        }
        return EntryPageAnswer(
            // Without a `total`, a full page says there may be more.
            page: page, received: entries.count, total: answer["total"]?.int.map { max(0, $0) } ?? (entries.count >= page.limit ? .max : entries.count),
            articles: entries.compactMap { MinifluxEntry.decode($0, feedTitles: feedTitles) })
    }
}
