import FoundationEssentials

/// Miniflux's own REST API (v1, `URL/v1/…`, JSON both ways), as its API reference
/// (miniflux.app/docs/api.html) and its Go client (`client/` in miniflux/v2) document it.
///
/// The quirks it documents, and what this client does about them (checked against those
/// documents and the server's handlers, not a running Miniflux):
/// - Two ways to sign in: an API token in `X-Auth-Token` (2.0.21 and later, the preferred one)
///   or the user and password by HTTP Basic. A section without `user` sends its secret as the
///   token. Either refused is a 401 `{"error_message": "access unauthorized"}`; every error is
///   `{"error_message": …}` with 400, 403, 404 or 500.
/// - `GET /v1/entries` pages by `limit` (at most 1,000 since 2.2; 100 when not given) and
///   `offset`, and says how many entries match (`total`); `entries` is `null`, not `[]`, when
///   none do. The pages are asked for oldest id first (`order=id&direction=asc`), so entries
///   that arrive meanwhile come last and the offsets stay true; the first page's `total` lets the
///   others go side by side.
/// - Without `status`, removed entries come too: later pages ask for `status=unread&status=read`
///   (a repeated `status`, 2.0.24 and later); an entry whose status is neither is skipped.
/// - The first sync reads `status=unread` and `starred=true`; later ones the entries above the
///   cursor (`after_entry_id`), then those changed since the last sync (`changed_after`, 2.0.49
///   and later: the server sets `changed_at` when an entry is read, unread, starred or
///   unstarred), whose marks, laid over the cache's, are the server's. `changed_after` is in the
///   server's seconds: it starts `changeMargin` before the last sync, for clocks that differ.
/// - `PUT /v1/entries` sets `status` for many `entry_ids` at once; `PUT /v1/entries/{id}/bookmark`
///   toggles the star, so a star is sent only when the server's entry (`GET /v1/entries/{id}`)
///   holds the other state, which also makes a batch sent twice change nothing more. An entry
///   the server no longer has (404) is done with.
/// - There is no call that fetches many entries by id: those the marks name that the cache
///   lacks come with the changed entries, else one `GET /v1/entries/{id}` each.
/// - `PUT /v1/feeds/{id}/refresh` fetches a feed now (synchronously, in hundreds of ms; a 500
///   when the feed's own site fails, which does not stop the sync, a 404 for a feed gone); `POST
///   /v1/feeds` with `feed_url` and `category_id` subscribes (201 `{"feed_id": …}`; a feed
///   already there is a 400 saying so).
/// - The title is plain text (Miniflux unescapes it); `content` is HTML Miniflux has sanitised;
///   `published_at` is RFC 3339 with a fraction and an offset; enclosures carry `url`,
///   `mime_type` and `size` (0 when unknown).
public actor MinifluxClient: SyncClient {
    /// Entries a page asks for: with full text, a page is a megabyte or two.
    static let pageSize = 250
    /// Requests at once while paging, as for TT-RSS: a small server's workers stay busy.
    static let concurrentRequests = 4
    /// The largest page answer taken (a larger one is asked for again in halves, down to one
    /// entry, which may take up to `maxEntryPage` alone), what may be in flight at once counted by
    /// the answers' caps (`maxInFlight`), and the largest answer of any other call (a feed list of
    /// thousands of feeds is a few megabytes).
    static let maxPage = 4 << 20
    static let maxEntryPage = 16 << 20
    static let maxInFlight = 16 << 20
    static let maxShortAnswer = 8 << 20
    /// Entries per `PUT /v1/entries`.
    static let marksPerCall = 250
    /// How far before the last sync `changed_after` starts: clocks that differ by less lose nothing.
    static let changeMargin: TimeInterval = 3_600

    let name: String
    /// The server's address, without query, fragment, trailing slashes and `/v1`.
    let root: String
    let credentials: Credentials
    /// The API at `root/v1`, with the credentials.
    let endpoint: RESTEndpoint
    /// What one sync may ask for (see `SyncBudget`).
    let budget: SyncBudget
    /// Feed titles from the last `feeds()`, to name each article's source.
    var feedTitles: [RemoteFeedID: String] = [:]
    /// The unread and starred ids a first sync just read: the marks that follow it take them.
    private var firstSyncLists: MarkLists?
    /// The entries the last `marks` found changed, for `articles(withIDs:)` to take first.
    private var changed: [RemoteArticleID: RemoteArticle] = [:]

    /// - Parameters:
    ///   - name: the config's name for the server, for messages.
    ///   - url: Miniflux's address (its `v1/` is called).
    ///   - user: the account's name, or empty to send `secret` as an API token.
    ///   - secret: the API token, or the account's password.
    public init(name: String, url: URL, user: String, secret: String, http: HTTPClient, budget: SyncBudget = .standard) {
        self.name = name
        let root = Self.root(url), credentials = Credentials(user: user, secret: secret)
        self.root = root
        self.credentials = credentials
        self.endpoint = Self.endpoint(name: name, root: root, credentials: credentials, http: http)
        self.budget = budget
    }

    /// `url` without its query, fragment, trailing slashes and a final `/v1`.
    static func root(_ url: URL) -> String {
        var text = RESTEndpoint.root(url)
        if text.hasSuffix("/v1") { text.removeLast(3) }
        return text
    }

    // MARK: - SyncClient

    public func feeds() async throws -> [RemoteFeed] {
        guard let list = try await getJSON("feeds").array else { throw invalid("its answer to /v1/feeds is not a list") }
        var feeds: [RemoteFeed] = []
        var titles: [RemoteFeedID: String] = [:]
        for feed in list {
            guard let id = Self.id(feed["id"]) else { continue }
            let url = feed["feed_url"]?.string.flatMap { URLPolicy.articleURL($0, relativeTo: nil) }
            var title = Sanitizer.clean(feed["title"]?.string ?? "", maxLength: TextLimits.name)
            if title.isEmpty { title = url?.host ?? "Feed \(id)" }
            let category = Sanitizer.cleanOptional(feed["category"]?["title"]?.string, maxLength: TextLimits.name)
            titles[RemoteFeedID(id)] = title
            feeds.append(RemoteFeed(id: RemoteFeedID(id), title: title, url: url, category: category))
        }
        feedTitles = titles
        return feeds
    }

    public func articles(after cursor: RemoteArticleID?, receive: @Sendable ([RemoteArticle]) async throws -> Void) async throws {
        firstSyncLists = nil
        if let cursor {
            try await fetchPages([[("after_entry_id", cursor.description), ("status", "unread"), ("status", "read")]], receive: receive)
            return
        }
        // The first sync: every unread entry and every starred one, their pages side by side.
        var lists = MarkLists()
        try await fetchPages([[("status", "unread")], [("starred", "true")]]) { page in
            for article in page { lists.take(article) }
            try await receive(page)
        }
        firstSyncLists = lists
    }

    public func articles(withIDs ids: [RemoteArticleID]) async throws -> [RemoteArticle] {
        var found = ids.compactMap { changed[$0] }
        let missing = ids.filter { changed[$0] == nil }
        changed = [:]
        var meter = PageMeter(budget, server: name)
        let titles = feedTitles
        for batch in missing.chunked(Self.concurrentRequests) {
            for _ in batch { try meter.count() }
            try await withThrowingTaskGroup(of: RemoteArticle?.self) { group in
                for id in batch {
                    group.addTask { try await self.entry(id, feedTitles: titles) }
                }
                while let article = try await group.next() {
                    if let article { found.append(article) }
                }
            }
        }
        return found
    }

    public func marks(comparedWith local: LocalMarks) async throws -> RemoteMarks {
        changed = [:]
        if let lists = firstSyncLists {
            firstSyncLists = nil
            return lists.marks
        }
        guard let previous = local.previousSync else {
            // No earlier sync to count changes from (a cache that lost its record): the whole lists.
            var lists = MarkLists()
            try await fetchPages([[("status", "unread")], [("starred", "true")]]) { page in
                for article in page { lists.take(article) }
            }
            return lists.marks
        }
        // The cache's marks, with those of every entry changed since the last sync laid over them.
        let since = Int64(max(1, previous.timeIntervalSince1970 - Self.changeMargin))
        var marks = MarkLists(local)
        var changed: [RemoteArticleID: RemoteArticle] = [:]
        try await fetchPages([[("changed_after", String(since)), ("status", "unread"), ("status", "read")]]) { page in
            for article in page {
                changed[article.id] = article
                marks.take(article)
            }
        }
        self.changed = changed
        return marks.marks
    }

    public func send(_ marks: [MarkChange]) async throws {
        // The last mark for an article and field is the one that counts.
        var read: [RemoteArticleID: Bool] = [:], stars: [RemoteArticleID: Bool] = [:]
        for mark in marks {
            if mark.field == .read { read[mark.article] = mark.value } else { stars[mark.article] = mark.value }
        }
        for status in [true, false] {
            let ids = read.filter { $0.value == status }.map(\.key.rawValue).sorted()
            for chunk in ids.chunked(Self.marksPerCall) {
                let body = JSONRequestBody([("entry_ids", .ints(Array(chunk))), ("status", .string(status ? "read" : "unread"))])
                _ = try await call("PUT", "entries", body: body)
            }
        }
        // The bookmark call toggles: only where the server holds the other state.
        for (id, starred) in stars.sorted(by: { $0.key < $1.key }) {
            let answer = try await call("GET", "entries/\(id)", limit: Self.maxPage, notFound: true)
            guard answer.status != 404 else { continue }
            guard let held = try parse(answer.data, "entries/\(id)")["starred"], case .bool(let isStarred) = held else {
                throw invalid("its answer to /v1/entries/\(id) has no starred")
            }
            if isStarred != starred { _ = try await call("PUT", "entries/\(id)/bookmark", notFound: true) }
        }
    }

    public func requestUpdate(of feed: RemoteFeedID?) async throws {
        guard let feed else { return }  // the server's own scheduler refreshes the rest
        do {
            _ = try await call("PUT", "feeds/\(feed)/refresh", notFound: true)
        } catch SyncError.network(_, .http(let status, _, _)) where status >= 500 {
            // Miniflux fetches the feed there and then, and answers 500 when the feed's own site
            // fails: that is the feed's trouble, shown on the server; the sync goes on.
        } catch let error as SyncError where error.isRefusal {
            // A 400 ("feed not found", a feed the server will not refresh now): the same, and
            // the sync, which reads what the server has, is worth more than the refresh.
        }
    }

    public func subscribe(to url: URL) async throws -> RemoteFeedID {
        let address = Sanitizer.clean(url.absoluteString, maxLength: 200)
        // Filed under the account's first category (older servers require one; "All" is made with the account).
        let categories = try await getJSON("categories").array ?? []
        guard let category = categories.compactMap({ Self.id($0["id"]) }).first else {
            throw SyncError.api(server: name, reason: "could not subscribe to \(address): the account has no category to file it under")
        }
        let body = JSONRequestBody([("feed_url", .string(url.absoluteString)), ("category_id", .int(category))])
        let data: Data
        do {
            data = try await call("POST", "feeds", body: body).data
        } catch SyncError.api(_, let reason) {
            throw SyncError.api(server: name, reason: "could not subscribe to \(address): \(reason)")
        }
        guard let id = Self.id(try parse(data, "feeds")["feed_id"]) else { throw invalid("its answer to POST /v1/feeds has no feed_id") }
        return RemoteFeedID(id)
    }

    // MARK: - One entry

    /// `GET /v1/entries/{id}`, decoded off the actor; nil when the server no longer has it.
    private nonisolated func entry(_ id: RemoteArticleID, feedTitles: [RemoteFeedID: String]) async throws -> RemoteArticle? {
        let answer = try await call("GET", "entries/\(id)", limit: Self.maxPage, notFound: true)
        guard answer.status != 404 else { return nil }
        return MinifluxEntry.decode(try parse(answer.data, "entries/\(id)"), feedTitles: feedTitles)
    }
}
