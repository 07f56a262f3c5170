import FoundationEssentials

extension TinyTinyRSSClient {
    /// TT-RSS keeps "recently read" (virtual feed -6) for a day: a sync later than this after
    /// the last one compares every feed's marks (a margin below 24 h for clocks that differ).
    static let recentlyReadWindow: TimeInterval = 20 * 3_600

    /// The API has no list of every unread id, and reading every feed's would cost a page per
    /// 200 unread articles on every sync; so only the feeds where the server's marks may differ
    /// from the cache's are asked for their unread and starred ids:
    /// - those whose counters differ from the cache's counts;
    /// - those with an article the server read in the last day (`-6`, recently read) that the
    ///   cache holds unread, and those with one of the 200 most recently starred (`-1` in its
    ///   own order, by when it was starred) that the cache does not hold starred: the flips
    ///   that leave a count as it was (one read here, one marked unread there) show there;
    /// - every feed, when the last sync is older than the recently-read window.
    /// A first sync (no previous one) took every mark with its articles: counts are enough.
    public func marks(comparedWith local: LocalMarks) async throws -> RemoteMarks {
        // The recent views matter only after an earlier sync (a first one needs no flips).
        let recent = local.previousSync != nil
        async let counted = counters()
        async let read = recent ? recentIDs(HeadlinePages(feed: -6, view: "all_articles", content: false, serverOrder: true), whole: true) : []
        async let starred = recent ? recentIDs(HeadlinePages(feed: -1, view: "all_articles", content: false, serverOrder: true), whole: false) : []
        let (counters, recentlyRead, recentlyStarred) = try await (counted, read, starred)

        var changed = Set<RemoteFeedID>()
        let everyFeed = local.previousSync.map { Date().timeIntervalSince($0) > Self.recentlyReadWindow } ?? false
        for (feed, counts) in counters where everyFeed || local.counts[feed] != counts { changed.insert(feed) }
        for (id, feed) in recentlyRead where local.unread.contains(id) { changed.insert(feed) }
        for (id, feed) in recentlyStarred where !local.starred.contains(id) { changed.insert(feed) }
        var marks = RemoteMarks(unread: [], starred: [], unreadFeeds: changed, starredFeeds: changed)
        let requests = changed.sorted().flatMap { feed in
            [
                HeadlinePages(feed: feed.rawValue, view: "unread", content: false),
                HeadlinePages(feed: feed.rawValue, view: "marked", content: false),
            ]
        }
        try await fetchPages(requests) { page in
            for article in page {
                if article.unread { marks.unread.insert(article.id) }
                if article.starred { marks.starred.insert(article.id) }
            }
        }
        return marks
    }

    /// The ids and feeds of a virtual feed's articles, in the server's order: every page
    /// (`whole`), or the first.
    private func recentIDs(_ pages: HeadlinePages, whole: Bool) async throws -> [(RemoteArticleID, RemoteFeedID)] {
        var found: [(RemoteArticleID, RemoteFeedID)] = []
        var seen = Set<RemoteArticleID>()
        var meter = PageMeter(budget, server: name)
        var request: HeadlinePages? = pages
        while let next = request {
            try meter.count()
            let answer = try await call("getHeadlines", next.parameters)
            let items = answer.array ?? []
            var fresh = false
            for item in items {
                guard let id = Self.id(item["id"]), let feed = Self.id(item["feed_id"]) else { continue }
                if seen.insert(RemoteArticleID(id)).inserted {
                    fresh = true
                    found.append((RemoteArticleID(id), RemoteFeedID(feed)))
                }
            }
            if !items.isEmpty, !fresh { throw SyncError.endless(server: name, reason: .repeatedPage) }
            request = whole ? next.next(after: items.count) : nil
        }
        return found
    }
}
