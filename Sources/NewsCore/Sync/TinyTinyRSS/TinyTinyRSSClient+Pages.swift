import FoundationEssentials

/// The pages of one `getHeadlines` view: a feed (or a virtual one: -4 all, -1 starred, -6
/// recently read), a view mode, the articles above `since`, 200 a page.
struct HeadlinePages: Sendable {
    var feed: Int64
    var view: String
    var since: Int64 = 0
    /// With the full text (`show_content`), or ids and marks only.
    var content = true
    /// How many articles the counters say the view has; nil when unknown: then the pages are
    /// read one after another until one comes back short.
    var expected: Int?
    /// Where this page starts.
    var skip = 0
    /// The server's order instead of the oldest first (`date_reverse`).
    var serverOrder = false
    /// Articles asked for: 200, fewer for a view whose pages came too large (see `smaller`).
    var limit = TinyTinyRSSClient.pageSize
    /// Where the pages of this one's chain stop: a page made smaller covers only the range of
    /// the page it replaces; nil: at `expected`.
    var end: Int?

    /// The view this page is of: pages of one view share it.
    var key: View { View(feed: feed, mode: view, since: since, content: content) }

    struct View: Hashable, Sendable {
        var feed: Int64
        var mode: String
        var since: Int64
        var content: Bool
    }

    /// The next page of a view whose count is known, when the count reaches past this one
    /// (asked for as soon as this one goes out, so that a large feed's pages go side by side).
    var plannedNext: HeadlinePages? {
        guard let stop = end ?? expected, skip + limit < stop else { return nil }
        var page = self
        page.skip += limit
        return page
    }

    /// The page after this one, when the count is unknown and this one came back full.
    func next(after received: Int) -> HeadlinePages? {
        guard expected == nil, received >= limit else { return nil }
        var page = self
        page.skip += received
        return page
    }

    /// This page asked for in half as many articles, its range read by a chain of such pages;
    /// nil at one article.
    var smaller: HeadlinePages? {
        guard limit > 1 else { return nil }
        var page = self
        page.limit = limit / 2
        if expected != nil { page.end = skip + limit }
        return page
    }

    var parameters: [(String, JSONRequestBody.Value)] {
        var parameters: [(String, JSONRequestBody.Value)] = [
            ("feed_id", .int(feed)), ("view_mode", .string(view)), ("since_id", .int(since)),
            ("limit", .int(Int64(limit))), ("skip", .int(Int64(skip))),
            ("show_content", .bool(content)), ("show_excerpt", .bool(false)), ("include_attachments", .bool(false)),
            // The feed's own HTML: Headlines makes its own text of it, as it does for a feed it
            // fetches itself, so the server's sanitizer (half of a page's time there) is skipped.
            ("sanitize", .bool(false)),
        ]
        // Oldest first, so that articles arriving meanwhile come at the end and the `skip`
        // offsets stay true.
        if !serverOrder { parameters.append(("order_by", .string("date_reverse"))) }
        return parameters
    }
}

extension TinyTinyRSSClient {
    /// Requests at once while paging: enough to keep a small server's PHP workers busy
    /// (php-fpm's default pool of 5, PHP's built-in server with `PHP_CLI_SERVER_WORKERS=4`),
    /// few enough to be polite to it.
    static let concurrentRequests = 4

    /// The largest page answer taken: 200 articles with their full text are far below it (a
    /// megabyte or two), and four in flight, each held as bytes, parsed JSON and articles, stay
    /// well inside 100 MiB. A larger answer is asked for again in halves (`smaller`); one
    /// article alone may take up to `maxArticleResponse`.
    static let maxPageResponse = 4 << 20
    static let maxArticleResponse = 16 << 20

    /// Reads every page of `requests` (each the first of its view), `concurrentRequests` at a
    /// time, and hands each page to `receive` as it arrives: one at a time, in the order they
    /// arrive (the caller stores them, one writer), each article once (an unread starred one
    /// comes in two views). A failure, or a throwing `receive`, cancels the requests in flight.
    ///
    /// A view ends at an empty or short page, and at its count; the first pages of every view go
    /// before the second ones, so a view that ends at its first page costs one request whatever
    /// count it claimed. A page holding only articles its view already sent (a server ignoring
    /// `skip`) and more requests than `budget` allows end the reading with `SyncError.endless`.
    func fetchPages(_ requests: [HeadlinePages], receive: ([RemoteArticle]) async throws -> Void) async throws {
        var planned = requests
        var next = 0
        var followUps: [HeadlinePages] = []
        // Where each view ends: at an empty or short page, whatever its count said (pages
        // before it, made smaller or still in flight, are still read).
        var endsAt: [HeadlinePages.View: Int] = [:]
        var seen: [HeadlinePages.View: Set<RemoteArticleID>] = [:]
        var delivered = Set<RemoteArticleID>()
        var meter = PageMeter(budget, server: name)
        try await withThrowingTaskGroup(of: PageAnswer.self) { group in
            var running = 0
            func take() -> HeadlinePages? {
                while true {
                    let request: HeadlinePages
                    if let followUp = followUps.popLast() {
                        request = followUp
                    } else if next < planned.count {
                        request = planned[next]
                        next += 1
                    } else {
                        return nil
                    }
                    if request.skip < endsAt[request.key, default: .max] { return request }
                }
            }
            func refill() throws {
                while running < Self.concurrentRequests, let request = take() {
                    try meter.count()
                    if let more = request.plannedNext { planned.append(more) }
                    group.addTask { try await self.page(request) }
                    running += 1
                }
            }
            try refill()
            while let answer = try await group.next() {
                running -= 1
                let (request, received, page) = (answer.request, answer.received, answer.articles)
                if answer.tooLarge {
                    guard let smaller = request.smaller else {
                        throw invalid("one article's answer is larger than \(ByteCount.describe(Self.maxArticleResponse))")
                    }
                    followUps.append(smaller)
                    try refill()
                    continue
                }
                let view = request.key
                let ids = Set(page.map(\.id))
                if !ids.isEmpty, ids.isSubset(of: seen[view, default: []]) { throw SyncError.endless(server: name, reason: .repeatedPage) }
                seen[view, default: []].formUnion(ids)
                if received < request.limit { endsAt[view] = min(endsAt[view, default: .max], request.skip + received) }
                // The next request goes out before this page is stored: no worker of the server
                // waits for us meanwhile.
                if let following = request.next(after: received) { followUps.append(following) }
                try refill()
                let fresh = page.filter { delivered.insert($0.id).inserted }
                if !fresh.isEmpty { try await receive(fresh) }
            }
        }
    }

    /// One page, decoded off the actor: how many items the server sent (a full page means
    /// there may be more) and the articles among them that decode; or that it was too large.
    private nonisolated func page(_ request: HeadlinePages) async throws -> PageAnswer {
        let limit = request.limit > 1 ? Self.maxPageResponse : Self.maxArticleResponse
        let answer: JSONValue
        do {
            answer = try await call("getHeadlines", request.parameters, limit: limit)
        } catch SyncError.network(_, .tooLarge) {
            return PageAnswer(request: request, received: 0, articles: [], tooLarge: true)
        }
        guard let items = answer.array else { throw invalid("getHeadlines did not answer with a list") }
        return PageAnswer(request: request, received: items.count, articles: items.compactMap(TinyTinyRSSArticle.decode), tooLarge: false)
    }
}

/// What one page request brought.
struct PageAnswer: Sendable {
    var request: HeadlinePages
    var received: Int
    var articles: [RemoteArticle]
    /// The answer passed its cap: ask again for fewer articles.
    var tooLarge: Bool
}
