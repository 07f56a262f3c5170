import Foundation

/// A loopback Google Reader API (real HTTP on 127.0.0.1, at `/api/greader.php`) that answers as
/// FreshRSS 1.25 answered (`FreshRSSAnswers`): ClientLogin's three lines, 401 `Unauthorized!` with
/// `Google-Bad-Token: true` for a wrong password, login or `T`, an empty `T` taken, ids newest
/// first with a `continuation` on every full page, `c` continuing after that id, `ot` compared
/// with the microsecond an item arrived, contents in FreshRSS's compatible shape, `edit-tag`
/// and `mark-all-as-read` answering `OK`. Its state can be changed as another device would
/// change it, and it can be made to expire its login or token, fail, or go away.
public final class LoopbackGoogleReader: @unchecked Sendable {
    public static let user = "admin"
    public static let password = "apipassword123"

    /// One item as the server keeps it.
    public struct Item: Sendable {
        public var id: UInt64
        public var feed: Int
        public var title: String
        /// When it arrived, in microseconds since 1970 (FreshRSS: its id).
        public var arrived: Int64
        public var published: Int64
        public var unread = true
        public var starred = false
    }

    public struct Feed: Sendable {
        public var id: Int
        public var title: String
        public var category: String
    }

    /// How `stream/items/ids` writes ids: in decimal (FreshRSS), or as signed 64-bit decimals
    /// (negative above 2^63), as some servers do.
    public enum IDForm: Sendable {
        case decimal
        case signed
    }

    public let server: LoopbackServer
    private let lock = NSLock()
    private var feeds: [Feed] = []
    private var items: [UInt64: Item] = [:]
    private var login = "admin/0eb312cbc74bf9a9fc9ae4d29e78804fc05bd40a"
    private var token = String(FreshRSSAnswers.token.dropLast())
    private var serial = 0
    private var idForm = IDForm.decimal
    private var unreachable = false
    private var refusingTokens = false
    private var failContentsAt: Int?
    private var contentsRequests = 0
    private var edits: [(add: String, remove: String, ids: Int)] = []
    private var calls: [String: Int] = [:]
    private var bodyBytes = 0

    /// - Parameters:
    ///   - feeds: how many feeds (the first two in the category Tech, the others Uncategorized).
    ///   - itemsPerFeed: each feed's items, all unread; item ids are microseconds of arrival
    ///     starting at `firstID` (FreshRSS's), or any 64-bit numbers (`firstID` above 2^63).
    public init(feeds feedCount: Int = 3, itemsPerFeed: Int = 20, firstID: UInt64 = 1_796_289_590_437_247, idForm: IDForm = .decimal) throws {
        server = try LoopbackServer()
        self.idForm = idForm
        var next = firstID
        for feed in 1...max(1, feedCount) {
            feeds.append(Feed(id: feed, title: "http:／／127.0.0.1／feed0\(feed).xml", category: feed <= 2 ? "Tech" : "Uncategorized"))
        }
        for index in 0..<itemsPerFeed {
            for feed in feeds {
                items[next] = Item(
                    id: next, feed: feed.id, title: "Feed \(feed.id) item \(index + 1) ＆ more", arrived: 1_796_289_590_437_247 + Int64(items.count),
                    published: 1_714_564_800 - Int64(index) * 3600)
                next &+= 1
            }
        }
        for path in [
            "accounts/ClientLogin", "reader/api/0/token", "reader/api/0/subscription/list", "reader/api/0/tag/list",
            "reader/api/0/stream/items/ids", "reader/api/0/stream/items/contents", "reader/api/0/edit-tag",
            "reader/api/0/mark-all-as-read", "reader/api/0/subscription/quickadd",
        ] {
            server.respond("/api/greader.php/" + path) { [weak self] request in
                self?.answer(path, request) ?? ScriptedResponse(status: 500)
            }
        }
    }

    /// The API root a client is given.
    public var url: URL { server.url("/api/greader.php") }

    // MARK: - What a test changes

    /// Adds `count` items to `feed`, arriving now (later than every other).
    public func addItems(feed: Int, count: Int) -> [UInt64] {
        lock.withLock {
            var added: [UInt64] = []
            let top = items.keys.max() ?? 1_796_289_590_437_247
            let arrived = (items.values.map(\.arrived).max() ?? 0) + 2_000_000
            for index in 0..<count {
                let id = top &+ 1 &+ UInt64(index)
                items[id] = Item(id: id, feed: feed, title: "Feed \(feed) new item \(index + 1)", arrived: arrived + Int64(index), published: 1_714_600_000)
                added.append(id)
            }
            return added
        }
    }

    /// Sets marks as another device would.
    public func set(_ id: UInt64, unread: Bool? = nil, starred: Bool? = nil) {
        lock.withLock {
            if let unread { items[id]?.unread = unread }
            if let starred { items[id]?.starred = starred }
        }
    }

    public func item(_ id: UInt64) -> Item? { lock.withLock { items[id] } }
    public var allItems: [Item] { lock.withLock { items.values.sorted { $0.id > $1.id } } }

    /// The login the server gave stops working (as when the API password changes).
    public func expireLogin() { lock.withLock { login = "admin/" + String(UUID().uuidString.prefix(12)) } }
    /// The write token stops working: the next one differs.
    public func expireToken() {
        lock.withLock { token = String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(40)) + String(repeating: "Z", count: 17) }
    }
    /// Every `T` is refused (a server whose tokens never work), or taken again.
    /// Each item's summary padded to about `bytes` (heavy answers, for memory's limits).
    public func setBodyBytes(_ bytes: Int) { lock.withLock { bodyBytes = bytes } }
    public func refuseTokens(_ refuse: Bool) { lock.withLock { refusingTokens = refuse } }
    /// Every request is reset without an answer (a server gone), or answered again.
    public func setUnreachable(_ down: Bool) { lock.withLock { unreachable = down } }
    /// The `n`-th `stream/items/contents` request from now (1-based) answers 500.
    public func failContents(at n: Int?) {
        lock.withLock {
            contentsRequests = 0
            failContentsAt = n
        }
    }

    /// The `edit-tag` requests answered: what each added and removed, and how many `i=` it held.
    public var editTags: [(add: String, remove: String, ids: Int)] { lock.withLock { edits } }
    /// How many requests each API path answered (`accounts/ClientLogin`, `reader/api/0/token`…).
    public func count(_ path: String) -> Int { lock.withLock { calls[path] ?? 0 } }

    // MARK: - Answers

    private func answer(_ path: String, _ request: LoopbackRequest) -> ScriptedResponse {
        lock.withLock {
            calls[path, default: 0] += 1
            if unreachable { return ScriptedResponse(action: .reset) }
            let query = FormDecoding.pairs(request.query ?? "")
            let body = FormDecoding.pairs(String(decoding: request.body, as: UTF8.self))
            if path == "accounts/ClientLogin" {
                let fields = query + body
                guard fields.first(where: { $0.0 == "Email" })?.1 == Self.user, fields.first(where: { $0.0 == "Passwd" })?.1 == Self.password else {
                    return Self.unauthorized
                }
                return .text("SID=\(login)\nLSID=null\nAuth=\(login)\n")
            }
            guard request.headers["authorization"] == "GoogleLogin auth=\(login)" else { return Self.unauthorized }
            func value(_ name: String) -> String? { query.first { $0.0 == name }?.1 }
            func posted(_ name: String) -> String? { body.first { $0.0 == name }?.1 }
            switch path {
            case "reader/api/0/token":
                return .text(token + "\n", contentType: "text/html; charset=UTF-8")
            case "reader/api/0/subscription/list":
                return Self.json([
                    "subscriptions": feeds.map { feed in
                        [
                            "id": "feed/\(feed.id)", "title": feed.title, "categories": [["id": "user/-/label/\(feed.category)", "label": feed.category]],
                            "url": "http://127.0.0.1/feed0\(feed.id).xml", "htmlUrl": "http://127.0.0.1/site0\(feed.id)/",
                        ] as [String: Any]
                    }
                ])
            case "reader/api/0/tag/list":
                let labels = Set(feeds.map(\.category)).sorted().map { ["id": "user/-/label/\($0)", "type": "folder"] }
                return Self.json(["tags": [["id": "user/-/state/com.google/starred"]] + labels])
            case "reader/api/0/stream/items/ids":
                return ids(
                    stream: value("s") ?? "", exclude: value("xt"), count: value("n").flatMap { Int($0) } ?? 20, after: value("c"),
                    since: value("ot").flatMap { Int64($0) })
            case "reader/api/0/stream/items/contents":
                contentsRequests += 1
                if contentsRequests == failContentsAt { return .text("Internal Server Error!", status: 500) }
                let wanted = body.filter { $0.0 == "i" }.compactMap { Self.itemID($0.1) }
                return Self.json([
                    "id": "user/-/state/com.google/reading-list", "updated": 1_796_289_607,
                    "items": wanted.compactMap { items[$0] }.sorted { $0.id > $1.id }.map(contents),
                ])
            case "reader/api/0/edit-tag", "reader/api/0/mark-all-as-read", "reader/api/0/subscription/quickadd":
                let given = posted("T") ?? ""
                guard !refusingTokens, given.isEmpty || given == token else { return Self.unauthorized }
                if path.hasSuffix("quickadd") {
                    let url = value("quickadd") ?? posted("quickadd") ?? ""
                    let id = feeds.count + 1
                    feeds.append(Feed(id: id, title: url, category: "Uncategorized"))
                    return Self.json(["numResults": 1, "query": url, "streamId": "feed/\(id)", "streamName": url])
                }
                if path.hasSuffix("mark-all-as-read") {
                    let feed = posted("s").flatMap { Int($0.dropFirst(5)) } ?? -1
                    let before = posted("ts").flatMap { Int64($0) } ?? 0
                    for (id, item) in items where item.feed == feed && item.arrived < before { items[id]?.unread = false }
                    return .text(FreshRSSAnswers.editTagDone, contentType: "text/html; charset=UTF-8")
                }
                let ids = body.filter { $0.0 == "i" }.compactMap { Self.itemID($0.1) }
                let add = posted("a") ?? "", remove = posted("r") ?? ""
                edits.append((add, remove, ids.count))
                for id in ids where items[id] != nil {
                    if add.hasSuffix("/read") { items[id]?.unread = false }
                    if add.hasSuffix("/starred") { items[id]?.starred = true }
                    if remove.hasSuffix("/read") { items[id]?.unread = true }
                    if remove.hasSuffix("/starred") { items[id]?.starred = false }
                }
                return .text(FreshRSSAnswers.editTagDone, contentType: "text/html; charset=UTF-8")
            default:
                return .text("Bad Request!", status: 400)
            }
        }
    }

    /// `stream/items/ids` as FreshRSS pages it: newest first, `c` the last id of the page before.
    private func ids(stream: String, exclude: String?, count: Int, after: String?, since: Int64?) -> ScriptedResponse {
        var chosen = items.values.sorted { $0.id > $1.id }
        if stream.hasSuffix("/starred") { chosen = chosen.filter(\.starred) }
        if exclude?.hasSuffix("/read") == true { chosen = chosen.filter(\.unread) }
        if let since { chosen = chosen.filter { $0.arrived >= since * 1_000_000 } }
        if let after, let last = Self.itemID(after) { chosen = chosen.filter { $0.id < last } }
        let page = chosen.prefix(max(1, count))
        var answer: [String: Any] = [
            "itemRefs": page.map { ["id": idForm == .signed ? String(Int64(bitPattern: $0.id)) : String($0.id)] }
        ]
        if page.count >= count, let last = page.last { answer["continuation"] = idForm == .signed ? String(Int64(bitPattern: last.id)) : String(last.id) }
        return Self.json(answer)
    }

    /// One item in FreshRSS's compatible shape (`FreshRSSAnswers.contents`).
    private func contents(_ item: Item) -> [String: Any] {
        let feed = feeds.first { $0.id == item.feed }
        var categories = ["user/-/state/com.google/reading-list", "user/-/label/\(feed?.category ?? "Uncategorized")"]
        if !item.unread { categories.append("user/-/state/com.google/read") }
        if item.starred { categories.append("user/-/state/com.google/starred") }
        let hex = String(item.id, radix: 16)
        let link = "http://127.0.0.1/site0\(item.feed)/items/\(item.id).html"
        return [
            "id": "tag:google.com,2005:reader/item/" + String(repeating: "0", count: 16 - hex.count) + hex,
            "crawlTimeMsec": String(item.arrived / 1000), "timestampUsec": String(item.arrived), "published": item.published,
            "title": item.title, "canonical": [["href": link]], "alternate": [["href": link]], "categories": categories,
            "origin": ["streamId": "feed/\(item.feed)", "htmlUrl": "http://127.0.0.1/site0\(item.feed)/", "title": feed?.title ?? ""],
            "summary": [
                "content": "<p>Item \(item.id) of feed \(item.feed).</p><p>Second paragraph &amp; more.</p>" + String(repeating: "x", count: bodyBytes)
            ],
            "author": "Alice Example",
        ]
    }

    /// An id as FreshRSS reads one in `i=` or `c`: decimal, else the hex after the last `/`; and,
    /// for a server of signed ids, a negative decimal.
    private static func itemID(_ text: String) -> UInt64? {
        if let decimal = UInt64(text), !text.hasPrefix("0") { return decimal }
        if text.hasPrefix("-"), let signed = Int64(text) { return UInt64(bitPattern: signed) }
        return UInt64(text.split(separator: "/").last.map(String.init) ?? "", radix: 16)
    }

    private static let unauthorized = ScriptedResponse(
        status: 401, headers: [("Content-Type", "text/plain; charset=UTF-8"), ("Google-Bad-Token", "true")],
        body: .data(Data(FreshRSSAnswers.unauthorized.utf8)))

    private static func json(_ object: [String: Any]) -> ScriptedResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])) ?? Data("{}".utf8)
        return .bytes(data, contentType: "application/json; charset=UTF-8")
    }
}
