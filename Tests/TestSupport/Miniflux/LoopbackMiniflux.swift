import Foundation

/// A loopback Miniflux (real HTTP on 127.0.0.1) answering its REST API v1 as its documents say,
/// since no Miniflux can run here (it needs Go 1.24; there is no Debian package):
/// - miniflux.app/docs/api.html (miniflux/website `content/docs/api.md`, read at 3a28478): the
///   status codes (200, 201, 204, 400, 401, 403, 404, 500), `{"error_message": …}` errors,
///   `X-Auth-Token` or HTTP Basic, `GET /v1/feeds` (each feed with its `category`), `GET
///   /v1/categories`, `GET /v1/entries` with `status` (repeatable), `starred`, `after_entry_id`,
///   `changed_after`, `order`, `direction`, `limit`, `offset`, answering `{"total", "entries"}`,
///   `GET /v1/entries/{id}`, `PUT /v1/entries` with `entry_ids` and `status` (204), `PUT
///   /v1/entries/{id}/bookmark` toggling (204), `PUT /v1/feeds/{id}/refresh` (204) and `POST
///   /v1/feeds` with `feed_url` and `category_id` (201 `{"feed_id"}`);
/// - its handlers and Go client (miniflux/v2 `internal/api`, `internal/validator`,
///   `internal/storage`, `client/`, read at 106cdd0): `limit` above 1,000 is a 400, `entries` is
///   `null` when none match, `status` takes only `read` and `unread`, every write to an entry
///   sets its `changed_at`, a 401 says `access unauthorized`, a 404 `resource not found`, and an
///   existing feed is a 400 `This feed already exists.`
/// Its state can be changed as another device would change it, and it can be made to fail a page
/// or go away.
public final class LoopbackMiniflux: @unchecked Sendable {
    public static let token = "Pv5dBNCjBXb0x1kN4iBq0rG6dTqz5d5HM0mE5kqS2lU="
    public static let user = "admin"
    public static let password = "miniflux-password"

    /// One entry as the server keeps it.
    public struct Entry: Sendable {
        public var id: Int64
        public var feed: Int64
        public var title: String
        public var published: Date
        public var unread = true
        public var starred = false
        public var removed = false
        /// When it was last read, unread, starred or unstarred (Miniflux's `changed_at`).
        public var changed: Date
        public var enclosure: (url: String, type: String, size: Int64)?
    }

    public struct Feed: Sendable {
        public var id: Int64
        public var title: String
        public var url: String
        public var category: Int64
    }

    public let server: LoopbackServer
    private let lock = NSLock()
    private var feeds: [Feed] = []
    private var categories: [(id: Int64, title: String)] = [(1, "All"), (2, "Tech")]
    private var entries: [Int64: Entry] = [:]
    private var unreachable = false
    private var failEntriesAt: Int?
    private var entriesRequests = 0
    private var statusUpdates: [(status: String, ids: Int)] = []
    private var toggles: [Int64] = []
    private var refreshed: [Int64] = []
    private var failingFeeds: [Int64: Int] = [:]  // feed: the status its refresh answers
    private var refusedEntries: Set<Int64> = []
    private var bodyBytes = 0

    /// - Parameters:
    ///   - feeds: how many feeds (the first two in Tech, the others in All).
    ///   - entriesPerFeed: each feed's entries, all unread, changed two days ago; ids from 1.
    public init(feeds feedCount: Int = 3, entriesPerFeed: Int = 20) throws {
        server = try LoopbackServer()
        for feed in 1...Int64(max(1, feedCount)) {
            feeds.append(Feed(id: feed, title: "Feed \(feed)", url: "http://127.0.0.1/feed\(feed).xml", category: feed <= 2 ? 2 : 1))
        }
        let longAgo = Date().addingTimeInterval(-2 * 86_400)
        var next: Int64 = 1
        for index in 0..<entriesPerFeed {
            for feed in feeds {
                entries[next] = Entry(
                    id: next, feed: feed.id, title: "Feed \(feed.id) entry \(index + 1) & more",
                    published: Date(timeIntervalSince1970: 1_714_564_800 - Double(index) * 3600), changed: longAgo)
                next += 1
            }
        }
        server.respond(prefix: "/v1/") { [weak self] request in
            self?.answer(request) ?? ScriptedResponse(status: 500)
        }
    }

    /// The address a client is given.
    public var url: URL { server.url("/") }

    // MARK: - What a test changes

    /// Adds `count` entries to `feed`, with ids above every other.
    @discardableResult
    public func addEntries(feed: Int64, count: Int) -> [Int64] {
        lock.withLock {
            let top = entries.keys.max() ?? 0
            return (1...Int64(max(1, count))).map { offset in
                let id = top + offset
                entries[id] = Entry(id: id, feed: feed, title: "Feed \(feed) new entry \(offset)", published: Date(), changed: Date())
                return id
            }
        }
    }

    /// Sets marks as another device would (which sets `changed_at`).
    public func set(_ id: Int64, unread: Bool? = nil, starred: Bool? = nil, removed: Bool? = nil) {
        lock.withLock {
            if let unread { entries[id]?.unread = unread }
            if let starred { entries[id]?.starred = starred }
            if let removed { entries[id]?.removed = removed }
            entries[id]?.changed = Date()
        }
    }

    /// Gives an entry an enclosure.
    public func attach(_ id: Int64, url: String, type: String, size: Int64) {
        lock.withLock { entries[id]?.enclosure = (url, type, size) }
    }

    public func entry(_ id: Int64) -> Entry? { lock.withLock { entries[id] } }
    public var allEntries: [Entry] { lock.withLock { entries.values.sorted { $0.id < $1.id } } }
    public var feedList: [Feed] { lock.withLock { feeds } }

    /// Every request is reset without an answer (a server gone), or answered again.
    public func setUnreachable(_ down: Bool) { lock.withLock { unreachable = down } }
    /// The `n`-th `GET /v1/entries` from now (1-based) answers 500.
    public func failEntries(at n: Int?) {
        lock.withLock {
            entriesRequests = 0
            failEntriesAt = n
        }
    }

    /// The `PUT /v1/entries` answered: the status each set and for how many ids.
    public var statusUpdatesMade: [(status: String, ids: Int)] { lock.withLock { statusUpdates } }
    /// The entries whose bookmark was toggled, in order.
    public var bookmarkToggles: [Int64] { lock.withLock { toggles } }
    /// Refreshing `feed` fails as when its site is down (Miniflux answers 500 with the fetch's error).
    /// Each entry's content padded to about `bytes` (heavy pages, for memory's limits).
    public func setBodyBytes(_ bytes: Int) { lock.withLock { bodyBytes = bytes } }
    public func failRefresh(of feed: Int64, status: Int = 500) { lock.withLock { failingFeeds[feed] = status } }
    /// A `PUT /v1/entries` naming one of `ids`, and a bookmark toggle of one, answer 400 (an
    /// entry the server will not change, as a real one refuses an id of another user's).
    public func refuseMarks(of ids: Set<Int64>) { lock.withLock { refusedEntries = ids } }
    /// The feeds refreshed, in order.
    public var refreshes: [Int64] { lock.withLock { refreshed } }

    // MARK: - Answers

    private func answer(_ request: LoopbackRequest) -> ScriptedResponse {
        lock.withLock {
            if unreachable { return ScriptedResponse(action: .reset) }
            guard authorized(request.headers) else { return Self.error(401, "access unauthorized") }
            let parts = request.path.split(separator: "/").dropFirst().map(String.init)  // after "v1"
            let query = FormDecoding.pairs(request.query ?? "")
            switch (request.method, parts.count, parts.first ?? "") {
            case ("GET", 1, "feeds"):
                return Self.json(feeds.map(feedJSON))
            case ("GET", 1, "categories"):
                return Self.json(categories.map { ["id": $0.id, "title": $0.title, "user_id": 1, "hide_globally": false] as [String: Any] })
            case ("GET", 1, "entries"):
                entriesRequests += 1
                if entriesRequests == failEntriesAt { return Self.error(500, "pq: canceling statement due to user request") }
                return list(query)
            case ("GET", 2, "entries"):
                guard let id = Int64(parts[1]), let entry = entries[id], !entry.removed else { return Self.error(404, "resource not found") }
                return Self.json(entryJSON(entry))
            case ("PUT", 1, "entries"):
                return updateStatus(request.body)
            case ("PUT", 3, "entries") where parts[2] == "bookmark":
                guard let id = Int64(parts[1]), id > 0, !refusedEntries.contains(id) else { return Self.error(400, "invalid entry ID") }
                if entries[id] != nil {
                    entries[id]?.starred.toggle()
                    entries[id]?.changed = Date()
                    toggles.append(id)
                }
                return ScriptedResponse(status: 204)
            case ("PUT", 3, "feeds") where parts[2] == "refresh":
                guard let id = Int64(parts[1]), feeds.contains(where: { $0.id == id }) else { return Self.error(404, "resource not found") }
                refreshed.append(id)
                if let status = failingFeeds[id] {
                    return Self.error(status, status == 400 ? "this feed cannot be refreshed now" : "Unable to fetch this resource (Status Code = 502)")
                }
                return ScriptedResponse(status: 204)
            case ("POST", 1, "feeds"):
                return create(request.body)
            default:
                return Self.error(404, "resource not found")
            }
        }
    }

    private func authorized(_ headers: [String: String]) -> Bool {
        if let token = headers["x-auth-token"] { return token == Self.token }
        let basic = "Basic " + Data("\(Self.user):\(Self.password)".utf8).base64EncodedString()
        return headers["authorization"] == basic
    }

    /// `GET /v1/entries` as `findEntries` answers it.
    private func list(_ query: [(String, String)]) -> ScriptedResponse {
        func value(_ name: String) -> String? { query.first { $0.0 == name }?.1 }
        let statuses = query.filter { $0.0 == "status" }.map(\.1)
        guard statuses.allSatisfy({ $0 == "read" || $0 == "unread" }) else {
            return Self.error(400, #"invalid entry status, valid status values are: "read" and "unread""#)
        }
        let limit = value("limit").flatMap { Int($0) } ?? 100
        let offset = value("offset").flatMap { Int($0) } ?? 0
        guard limit >= 0, limit <= 1000, offset >= 0 else { return Self.error(400, "limit value should be <= 1000") }
        var chosen = entries.values.filter { entry in
            if !statuses.isEmpty {
                guard !entry.removed, statuses.contains(entry.unread ? "unread" : "read") else { return false }
            }
            return true
        }
        if let starred = value("starred").flatMap({ Bool($0) ?? ($0 == "1" ? true : $0 == "0" ? false : nil) }) {
            chosen = chosen.filter { $0.starred == starred }
        }
        if let after = value("after_entry_id").flatMap({ Int64($0) }), after > 0 { chosen = chosen.filter { $0.id > after } }
        if let since = value("changed_after").flatMap({ Double($0) }), since > 0 {
            chosen = chosen.filter { $0.changed.timeIntervalSince1970 > since }
        }
        // Only `order=id` is kept here, as the client asks; the API's default is `published_at`.
        chosen.sort { value("direction") == "desc" ? $0.id > $1.id : $0.id < $1.id }
        let page = chosen.dropFirst(offset).prefix(limit)
        return Self.json(["total": chosen.count, "entries": page.isEmpty ? NSNull() : page.map(entryJSON) as Any])
    }

    /// `PUT /v1/entries`: `entry_ids` and `status` (the list must not be empty).
    private func updateStatus(_ body: Data) -> ScriptedResponse {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return Self.error(400, "invalid JSON") }
        let ids = (object["entry_ids"] as? [NSNumber])?.map(\.int64Value) ?? []
        guard !ids.isEmpty else { return Self.error(400, "the list of entries cannot be empty") }
        guard refusedEntries.isDisjoint(with: ids) else { return Self.error(400, "invalid entry ID") }
        guard let status = object["status"] as? String, status == "read" || status == "unread" else {
            return Self.error(400, #"invalid entry status, valid status values are: "read" and "unread""#)
        }
        statusUpdates.append((status, ids.count))
        for id in ids where entries[id] != nil {
            entries[id]?.unread = status == "unread"
            entries[id]?.changed = Date()
        }
        return ScriptedResponse(status: 204)
    }

    /// `POST /v1/feeds`: 201 `{"feed_id"}`, or a 400 for a feed already there or a category not the account's.
    private func create(_ body: Data) -> ScriptedResponse {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any], let url = object["feed_url"] as? String, !url.isEmpty
        else { return Self.error(400, "The feed URL is mandatory.") }
        let category = (object["category_id"] as? NSNumber)?.int64Value ?? 0
        guard categories.contains(where: { $0.id == category }) else {
            return Self.error(400, "This category does not exist or does not belong to this user.")
        }
        guard !feeds.contains(where: { $0.url == url }) else { return Self.error(400, "This feed already exists.") }
        let id = (feeds.map(\.id).max() ?? 0) + 1
        feeds.append(Feed(id: id, title: url, url: url, category: category))
        return Self.json(["feed_id": id], status: 201)
    }

    private func feedJSON(_ feed: Feed) -> [String: Any] {
        let category = categories.first { $0.id == feed.category }
        return [
            "id": feed.id, "user_id": 1, "title": feed.title, "site_url": "http://127.0.0.1/site\(feed.id)/", "feed_url": feed.url,
            "checked_at": "2026-12-03T09:15:02.123456Z", "parsing_error_count": 0, "disabled": false,
            "category": ["id": feed.category, "user_id": 1, "title": category?.title ?? "All"], "icon": NSNull(),
        ]
    }

    /// One entry in the shape `GET /v1/entries` documents.
    private func entryJSON(_ entry: Entry) -> [String: Any] {
        let feed = feeds.first { $0.id == entry.feed }
        var enclosures: Any = NSNull()
        if let enclosure = entry.enclosure {
            enclosures = [["id": entry.id, "user_id": 1, "entry_id": entry.id, "url": enclosure.url, "mime_type": enclosure.type, "size": enclosure.size]]
        }
        return [
            "id": entry.id, "user_id": 1, "feed_id": entry.feed, "status": entry.removed ? "removed" : entry.unread ? "unread" : "read",
            "hash": String(entry.id, radix: 16), "title": entry.title, "url": "http://127.0.0.1/site\(entry.feed)/entries/\(entry.id).html",
            "comments_url": "", "published_at": Self.rfc3339(entry.published), "created_at": Self.rfc3339(entry.published),
            "changed_at": Self.rfc3339(entry.changed),
            "content": "<p>Entry \(entry.id) of feed \(entry.feed).</p><p>Second paragraph &amp; more.</p>" + String(repeating: "x", count: bodyBytes),
            "author": "Alice Example", "share_code": "", "starred": entry.starred, "reading_time": 1, "enclosures": enclosures, "tags": [String](),
            "feed": feed.map(feedJSON) ?? NSNull(),
        ]
    }

    /// As Go writes a `time.Time`: RFC 3339 with the fraction and the zone's offset.
    private static func rfc3339(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(secondsFromGMT: -5 * 3600)
        return formatter.string(from: date)
    }

    private static func error(_ status: Int, _ message: String) -> ScriptedResponse {
        json(["error_message": message], status: status)
    }

    private static func json(_ object: Any, status: Int = 200) -> ScriptedResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])) ?? Data("{}".utf8)
        return .bytes(data, contentType: "application/json", status: status)
    }
}
