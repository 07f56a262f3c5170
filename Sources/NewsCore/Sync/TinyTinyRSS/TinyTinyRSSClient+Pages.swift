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

    /// One request a page, for `expected` articles (none for none); one that reads on for
    /// an unknown count.
    var planned: [HeadlinePages] {
        guard let expected else { return [self] }
        return stride(from: 0, to: expected, by: TinyTinyRSSClient.pageSize).map { start in
            var page = self
            page.skip = start
            return page
        }
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

    /// Reads every page of `requests`, `concurrentRequests` at a time, and hands each page to
    /// `receive` as it arrives: one at a time, in the order they arrive (the caller stores them,
    /// one writer). A failure, or a throwing `receive`, cancels the requests in flight.
    func fetchPages(_ requests: [HeadlinePages], receive: ([RemoteArticle]) async throws -> Void) async throws {
        var waiting = Array(requests.reversed())
        try await withThrowingTaskGroup(of: (HeadlinePages, Int, [RemoteArticle]).self) { group in
            var running = 0
            func refill() {
                while running < Self.concurrentRequests, let request = waiting.popLast() {
                    group.addTask { try await self.page(request) }
                    running += 1
                }
            }
            refill()
            while let (request, received, page) = try await group.next() {
                running -= 1
                // The next request goes out before this page is stored: no worker of the server
                // waits for us meanwhile.
                if let next = request.next(after: received) { waiting.append(next) }
                refill()
                if !page.isEmpty { try await receive(page) }
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
