import FoundationEssentials

/// Nextcloud News' REST API v1.3 (`URL/index.php/apps/news/api/v1-3/…`, JSON both ways), as the
/// app documents it (`docs/api/api-v1-3.md` in nextcloud/news) and its controllers answer.
///
/// The quirks it documents, and what this client does about them (checked against those
/// documents and the app's code, not a running Nextcloud):
/// - HTTP Basic with the user and password (an app password where two-factor login is on) on
///   every request; a refused one is a 401. Errors are `{"message": …}` with 404, 409 or 422.
/// - `items` pages by item id, not by count: `offset` is the id to continue from, and with
///   `oldestFirst=true` it returns the ids above it, oldest first, `batchSize` of them; so each
///   page asks from the highest id of the page before (a page that does not pass it is a server
///   ignoring `offset`). The first sync reads `type=3&getRead=false` (unread) and
///   `type=2&getRead=true` (starred: `getRead=false` on it answers a message, not items), their
///   chains side by side; later ones `type=3&getRead=true` from the cursor.
/// - `items/updated?lastModified=…&type=3` gives every item new or changed (read, unread,
///   starred, unstarred) since then, in one answer without pages: seconds are taken (ten digits
///   or fewer are read as seconds and padded to the microseconds the app keeps). It starts
///   `changeMargin` before the last sync, for clocks that differ; its marks, laid over the
///   cache's, are the server's. An answer over the cap is given up for the whole lists.
/// - There is no call that fetches items by id: those the marks name come with the changed ones.
/// - `items/read/multiple`, `items/unread/multiple`, `items/star/multiple` and
///   `items/unstar/multiple` (POST in v1.3, which take item ids; v1.2's star calls took the
///   feed and guid hash) set a state for many items, so a batch sent twice changes nothing more.
/// - A feed's update can be asked for only by an admin (`feeds/update`): `r` syncs only.
/// - `POST feeds` with `url` (and no folder: the root) subscribes, answering `{"feeds": [feed]}`;
///   a feed already there is a 409, one the app cannot read a 422.
/// - A feed's filter may hide items (`filtered: true`): those are skipped.
public actor NextcloudNewsClient: SyncClient {
    /// Items a page asks for: with full text, a page is a megabyte or two.
    static let pageSize = 200
    /// The largest page answer taken (a larger one is asked for again with half the items, down
    /// to one, which may take `maxItemPage`), and the largest `items/updated`, which is parsed
    /// whole and its articles kept for the sync (a larger one is given up for the whole lists,
    /// read by pages: 31 MB of it took 253 MiB); other answers (feeds, folders, writes) are smaller.
    static let maxPage = 4 << 20
    static let maxItemPage = 16 << 20
    static let maxUpdated = 8 << 20
    static let maxShortAnswer = 8 << 20
    /// Item ids per write.
    static let marksPerCall = 250
    /// How far before the last sync `lastModified` starts: clocks that differ by less lose nothing.
    static let changeMargin: TimeInterval = 3_600
    static let apiPath = "/index.php/apps/news/api/v1-3"

    let name: String
    let endpoint: RESTEndpoint
    /// What one sync may ask for (see `SyncBudget`).
    let budget: SyncBudget
    /// Feed titles from the last `feeds()`, to name each article's source.
    var feedTitles: [RemoteFeedID: String] = [:]
    /// The unread and starred ids a first sync just read: the marks that follow it take them.
    private var firstSyncLists: MarkLists?
    /// The items the last `marks` read, for `articles(withIDs:)`.
    private var changed: [RemoteArticleID: RemoteArticle] = [:]

    /// - Parameters:
    ///   - name: the config's name for the server, for messages.
    ///   - url: Nextcloud's address (its `index.php/apps/news/api/v1-3/` is called), or the API's own.
    ///   - user, password: the account's (an app password where two-factor login is on).
    public init(name: String, url: URL, user: String, password: String, http: HTTPClient, budget: SyncBudget = .standard) {
        self.name = name
        self.endpoint = RESTEndpoint(
            server: name, base: Self.apiBase(url), credential: ("Authorization", RESTEndpoint.basic(user: user, password: password)),
            unauthorized: .wrongPassword(server: name), errorKey: "message", http: http)
        self.budget = budget
    }

    /// The API's base: `url` with `index.php/apps/news/api/v1-3` after it, unless it already
    /// ends in `apps/news/api/v1-3` (with or without `index.php`, as pretty URLs have it).
    static func apiBase(_ url: URL) -> String {
        let text = RESTEndpoint.root(url)
        return text.hasSuffix("/apps/news/api/v1-3") ? text : text + apiPath
    }

    // MARK: - SyncClient

    public func feeds() async throws -> [RemoteFeed] {
        async let folderList = endpoint.getJSON("folders", limit: Self.maxShortAnswer)
        async let feedList = endpoint.getJSON("feeds", limit: Self.maxShortAnswer)
        let (folders, list) = try await (folderList, feedList)
        var names: [Int64: String] = [:]
        for folder in folders["folders"]?.array ?? [] {
            guard let id = RESTEndpoint.id(folder["id"]) else { continue }
            let title = Sanitizer.clean(folder["name"]?.string ?? "", maxLength: TextLimits.name)
            if !title.isEmpty { names[id] = title }
        }
        guard let entries = list["feeds"]?.array else { throw endpoint.invalid("its answer to feeds has no feeds") }
        var feeds: [RemoteFeed] = []
        var titles: [RemoteFeedID: String] = [:]
        for feed in entries {
            guard let id = RESTEndpoint.id(feed["id"]) else { continue }
            let url = feed["url"]?.string.flatMap { URLPolicy.articleURL($0, relativeTo: nil) }
            var title = Sanitizer.clean(feed["title"]?.string ?? "", maxLength: TextLimits.name)
            if title.isEmpty { title = url?.host ?? "Feed \(id)" }
            titles[RemoteFeedID(id)] = title
            feeds.append(RemoteFeed(id: RemoteFeedID(id), title: title, url: url, category: RESTEndpoint.id(feed["folderId"]).flatMap { names[$0] }))
        }
        feedTitles = titles
        return feeds
    }

    public func articles(after cursor: RemoteArticleID?, receive: @Sendable ([RemoteArticle]) async throws -> Void) async throws {
        firstSyncLists = nil
        if let cursor {
            try await fetchChains([ItemChain(type: 3, getRead: true, from: cursor.rawValue)], receive: receive)
            return
        }
        // The first sync: every unread item and every starred one, the two chains side by side.
        var lists = MarkLists()
        try await fetchChains([ItemChain(type: 3, getRead: false), ItemChain(type: 2, getRead: true)]) { page in
            for article in page { lists.take(article) }
            try await receive(page)
        }
        firstSyncLists = lists
    }

    public func articles(withIDs ids: [RemoteArticleID]) async throws -> [RemoteArticle] {
        defer { changed = [:] }
        return ids.compactMap { changed[$0] }
    }

    public func marks(comparedWith local: LocalMarks) async throws -> RemoteMarks {
        changed = [:]
        if let lists = firstSyncLists {
            firstSyncLists = nil
            return lists.marks
        }
        if let previous = local.previousSync {
            // The cache's marks, with those of every item new or changed since the last sync laid over them.
            let since = Int64(max(1, previous.timeIntervalSince1970 - Self.changeMargin))
            let data: Data?
            do {
                data = try await endpoint.call(
                    "GET", "items/updated", query: [("lastModified", String(since)), ("type", "3"), ("id", "0")], limit: Self.maxUpdated
                ).data
            } catch SyncError.network(_, .tooLarge) {
                data = nil  // too much changed: the whole lists below
            }
            if let data {
                guard let items = try endpoint.parse(data, "items/updated")["items"]?.array else {
                    throw endpoint.invalid("its answer to items/updated has no items")
                }
                guard items.count <= budget.maxIDs else { throw SyncError.endless(server: name, reason: .tooManyIDs(budget.maxIDs)) }
                var marks = MarkLists(local)
                for article in items.compactMap({ NextcloudNewsItem.decode($0, feedTitles: feedTitles) }) {
                    changed[article.id] = article
                    marks.take(article)
                }
                return marks.marks
            }
        }
        // No earlier sync to count changes from, or too many changes: the whole lists.
        var lists = MarkLists()
        var read: [RemoteArticleID: RemoteArticle] = [:]
        try await fetchChains([ItemChain(type: 3, getRead: false), ItemChain(type: 2, getRead: true)]) { page in
            for article in page {
                read[article.id] = article
                lists.take(article)
            }
        }
        changed = read
        return lists.marks
    }

    public func send(_ marks: [MarkChange]) async throws {
        // The last mark for an article and field is the one that counts; then one call per state.
        var last: [MarkChange.Field: [RemoteArticleID: Bool]] = [:]
        for mark in marks { last[mark.field, default: [:]][mark.article] = mark.value }
        let calls: [(MarkChange.Field, Bool, String)] = [
            (.read, true, "items/read/multiple"), (.read, false, "items/unread/multiple"),
            (.starred, true, "items/star/multiple"), (.starred, false, "items/unstar/multiple"),
        ]
        for (field, value, path) in calls {
            let ids = (last[field] ?? [:]).filter { $0.value == value }.map(\.key.rawValue).sorted()
            for chunk in ids.chunked(Self.marksPerCall) {
                _ = try await endpoint.call("POST", path, body: JSONRequestBody([("itemIds", .ints(Array(chunk)))]), limit: Self.maxShortAnswer)
            }
        }
    }

    public func requestUpdate(of feed: RemoteFeedID?) async throws {
        // Only an admin may ask for a feed's update (`feeds/update`): the app's own cron fetches them.
    }

    public func subscribe(to url: URL) async throws -> RemoteFeedID {
        let address = Sanitizer.clean(url.absoluteString, maxLength: 200)
        let data: Data
        do {
            data = try await endpoint.call("POST", "feeds", body: JSONRequestBody([("url", .string(url.absoluteString))]), limit: Self.maxPage).data
        } catch SyncError.api(_, let reason) {
            throw SyncError.api(server: name, reason: "could not subscribe to \(address): \(reason)")
        }
        guard let id = RESTEndpoint.id(try endpoint.parse(data, "feeds")["feeds"]?.array?.first?["id"]) else {
            throw endpoint.invalid("its answer to POST feeds names no feed")
        }
        return RemoteFeedID(id)
    }
}
