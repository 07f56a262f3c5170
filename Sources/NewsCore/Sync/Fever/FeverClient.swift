import FoundationEssentials

/// The Fever API (api_version 3), as Miniflux, FreshRSS, Coldsweat, TT-RSS's plugin and others
/// serve it: every call a POST to the endpoint with `api_key = md5("user:password")` in a form
/// body, the command in the query string (`?api&items&since_id=7`), and a JSON answer that says
/// `auth: 1` when the key is good (a wrong key is `auth: 0` with status 200, never a 401).
///
/// Where the servers differ, the client does what works on all of them (checked against their
/// documentation and code, and against a real Coldsweat in the tests):
/// - One command per request: Miniflux answers only the first of several.
/// - Commands and `since_id`/`max_id`/`with_ids` in the query string (Coldsweat reads them only
///   there); `api_key` and `mark`/`as`/`id`/`before` in the form body (Coldsweat and FreshRSS read
///   the key only there). One of `since_id`, `max_id`, `with_ids` per request: FreshRSS takes
///   `max_id` first, Miniflux `since_id` first.
/// - Items come 50 a request, in no promised order (Coldsweat's `since_id` pages skip items), so
///   the first sync asks for `unread_item_ids` and `saved_item_ids` and fetches those with
///   `with_ids`, 50 at a time (FreshRSS caps `with_ids` at 50); later syncs page by `since_id`
///   and then fetch any unread or saved id above the cursor that the pages missed.
/// - Ids may be numbers or strings (FreshRSS sends item ids as strings: microsecond timestamps
///   above 2^53), and id lists are comma-separated strings.
/// - `as=saved` and `as=unsaved` toggle on Miniflux instead of setting, so marks are sent only
///   where the server's state differs from the mark (read from `saved_item_ids` and
///   `unread_item_ids` first), which also makes a resent batch change nothing.
/// - An item the server no longer has: Coldsweat answers 404 to its mark, Miniflux ignores it;
///   either way the mark is done with.
/// - `mark=feed … before`: Coldsweat and Miniflux compare `before` with the item's published
///   date (Miniflux marks later, in the background); FreshRSS and the original Fever with the
///   time the item arrived.
/// - Not in the protocol: subscribing, and asking the server to refresh (FreshRSS answers
///   `refresh` with 501); errors are HTML pages (Coldsweat) or `{"error_message"}` with 500 (Miniflux).
public actor FeverClient: SyncClient {
    /// Items per request: the protocol's page, and FreshRSS's cap on `with_ids`.
    static let itemsPerCall = 50
    /// 50 items with full text are far below this, as are the id lists of a large account
    /// (a million ids is about 8 MB); a server sending more is refused.
    static let maxResponse = 32 * 1024 * 1024

    let name: String
    /// The API's address as configured, without query or fragment.
    let endpoint: URL
    private let apiKey: String
    let http: HTTPClient
    /// What one sync may ask for (see `SyncBudget`).
    let budget: SyncBudget
    /// Feed titles from the last `feeds()`, to name each article's source.
    private var feedTitles: [Int64: String] = [:]

    /// - Parameters:
    ///   - name: the config's name for the server, for messages.
    ///   - url: the Fever endpoint (Miniflux `…/fever/`, FreshRSS `…/api/fever.php`).
    ///   - user: the Fever user name (Miniflux and FreshRSS: the one set for the API; Coldsweat: the e-mail).
    ///   - password: the Fever password (FreshRSS: the API password).
    public init(name: String, url: URL, user: String, password: String, http: HTTPClient, budget: SyncBudget = .standard) {
        self.name = name
        self.endpoint = Self.endpoint(url)
        self.apiKey = MD5.hex("\(user):\(password)")
        self.http = http
        self.budget = budget
    }

    /// `url` without its query and fragment (the commands go there).
    static func endpoint(_ url: URL) -> URL {
        var text = url.absoluteString
        if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<end]) }
        return URL(string: text) ?? url
    }

    // MARK: - SyncClient

    public func feeds() async throws -> [RemoteFeed] {
        let groupsAnswer = try await read("groups")
        var groupTitles: [Int64: String] = [:]
        for group in groupsAnswer["groups"]?.array ?? [] {
            guard let id = FeverIDs.id(group["id"]) else { continue }
            let title = Sanitizer.clean(group["title"]?.text ?? "", maxLength: TextLimits.name)
            if !title.isEmpty { groupTitles[id] = title }
        }
        // A feed in several groups is filed under the first that names it.
        var groupOfFeed: [Int64: String] = [:]
        for relation in groupsAnswer["feeds_groups"]?.array ?? [] {
            guard let group = FeverIDs.id(relation["group_id"]), let title = groupTitles[group] else { continue }
            for feed in FeverIDs.list(relation["feed_ids"]) where groupOfFeed[feed] == nil { groupOfFeed[feed] = title }
        }
        let feedsAnswer = try await read("feeds")
        guard let list = feedsAnswer["feeds"]?.array else { throw invalid("its answer to feeds has no list of feeds") }
        var feeds: [RemoteFeed] = []
        var titles: [Int64: String] = [:]
        for feed in list {
            guard let id = FeverIDs.id(feed["id"]) else { continue }
            let url = URLPolicy.articleURL(feed["url"]?.string, relativeTo: nil)
            var title = Sanitizer.clean(feed["title"]?.text ?? "", maxLength: TextLimits.name)
            if title.isEmpty { title = url?.host ?? "Feed \(id)" }
            titles[id] = title
            feeds.append(RemoteFeed(id: RemoteFeedID(id), title: title, url: url, category: groupOfFeed[id]))
        }
        feedTitles = titles
        return feeds
    }

    public func articles(after cursor: RemoteArticleID?, receive: @Sendable ([RemoteArticle]) async throws -> Void) async throws {
        guard let cursor else {
            // The first sync: every unread and every saved item, by id (see the type's notes).
            let (unread, saved) = try await (idList("unread_item_ids"), idList("saved_item_ids"))
            try await fetch(ids: unread.union(saved).sorted(), receive: receive)
            return
        }
        var received = Set<Int64>()
        var since = cursor.rawValue
        // Pages of ever higher ids could go on for ever: the budget ends them with a sentence.
        var meter = PageMeter(budget, server: name)
        while true {
            try meter.count()
            let answer = try await read("items", ("since_id", String(since)))
            let items = answer["items"]?.array ?? []
            // A hostile or confused server may send what was not asked for: only ids above the cursor count.
            let page = items.compactMap { FeverItem.decode($0, feedTitles: feedTitles) }
                .filter { $0.id.rawValue > cursor.rawValue && !received.contains($0.id.rawValue) }
            // An empty page, or one of items already sent, is the end.
            guard let highest = page.map(\.id.rawValue).max() else { break }
            received.formUnion(page.map(\.id.rawValue))
            try await receive(page)
            if items.count < Self.itemsPerCall || highest <= since { break }
            since = highest
        }
        // What the pages skipped (servers that send items in no order): the unread and saved ones.
        let (unread, saved) = try await (idList("unread_item_ids"), idList("saved_item_ids"))
        let missed = unread.union(saved).filter { $0 > cursor.rawValue && !received.contains($0) }
        try await fetch(ids: missed.sorted(), receive: receive)
    }

    public func articles(withIDs ids: [RemoteArticleID]) async throws -> [RemoteArticle] {
        var found: [RemoteArticle] = []
        try await fetch(ids: ids.map(\.rawValue)) { page in found += page }
        return found
    }

    public func marks(comparedWith local: LocalMarks) async throws -> RemoteMarks {
        // Fever has no counters: the two id lists are the whole account's marks, and cheap.
        let (unread, saved) = try await (idList("unread_item_ids"), idList("saved_item_ids"))
        return RemoteMarks(unread: Set(unread.map(RemoteArticleID.init)), starred: Set(saved.map(RemoteArticleID.init)))
    }

    public func send(_ marks: [MarkChange]) async throws {
        guard !marks.isEmpty else { return }
        // The last mark for an article and field is the one that counts.
        var wanted: [MarkChange] = []
        var seen = Set<String>()
        for mark in marks.reversed() where seen.insert("\(mark.field.rawValue):\(mark.article.rawValue)").inserted {
            wanted.append(mark)
        }
        let (unread, saved) = try await (idList("unread_item_ids"), idList("saved_item_ids"))
        for mark in wanted.reversed() {
            let id = mark.article.rawValue
            let action: String
            switch mark.field {
            case .read:
                guard unread.contains(id) == mark.value else { continue }  // unread on the server and marked read, or the reverse
                action = mark.value ? "read" : "unread"
            case .starred:
                guard saved.contains(id) != mark.value else { continue }
                action = mark.value ? "saved" : "unsaved"
            }
            try await markItem(id, as: action)
        }
    }

    /// Marks every item of `feed` that the server dates before `before` as read (Fever
    /// `mark=feed`): one request for a whole feed. Servers differ on the date compared (see the
    /// type's notes), so `before` should be the time the client last synced.
    public func markFeedRead(_ feed: RemoteFeedID, before: Date) async throws {
        let seconds = Int64(max(0, before.timeIntervalSince1970.rounded(.down)))
        _ = try await post(command: nil, [], form: [("mark", "feed"), ("as", "read"), ("id", String(feed.rawValue)), ("before", String(seconds))])
    }

    public func requestUpdate(of feed: RemoteFeedID?) async throws {
        // The protocol cannot ask the server to refresh: it does so on its own schedule.
    }

    public func subscribe(to url: URL) async throws -> RemoteFeedID {
        throw SyncError.unsupported(server: name, what: "add a feed: the Fever API has no way to subscribe (add it on the server's own pages)")
    }

    // MARK: - Items and ids

    /// Fetches `ids` with `with_ids`, 50 a request, handing over each page.
    private func fetch(ids: [Int64], receive: ([RemoteArticle]) async throws -> Void) async throws {
        var meter = PageMeter(budget, server: name)
        for chunk in ids.chunked(Self.itemsPerCall) {
            try meter.count()
            let wanted = Set(chunk)
            let answer = try await read("items", ("with_ids", chunk.map(String.init).joined(separator: ",")))
            let page = (answer["items"]?.array ?? []).compactMap { FeverItem.decode($0, feedTitles: feedTitles) }
                .filter { wanted.contains($0.id.rawValue) }
            if !page.isEmpty { try await receive(page) }
        }
    }

    /// `unread_item_ids` or `saved_item_ids`: the whole account's list, each id once, at most
    /// `budget.maxIDs` of them.
    private func idList(_ command: String) async throws -> Set<Int64> {
        let answer = try await read(command)
        guard let value = answer[command] else { throw invalid("its answer to \(command) has no \(command)") }
        do {
            return try FeverIDs.set(value, limit: budget.maxIDs)
        } catch {
            throw SyncError.endless(server: name, reason: .tooManyIDs(budget.maxIDs))
        }
    }

    /// Marks one item; an item the server does not have any more (Coldsweat: 404) is done with.
    private func markItem(_ id: Int64, as action: String) async throws {
        do {
            _ = try await post(command: nil, [], form: [("mark", "item"), ("as", action), ("id", String(id))])
        } catch SyncError.network(_, .http(404, _, _)) {
            return
        }
    }

    // MARK: - Calls

    /// A read command (`groups`, `items`…) with its query arguments.
    private func read(_ command: String, _ arguments: (String, String)...) async throws -> JSONValue {
        try await post(command: command, arguments, form: [])
    }

    /// One POST: `?api[&command][&name=value…]`, the key and `form` in the body. Returns the
    /// answer once it is JSON with `auth: 1`.
    private func post(command: String?, _ arguments: [(String, String)], form: [(String, String)]) async throws -> JSONValue {
        var query = "api"
        if let command { query += "&" + command }
        for (name, value) in arguments { query += "&\(name)=\(value)" }
        guard let url = URL(string: endpoint.absoluteString + "?" + query) else { throw invalid("its address cannot take a command") }
        // Every value is a hex key, a number or a word of ours: nothing to percent-encode.
        let body = Data(([("api_key", apiKey)] + form).map { "\($0.0)=\($0.1)" }.joined(separator: "&").utf8)
        let data = try await http.postToServer(
            url, body: body, contentType: "application/x-www-form-urlencoded", limit: Self.maxResponse, server: name)
        let what = command ?? "mark"
        let answer: JSONValue
        do {
            answer = try JSONParser.parse(data)
        } catch {
            throw invalid(
                "its answer to \(what) is not JSON, so \(Sanitizer.clean(endpoint.absoluteString, maxLength: 200)) may not be its Fever API (Miniflux: /fever/, FreshRSS: /api/fever.php)"
            )
        }
        guard let auth = answer["auth"] else { throw invalid("its answer to \(what) does not say whether the key was accepted") }
        guard FeverIDs.flag(auth) else { throw SyncError.wrongPassword(server: name) }
        return answer
    }

    private func invalid(_ reason: String) -> SyncError { .invalidResponse(server: name, reason: reason) }
}
