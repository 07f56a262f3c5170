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
        guard let expected, skip + TinyTinyRSSClient.pageSize < expected else { return nil }
        var page = self
        page.skip += TinyTinyRSSClient.pageSize
        return page
    }

    /// The page after this one, when the count is unknown and this one came back full.
    func next(after received: Int) -> HeadlinePages? {
        guard expected == nil, received >= TinyTinyRSSClient.pageSize else { return nil }
        var page = self
        page.skip += received
        return page
    }

    var parameters: [(String, JSONRequestBody.Value)] {
        var parameters: [(String, JSONRequestBody.Value)] = [
            ("feed_id", .int(feed)), ("view_mode", .string(view)), ("since_id", .int(since)),
            ("limit", .int(Int64(TinyTinyRSSClient.pageSize))), ("skip", .int(Int64(skip))),
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
        var ended = Set<HeadlinePages.View>()
        var seen: [HeadlinePages.View: Set<RemoteArticleID>] = [:]
        var delivered = Set<RemoteArticleID>()
        var meter = PageMeter(budget, server: name)
        try await withThrowingTaskGroup(of: (HeadlinePages, Int, [RemoteArticle]).self) { group in
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
                    if !ended.contains(request.key) { return request }
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
            while let (request, received, page) = try await group.next() {
                running -= 1
                let view = request.key
                let ids = Set(page.map(\.id))
                if !ids.isEmpty, ids.isSubset(of: seen[view, default: []]) { throw SyncError.endless(server: name, reason: .repeatedPage) }
                seen[view, default: []].formUnion(ids)
                // An empty or short page is the view's last, whatever its count said.
                if received < Self.pageSize { ended.insert(view) }
                // The next request goes out before this page is stored: no worker of the server
                // waits for us meanwhile.
                if let following = request.next(after: received) { followUps.append(following) }
                try refill()
                let fresh = page.filter { delivered.insert($0.id).inserted }
                if !fresh.isEmpty { try await receive(fresh) }
            }
        }
    }

    /// One page, decoded off the actor. Returns how many items the server sent (a full page
    /// means there may be more) and the articles among them that decode.
    private nonisolated func page(_ request: HeadlinePages) async throws -> (HeadlinePages, Int, [RemoteArticle]) {
        let answer = try await call("getHeadlines", request.parameters)
        guard let items = answer.array else { throw invalid("getHeadlines did not answer with a list") }
        return (request, items.count, items.compactMap(TinyTinyRSSArticle.decode))
    }
}
