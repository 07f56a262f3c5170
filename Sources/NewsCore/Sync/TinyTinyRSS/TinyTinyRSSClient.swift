import FoundationEssentials

/// Tiny Tiny RSS's JSON API (API level 15 and later): every call a POST of one JSON object to
/// `URL/api/`, answered `{"seq":…, "status": 0|1, "content": …}` as `text/json`. A session id from
/// `login` goes with every call; when the server has forgotten it (`NOT_LOGGED_IN`), the client
/// logs in again once and repeats the call.
public actor TinyTinyRSSClient: SyncClient {
    /// The server caps `getHeadlines`' `limit` at 200.
    static let pageSize = 200
    /// Ids per `updateArticle` or `getArticle` call: long enough to save requests, short enough
    /// for any server's request size limit.
    static let idsPerCall = 500
    /// One page of 200 articles with full text is well under this; a server sending more is refused.
    static let maxResponse = 64 * 1024 * 1024

    let name: String
    let endpoint: URL
    let user: String
    let password: String
    let http: HTTPClient
    /// What one sync may ask for (see `SyncBudget`).
    let budget: SyncBudget
    private var sessionID: String?
    /// Whether a login is under way, and the calls waiting for it (see `session()`).
    private var loggingIn = false
    private var waitingForLogin: [CheckedContinuation<Void, Never>] = []
    /// Each feed's unread count as the last `feeds()` found it (`getFeeds` gives them): what a
    /// first sync, which follows it, plans its pages by, without a `getCounters` (one of the
    /// server's dearest calls).
    private var unreadCounts: [RemoteFeedID: Int]?

    /// The session the next call sends, and how many logins this client made (for the tests
    /// of an expired session).
    var currentSession: String? { sessionID }
    private(set) var logins = 0

    /// - Parameters:
    ///   - name: the config's name for the server, for messages.
    ///   - url: the server's address (its `api/` is called), or the API's own address.
    public init(name: String, url: URL, user: String, password: String, http: HTTPClient, budget: SyncBudget = .standard) {
        self.name = name
        self.endpoint = Self.apiURL(url)
        self.user = user
        self.password = password
        self.http = http
        self.budget = budget
    }

    /// `https://host/tt-rss/` → `https://host/tt-rss/api/`; an address already ending in `api` is kept.
    static func apiURL(_ url: URL) -> URL {
        var text = url.absoluteString
        if let query = text.firstIndex(of: "?") { text = String(text[..<query]) }
        if text.hasSuffix("/api/") { return URL(string: text) ?? url }
        if text.hasSuffix("/api") { return URL(string: text + "/") ?? url }
        if !text.hasSuffix("/") { text += "/" }
        return URL(string: text + "api/") ?? url
    }

    // MARK: - SyncClient

    public func feeds() async throws -> [RemoteFeed] {
        // Side by side (neither needs the other), after the login both would otherwise make.
        // cat_id -3: every feed, without the virtual ones (Starred, Published, ...).
        _ = try await session()
        async let categoryList = call("getCategories", [("include_empty", .bool(true))])
        async let feedList = call("getFeeds", [("cat_id", .int(-3))])
        let (categories, content) = try await (categoryList, feedList)
        var titles: [Int64: String] = [:]
        for category in categories.array ?? [] {
            guard let id = Self.id(category["id"]), id > 0 else { continue }  // 0 uncategorised, <0 special
            let title = Sanitizer.clean(category["title"]?.string ?? "", maxLength: TextLimits.name)
            if !title.isEmpty { titles[id] = title }
        }
        guard let list = content.array else { throw invalid("getFeeds did not answer with a list") }
        // A feed without a count leaves the first sync to ask the counters.
        var unread: [RemoteFeedID: Int]? = [:]
        let feeds = list.compactMap { feed -> RemoteFeed? in
            guard let id = Self.id(feed["id"]), id > 0 else { return nil }
            let title = Sanitizer.clean(feed["title"]?.string ?? "", maxLength: TextLimits.name)
            let url = feed["feed_url"]?.string.flatMap { URLPolicy.articleURL($0, relativeTo: nil) }
            let category = Self.id(feed["cat_id"]).flatMap { titles[$0] }
            if let count = feed["unread"]?.int, count >= 0 { unread?[RemoteFeedID(id)] = count } else { unread = nil }
            return RemoteFeed(id: RemoteFeedID(id), title: title.isEmpty ? (url?.host ?? "Feed \(id)") : title, url: url, category: category)
        }
        unreadCounts = unread
        return feeds
    }

    public func articles(after cursor: RemoteArticleID?, receive: @Sendable ([RemoteArticle]) async throws -> Void) async throws {
        if let cursor {
            try await fetchPages([HeadlinePages(feed: -4, view: "all_articles", since: cursor.rawValue)], receive: receive)
            return
        }
        // The first sync: every feed's unread articles and every starred one (a starred
        // article that is also unread comes in both, and is handed over once), their pages asked
        // for side by side. The unread counts (from the feed list just read, else the counters)
        // say how many pages each feed has at most (an empty or short page ends it sooner); the
        // starred pages, first, are read on until one comes back short (one page for up to 199). An article that arrives or changes while
        // they are read (and so shifts a page) is found by the marks that follow, which compare
        // every feed's counts with the cache's.
        var unread = unreadCounts ?? [:]
        if unread.isEmpty { unread = try await counters().mapValues(\.unread) }
        var requests = [HeadlinePages(feed: -1, view: "all_articles")]
        requests += unread.sorted { $0.key < $1.key }.compactMap { feed, count in
            count > 0 ? HeadlinePages(feed: feed.rawValue, view: "unread", expected: count) : nil
        }
        if unread.isEmpty {  // a server without counts: page through everything
            requests = [HeadlinePages(feed: -4, view: "unread"), HeadlinePages(feed: -1, view: "all_articles")]
        }
        try await fetchPages(requests, receive: receive)
    }

    public func articles(withIDs ids: [RemoteArticleID]) async throws -> [RemoteArticle] {
        var found: [RemoteArticle] = []
        for chunk in ids.chunked(Self.idsPerCall) {
            let content = try await call(
                "getArticle", [("article_id", .string(chunk.map(\.description).joined(separator: ","))), ("sanitize", .bool(false))])
            for item in content.array ?? [] {
                if let article = TinyTinyRSSArticle.decode(item) { found.append(article) }
            }
        }
        return found
    }

    /// Unread and starred counts per feed, by `getCounters`.
    func counters() async throws -> [RemoteFeedID: MarkCounts] {
        let counters = try await call("getCounters", [("output_mode", .string("f"))])
        var counts: [RemoteFeedID: MarkCounts] = [:]
        for counter in counters.array ?? [] {
            guard counter["kind"] == nil, let id = Self.id(counter["id"]), id > 0 else { continue }
            counts[RemoteFeedID(id)] = MarkCounts(unread: counter["counter"]?.int ?? 0, starred: counter["markedcounter"]?.int ?? 0)
        }
        return counts
    }

    public func send(_ marks: [MarkChange]) async throws {
        // updateArticle: field 0 starred, 2 unread; mode 0 false, 1 true. Grouped by what they set.
        var groups: [String: [RemoteArticleID]] = [:]
        for mark in marks {
            let key = mark.field == .starred ? (mark.value ? "0:1" : "0:0") : (mark.value ? "2:0" : "2:1")
            groups[key, default: []].append(mark.article)
        }
        for (key, ids) in groups.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: ":")
            for chunk in ids.chunked(Self.idsPerCall) {
                _ = try await call(
                    "updateArticle",
                    [
                        ("article_ids", .string(chunk.map(\.description).joined(separator: ","))),
                        ("field", .int(Int64(parts[0]) ?? 0)), ("mode", .int(Int64(parts[1]) ?? 0)),
                    ])
            }
        }
    }

    public func requestUpdate(of feed: RemoteFeedID?) async throws {
        guard let feed else { return }  // the server's own updater refreshes the rest
        _ = try await call("updateFeed", [("feed_id", .int(feed.rawValue))])
    }

    public func subscribe(to url: URL) async throws -> RemoteFeedID {
        let content = try await call("subscribeToFeed", [("feed_url", .string(url.absoluteString)), ("category_id", .int(0))])
        let status = content["status"]
        let code = status?["code"]?.int ?? -1
        // 0: already subscribed, 1: added.
        if code == 0 || code == 1, let id = Self.id(status?["feed_id"]) { return RemoteFeedID(id) }
        let reason: String
        switch code {
        case 2: reason = "it is not a valid URL"
        case 3, 4: reason = "it is not a feed"
        case 5: reason = "the server could not download it" + (status?["message"]?.string.map { " (\(Sanitizer.clean($0, maxLength: 200)))" } ?? "")
        default: reason = "the server refused it (code \(code))"
        }
        throw SyncError.api(server: name, reason: "could not subscribe to \(Sanitizer.clean(url.absoluteString, maxLength: 200)): \(reason)")
    }

    // MARK: - Calls

    /// Calls `op` with `parameters` and the session, logging in first when there is none, and
    /// once more when the server has forgotten the session. Returns `content`. Calls may run
    /// side by side: each sends the session of its start, and one that finds it forgotten logs
    /// in again only when no other call has done so meanwhile.
    ///
    /// TT-RSS answers calls side by side on a session it has just forgotten with a
    /// `NOT_LOGGED_IN` to one and, about one time in five, an HTTP 500 to another (its session
    /// handler racing with itself, seen on 21~git20210204). So a 500 is checked with
    /// `isLoggedIn`: on a forgotten session it is that race, and the call is made again with a
    /// new one; on a live session it is the server's own failure.
    func call(_ op: String, _ parameters: [(String, JSONRequestBody.Value)], limit: Int = TinyTinyRSSClient.maxResponse) async throws -> JSONValue {
        let session = try await session()
        do {
            return try await post(op, parameters, session: session, limit: limit)
        } catch TinyTinyRSSFailure.notLoggedIn {
            if sessionID == session { sessionID = nil }
        } catch let error as SyncError {
            guard case .network(_, .http(let status, _, _)) = error, status >= 500, try await !isLoggedIn(session) else { throw error }
            if sessionID == session { sessionID = nil }
        }
        do {
            return try await post(op, parameters, session: try await self.session(), limit: limit)
        } catch TinyTinyRSSFailure.notLoggedIn {
            throw SyncError.api(server: name, reason: "it forgot the session just after a new login")
        }
    }

    /// Whether the server still knows `session` (`isLoggedIn` needs no live session to answer).
    private func isLoggedIn(_ session: String) async throws -> Bool {
        try await post("isLoggedIn", [], session: session)["status"] == .bool(true)
    }

    /// The session, after a login when there is none. One login at a time: calls that find no
    /// session while a login is under way wait for it rather than log in beside it (calls run
    /// side by side, and each used to log in on its own after a forgotten session: two sessions,
    /// one forgotten at once, for the one the test and the doc promise).
    private func session() async throws -> String {
        while true {
            if let sessionID { return sessionID }
            guard loggingIn else { break }
            // Woken when that login ends, whichever way: then the session is there, or (a failed
            // or cancelled login) this call tries its own.
            await withCheckedContinuation { waitingForLogin.append($0) }
            try Task.checkCancellation()
        }
        loggingIn = true
        defer {
            loggingIn = false
            let waiting = waitingForLogin
            waitingForLogin = []
            for waiter in waiting { waiter.resume() }
        }
        let content: JSONValue
        do {
            content = try await post("login", [("user", .string(user)), ("password", .string(password))], session: nil)
        } catch TinyTinyRSSFailure.notLoggedIn {
            throw SyncError.wrongPassword(server: name)
        }
        guard let session = content["session_id"]?.string, !session.isEmpty, session.utf8.count <= 256 else {
            throw invalid("login gave no session id")
        }
        sessionID = session
        logins += 1
        return session
    }

    /// One POST (off the actor: answers are parsed side by side). API errors become
    /// `SyncError`s, except a forgotten session, which `call` handles.
    private nonisolated func post(
        _ op: String, _ parameters: [(String, JSONRequestBody.Value)], session: String?, limit: Int = TinyTinyRSSClient.maxResponse
    ) async throws -> JSONValue {
        var body = JSONRequestBody(parameters)
        body.set("op", .string(op))
        if let session { body.set("sid", .string(session)) }
        let data = try await http.postToServer(endpoint, body: body.data, contentType: "application/json", limit: limit, server: name)
        let document: JSONValue
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw invalid("the answer to \(op) is not JSON (\(error.reason) at byte \(error.offset))")
        }
        guard let status = document["status"]?.int else { throw invalid("the answer to \(op) has no status") }
        let content = document["content"] ?? .null
        guard status == 0 else {
            let code = content["error"]?.string ?? "UNKNOWN"
            switch code {
            case "NOT_LOGGED_IN", "LOGIN_ERROR": throw TinyTinyRSSFailure.notLoggedIn
            case "API_DISABLED": throw SyncError.api(server: name, reason: "the API is turned off for this account (Preferences: Enable API)")
            default: throw SyncError.api(server: name, reason: "\(op) failed with \(Sanitizer.clean(code, maxLength: 100))")
            }
        }
        return content
    }

    nonisolated func invalid(_ reason: String) -> SyncError { .invalidResponse(server: name, reason: reason) }

    /// An id, which some versions send as a string.
    static func id(_ value: JSONValue?) -> Int64? {
        guard let text = value?.text, let id = Int64(text) else { return nil }
        return id
    }
}

/// The one answer `call` deals with itself.
enum TinyTinyRSSFailure: Error {
    case notLoggedIn
}
