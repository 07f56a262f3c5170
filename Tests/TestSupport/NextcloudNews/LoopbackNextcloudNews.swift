import Foundation

/// A loopback Nextcloud News (real HTTP on 127.0.0.1, at `/index.php/apps/news/api/v1-3/`)
/// answering its API v1.3 as the app documents it, since no Nextcloud can run here (it needs its
/// whole server):
/// - `docs/api/api-v1-3.md` in nextcloud/news (read at d409f2d): HTTP Basic on every request,
///   `GET folders` (`{"folders"}`), `GET feeds` (`{"feeds", "starredCount", "newestItemId"}`),
///   `GET items` with `type` (2 starred, 3 all), `getRead`, `batchSize` (-1: all), `offset` (an
///   item id) and `oldestFirst`, `GET items/updated` with `lastModified`, `POST
///   items/{read,unread,star,unstar}/multiple` with `itemIds`, and `POST feeds` with `url` (409
///   for a feed already there);
/// - its controllers and mappers (`lib/Controller/ItemApiController.php`, `FeedApiController.php`,
///   `lib/Db/ItemMapperV2.php`, `appinfo/routes.php`): `offset` with `oldestFirst` keeps the ids
///   above it, `getRead=false` on the starred list answers `{"message"}` and no items, a
///   `lastModified` of ten digits or fewer is seconds padded to microseconds, every mark sets the
///   item's `last_modified`, errors are `{"message"}`.
/// Its state can be changed as another device would change it, and it can be made to fail a
/// page or go away.
public final class LoopbackNextcloudNews: @unchecked Sendable {
    public static let user = "alice"
    public static let password = "Xq7dP-3kLmR-9sTuV-2wYzA-4bCdE"
    public static let apiPath = "/index.php/apps/news/api/v1-3"

    /// One item as the app keeps it.
    public struct Item: Sendable {
        public var id: Int64
        public var feed: Int64
        public var title: String
        public var published: Int64
        public var unread = true
        public var starred = false
        /// Microseconds since 1970 of its last change (the app's `last_modified`).
        public var modified: Int64
        public var enclosure: (link: String, mime: String)?
    }

    public struct Feed: Sendable {
        public var id: Int64
        public var title: String
        public var url: String
        public var folder: Int64?
    }

    public let server: LoopbackServer
    private let lock = NSLock()
    private var feeds: [Feed] = []
    private let folders: [(id: Int64, name: String)] = [(1, "Tech")]
    private var items: [Int64: Item] = [:]
    private var unreachable = false
    private var failItemsAt: Int?
    private var itemsRequests = 0
    private var writes: [(path: String, ids: Int)] = []
    private var updatedTooLarge: Int?
    private var bodyBytes = 0

    /// - Parameters:
    ///   - feeds: how many feeds (the first two in the folder Tech, the others at the root).
    ///   - itemsPerFeed: each feed's items, all unread, changed two days ago; ids from 1.
    public init(feeds feedCount: Int = 3, itemsPerFeed: Int = 20) throws {
        server = try LoopbackServer()
        for feed in 1...Int64(max(1, feedCount)) {
            feeds.append(Feed(id: feed, title: "Feed \(feed)", url: "http://127.0.0.1/feed\(feed).xml", folder: feed <= 2 ? 1 : nil))
        }
        let longAgo = Self.now() - 2 * 86_400 * 1_000_000
        var next: Int64 = 1
        for index in 0..<itemsPerFeed {
            for feed in feeds {
                items[next] = Item(
                    id: next, feed: feed.id, title: "Feed \(feed.id) item \(index + 1) & more", published: 1_714_564_800 - Int64(index) * 3600,
                    modified: longAgo)
                next += 1
            }
        }
        server.respond(prefix: Self.apiPath + "/") { [weak self] request in
            self?.answer(request) ?? ScriptedResponse(status: 500)
        }
    }

    /// Nextcloud's address, which a client is given.
    public var url: URL { server.url("/") }

    // MARK: - What a test changes

    @discardableResult
    public func addItems(feed: Int64, count: Int) -> [Int64] {
        lock.withLock {
            let top = items.keys.max() ?? 0
            return (1...Int64(max(1, count))).map { offset in
                let id = top + offset
                items[id] = Item(id: id, feed: feed, title: "Feed \(feed) new item \(offset)", published: 1_714_600_000, modified: Self.now())
                return id
            }
        }
    }

    /// Sets marks as another device would (which sets `last_modified`).
    public func set(_ id: Int64, unread: Bool? = nil, starred: Bool? = nil) {
        lock.withLock {
            if let unread { items[id]?.unread = unread }
            if let starred { items[id]?.starred = starred }
            items[id]?.modified = Self.now()
        }
    }

    public func attach(_ id: Int64, link: String, mime: String) { lock.withLock { items[id]?.enclosure = (link, mime) } }
    public func item(_ id: Int64) -> Item? { lock.withLock { items[id] } }
    public var allItems: [Item] { lock.withLock { items.values.sorted { $0.id < $1.id } } }
    public var feedList: [Feed] { lock.withLock { feeds } }
    public func setUnreachable(_ down: Bool) { lock.withLock { unreachable = down } }
    /// The `n`-th `GET items` from now (1-based) answers 500.
    public func failItems(at n: Int?) {
        lock.withLock {
            itemsRequests = 0
            failItemsAt = n
        }
    }
    /// `items/updated` answers this many bytes of one JSON string (an answer past a client's cap), or as it should.
    /// Each item's body padded to about `bytes` (heavy answers, for memory's limits).
    public func setBodyBytes(_ bytes: Int) { lock.withLock { bodyBytes = bytes } }
    public func answerUpdated(withBytes count: Int?) { lock.withLock { updatedTooLarge = count } }
    /// The writes answered: the path (`items/read/multiple`…) and how many ids each held.
    public var writesMade: [(path: String, ids: Int)] { lock.withLock { writes } }

    // MARK: - Answers

    private func answer(_ request: LoopbackRequest) -> ScriptedResponse {
        lock.withLock {
            if unreachable { return ScriptedResponse(action: .reset) }
            let basic = "Basic " + Data("\(Self.user):\(Self.password)".utf8).base64EncodedString()
            guard request.headers["authorization"] == basic else { return Self.json(["message": "Current user is not logged in"], status: 401) }
            let path = String(request.path.dropFirst(Self.apiPath.count + 1))
            let query = FormDecoding.pairs(request.query ?? "")
            func value(_ name: String) -> String? { query.first { $0.0 == name }?.1 }
            switch (request.method, path) {
            case ("GET", "folders"):
                return Self.json(["folders": folders.map { ["id": $0.id, "name": $0.name] }])
            case ("GET", "feeds"):
                var answer: [String: Any] = ["feeds": feeds.map(feedJSON), "starredCount": items.values.filter(\.starred).count]
                if let newest = items.keys.max() { answer["newestItemId"] = newest }
                return Self.json(answer)
            case ("GET", "items"):
                itemsRequests += 1
                if itemsRequests == failItemsAt { return .text("Internal Server Error", status: 500) }
                return list(value)
            case ("GET", "items/updated"):
                if let count = updatedTooLarge {
                    return .bytes(ScriptedResponse.generatedBytes(prefix: Data(#"{"items":[""#.utf8), count: count), contentType: "application/json")
                }
                var since = value("lastModified").flatMap { Int64($0) } ?? 0
                if String(since).count <= 10 { since *= 1_000_000 }
                let changed = items.values.filter { $0.modified >= since }.sorted { $0.id < $1.id }
                return Self.json(["items": changed.map(itemJSON)])
            case ("POST", "items/read/multiple"), ("POST", "items/unread/multiple"), ("POST", "items/star/multiple"), ("POST", "items/unstar/multiple"):
                let object = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
                let ids = (object?["itemIds"] as? [NSNumber])?.map(\.int64Value) ?? []
                writes.append((path, ids.count))
                for id in ids where items[id] != nil {
                    switch path {
                    case "items/read/multiple": items[id]?.unread = false
                    case "items/unread/multiple": items[id]?.unread = true
                    case "items/star/multiple": items[id]?.starred = true
                    default: items[id]?.starred = false
                    }
                    items[id]?.modified = Self.now()
                }
                return Self.json([String]())
            case ("POST", "feeds"):
                let object = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
                guard let url = object?["url"] as? String, !url.isEmpty else { return Self.json(["message": "Feed URL is empty"], status: 422) }
                guard !feeds.contains(where: { $0.url == url }) else { return Self.json(["message": "Feed with this URL exists"], status: 409) }
                let feed = Feed(id: (feeds.map(\.id).max() ?? 0) + 1, title: url, url: url, folder: (object?["folderId"] as? NSNumber)?.int64Value)
                feeds.append(feed)
                return Self.json(["feeds": [feedJSON(feed)]])
            default:
                return Self.json(["message": "Not found"], status: 404)
            }
        }
    }

    /// `GET items` as `ItemApiController::index` and `ItemMapperV2` answer it.
    private func list(_ value: (String) -> String?) -> ScriptedResponse {
        let type = value("type").flatMap { Int($0) } ?? 3
        let getRead = value("getRead").map { $0 == "true" || $0 == "1" } ?? true
        let batch = value("batchSize").flatMap { Int($0) } ?? -1
        let offset = value("offset").flatMap { Int64($0) } ?? 0
        let oldestFirst = value("oldestFirst").map { $0 == "true" || $0 == "1" } ?? false
        if type == 2 && !getRead { return Self.json(["message": "Setting getRead on an already filtered list is not allowed!"]) }
        var chosen = items.values.filter { item in
            switch type {
            case 2: return item.starred
            case 3: return getRead || item.unread
            default: return false
            }
        }
        if offset != 0 { chosen = chosen.filter { oldestFirst ? $0.id > offset : $0.id < offset } }
        chosen.sort { oldestFirst ? $0.id < $1.id : $0.id > $1.id }
        let page = batch < 0 ? chosen[...] : chosen.prefix(batch)
        return Self.json(["items": page.map(itemJSON)])
    }

    private func feedJSON(_ feed: Feed) -> [String: Any] {
        [
            "id": feed.id, "url": feed.url, "title": feed.title, "faviconLink": NSNull(), "added": 1_700_000_000,
            "folderId": feed.folder.map { $0 as Any } ?? NSNull(), "unreadCount": items.values.filter { $0.feed == feed.id && $0.unread }.count,
            "ordering": 0, "link": "http://127.0.0.1/site\(feed.id)/", "pinned": false, "updateErrorCount": 0, "lastUpdateError": NSNull(),
            "nextUpdateTime": NSNull(),
        ]
    }

    /// One item as `Item::toAPI` writes it.
    private func itemJSON(_ item: Item) -> [String: Any] {
        [
            "id": item.id, "guid": "http://127.0.0.1/site\(item.feed)/items/\(item.id)", "guidHash": String(item.id, radix: 16),
            "url": "http://127.0.0.1/site\(item.feed)/items/\(item.id).html", "title": item.title, "author": "Alice Example",
            "pubDate": item.published, "updatedDate": NSNull(),
            "body": "<p>Item \(item.id) of feed \(item.feed).</p><p>Second paragraph &amp; more.</p>" + String(repeating: "x", count: bodyBytes),
            "enclosureMime": item.enclosure.map { $0.mime as Any } ?? NSNull(), "enclosureLink": item.enclosure.map { $0.link as Any } ?? NSNull(),
            "mediaThumbnail": NSNull(), "mediaDescription": NSNull(), "feedId": item.feed, "unread": item.unread, "starred": item.starred,
            "filtered": false, "lastModified": item.modified / 1_000_000, "rtl": false, "fingerprint": String(item.id, radix: 16),
            "contentHash": String(item.id, radix: 16),
        ]
    }

    private static func now() -> Int64 { Int64(Date().timeIntervalSince1970 * 1_000_000) }

    private static func json(_ object: Any, status: Int = 200) -> ScriptedResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])) ?? Data("{}".utf8)
        return .bytes(data, contentType: "application/json; charset=utf-8", status: status)
    }
}
