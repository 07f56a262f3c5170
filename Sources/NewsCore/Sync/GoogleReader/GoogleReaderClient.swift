import FoundationEssentials

/// The Google Reader API, as FreshRSS (`…/api/greader.php`), Miniflux, Inoreader, The Old Reader
/// and BazQux serve it: `accounts/ClientLogin` takes the user and password once and gives an
/// `Auth=` line, which every later call sends as `Authorization: GoogleLogin auth=…`; every write
/// also sends a `T` token from `reader/api/0/token`.
///
/// Where clients go wrong, and what this one does (checked against a real FreshRSS 1.25, whose
/// answers the tests' loopback server repeats, and against the API's documents for the others):
/// - A login or token the server no longer takes is a 401 (FreshRSS sends `Google-Bad-Token: true`
///   for both): a read logs in again once; a write fetches the token again once (logging in again
///   first when the token request is refused too). A second 401 is a sentence, not a loop.
/// - A wrong password is a 401 from ClientLogin (Google and Inoreader answered 403).
/// - Item ids come in three forms (see `GoogleReaderID`), kept as one; writes send the long form.
/// - Feed ids are stream ids (`feed/1` on FreshRSS, `feed/<URL>` on others; see `GoogleReaderID`).
/// - The first sync reads the ids of every unread item (`s=…/reading-list&xt=…/read`) and every
///   starred one (`s=…/starred`), 1,000 a page with `continuation` (FreshRSS gives one whenever a
///   page is full, so a last full page costs one empty page more), then their contents by POSTed
///   `i=` batches of 250, four requests at a time. The servers' id lists hold only ids, so the
///   whole account's lists are read on each sync, page by page, never as one document.
/// - Later syncs ask for the items since the cursor's item arrived (`ot`, in seconds: its
///   `crawlTimeMsec`; FreshRSS compares `ot` with the microsecond an item arrived, which is its
///   id) and keep those above the cursor (ids grow as items arrive on FreshRSS, Miniflux and
///   Inoreader); then the whole account's unread and starred ids, whose differences with the
///   cache are the marks made elsewhere (and fetch those it lacks).
/// - `edit-tag` takes many `i=` in one POST, `a=` to add a state and `r=` to remove it; marks set
///   a state (never toggle), so a batch sent twice changes nothing more. Items the server no
///   longer has are ignored by it.
/// - FreshRSS writes `&`, `<` and `>` in item titles (and also `/`, `?`, `,` and `;` in feed
///   titles) as their fullwidth forms (＆, ／…), and cuts `summary` at 500,000 bytes; a title is
///   kept as it comes, since fullwidth forms are ordinary text in other languages.
/// - FreshRSS accepts an empty `T` (for old clients): a wrong one is refused, so it is always sent.
/// - There is no call to make the server fetch a feed now: `r` syncs only.
public actor GoogleReaderClient: SyncClient {
    /// Ids a `stream/items/ids` page asks for (Inoreader's largest `n`).
    static let idsPerPage = 1_000
    /// Items per `stream/items/contents` request (Inoreader's cap on `i=`).
    static let itemsPerCall = 250
    /// Ids per `edit-tag`: a POST well below FreshRSS's 1 MiB of input.
    static let marksPerCall = 250
    /// Requests at once while fetching contents, as for TT-RSS (a small server's PHP workers).
    static let concurrentRequests = 4
    /// A page of 1,000 ids is about 30 KB; 250 items with their full text a megabyte or two (a
    /// larger answer is asked for again in halves, down to one item, which may take up to
    /// `maxItemContents`, alone); logins, tokens and `OK`s are a few bytes. What is in flight at
    /// once is bounded by bytes (`maxInFlight`): the answers' caps, each parsed whole.
    static let maxIDPage = 4 << 20
    static let maxContents = 4 << 20
    static let maxItemContents = 16 << 20
    static let maxInFlight = 16 << 20
    static let maxShortAnswer = 64 << 10

    let name: String
    /// The API root, without a trailing `/`: `…/api/greader.php`, `https://www.inoreader.com`.
    let root: String
    let user: String
    let password: String
    /// A registered app's id and key, in the `AppId` and `AppKey` headers of every request.
    let app: ServerConfig.AppRegistration?
    let http: HTTPClient
    /// What one sync may ask for (see `SyncBudget`).
    let budget: SyncBudget
    /// Feed titles from the last `feeds()`, to name each article's source, and each feed's stream id.
    var feedTitles: [RemoteFeedID: String] = [:]
    var streamIDs: [RemoteFeedID: String] = [:]
    /// The unread and starred ids a first sync just read: the marks that follow it take them
    /// rather than read the same lists again.
    private var firstSyncLists: (unread: Set<RemoteArticleID>, starred: Set<RemoteArticleID>)?

    /// The login (`Auth=`) and the write token, each fetched by one call at a time (see `+Calls`).
    var login: String?
    var pendingLogin = SharedRun<String>()
    var token: (login: String, token: String)?
    var pendingToken = SharedRun<(login: String, token: String)>()
    /// How many logins and token requests this client made (for the tests of expired ones).
    var logins = 0
    var tokenFetches = 0

    /// - Parameters:
    ///   - name: the config's name for the server, for messages.
    ///   - url: the API root (`https://host/api/greader.php` for FreshRSS; see `apiRoot(for:)`).
    ///   - user, password: the account's (FreshRSS: the API password set in its profile).
    ///   - app: a registered app's id and key (Inoreader's `app-id` and `app-key`).
    public init(
        name: String, url: URL, user: String, password: String, app: ServerConfig.AppRegistration? = nil, http: HTTPClient,
        budget: SyncBudget = .standard
    ) {
        self.name = name
        self.root = Self.root(url)
        self.user = user
        self.password = password
        self.app = app
        self.http = http
        self.budget = budget
    }

    /// The API root of a configured server: `url` itself (`greader`, `inoreader`), or FreshRSS's
    /// page with `api/greader.php` after it (unless it already ends so).
    public static func apiRoot(_ kind: ServerConfig.Kind, _ url: URL) -> URL {
        let text = root(url)
        guard kind == .freshrss, !text.hasSuffix("/api/greader.php") else { return url }
        return URL(string: text + "/api/greader.php") ?? url
    }

    /// `url` without its query, fragment and trailing slashes.
    static func root(_ url: URL) -> String {
        var text = url.absoluteString
        if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<end]) }
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    // MARK: - SyncClient

    public func feeds() async throws -> [RemoteFeed] {
        async let subscriptionList = readJSON("subscription/list", [("output", "json")], limit: Self.maxIDPage)
        async let tagList = readJSON("tag/list", [("output", "json")], limit: Self.maxIDPage)
        let (subscriptions, tags) = try await (subscriptionList, tagList)
        guard let list = subscriptions["subscriptions"]?.array else { throw invalid("its answer to subscription/list has no subscriptions") }
        // A feed in several labels is filed under the first that tag/list calls a folder (others are tags).
        let folders = Set((tags["tags"]?.array ?? []).filter { $0["type"]?.string == "folder" }.compactMap { $0["id"]?.string })
        var feeds: [RemoteFeed] = []
        var titles: [RemoteFeedID: String] = [:]
        var streams: [RemoteFeedID: String] = [:]
        for subscription in list {
            guard let stream = subscription["id"]?.string, let id = GoogleReaderID.feed(stream) else { continue }
            let url = URLPolicy.articleURL(subscription["url"]?.string ?? String(stream.dropFirst(5)), relativeTo: nil)
            var title = Sanitizer.clean(subscription["title"]?.string ?? "", maxLength: TextLimits.name)
            if title.isEmpty { title = url?.host ?? "Feed \(id)" }
            let categories = subscription["categories"]?.array ?? []
            let filed = categories.first { folders.contains($0["id"]?.string ?? "") } ?? categories.first
            let label = filed.flatMap { $0["label"]?.string ?? GoogleReaderID.label($0["id"]?.string ?? "") }
            titles[id] = title
            streams[id] = stream
            feeds.append(RemoteFeed(id: id, title: title, url: url, category: Sanitizer.cleanOptional(label, maxLength: TextLimits.name)))
        }
        feedTitles = titles
        streamIDs = streams
        return feeds
    }

    public func articles(after cursor: RemoteArticleID?, receive: @Sendable ([RemoteArticle]) async throws -> Void) async throws {
        firstSyncLists = nil
        if let cursor, let since = try await arrival(of: cursor) {
            // `ot` is in seconds: of what arrived in the cursor's second, only what came after it.
            let recent = try await ids(IDStream(stream: IDStream.readingList, since: since)).filter { $0 > cursor }
            try await fetch(ids: recent.sorted(by: >), receive: receive)
            return
        }
        // The first sync (or a cursor the server no longer has): every unread and starred item.
        async let unreadIDs = ids(IDStream(stream: IDStream.readingList, exclude: IDStream.read))
        async let starredIDs = ids(IDStream(stream: IDStream.starred))
        let (unread, starred) = try await (unreadIDs, starredIDs)
        firstSyncLists = (unread, starred)
        try await fetch(ids: unread.union(starred).sorted(by: >), receive: receive)
    }

    public func articles(withIDs ids: [RemoteArticleID]) async throws -> [RemoteArticle] {
        var found: [RemoteArticle] = []
        try await fetch(ids: ids) { page in found += page }
        return found
    }

    public func marks(comparedWith local: LocalMarks) async throws -> RemoteMarks {
        if let lists = firstSyncLists {
            firstSyncLists = nil
            return RemoteMarks(unread: lists.unread, starred: lists.starred)
        }
        async let unreadIDs = ids(IDStream(stream: IDStream.readingList, exclude: IDStream.read))
        async let starredIDs = ids(IDStream(stream: IDStream.starred))
        let (unread, starred) = try await (unreadIDs, starredIDs)
        return RemoteMarks(unread: unread, starred: starred)
    }

    public func send(_ marks: [MarkChange]) async throws {
        // The last mark for an article and field is the one that counts; then one `edit-tag` per
        // state added or removed, 250 ids a request.
        var last: [String: MarkChange] = [:]
        for mark in marks { last["\(mark.field.rawValue):\(mark.article.rawValue)"] = mark }
        var groups: [String: [RemoteArticleID]] = [:]
        for mark in last.values {
            let state = mark.field == .read ? IDStream.read : IDStream.starred
            groups[(mark.value ? "a=" : "r=") + state, default: []].append(mark.article)
        }
        for (key, ids) in groups.sorted(by: { $0.key < $1.key }) {
            let action = String(key.prefix(1)), state = String(key.dropFirst(2))
            for chunk in ids.sorted().chunked(Self.marksPerCall) {
                _ = try await write("edit-tag", form: [(action, state)] + chunk.map { ("i", GoogleReaderID.longForm($0)) })
            }
        }
    }

    /// Marks every item of `feed` that arrived before `before` as read (`mark-all-as-read` with
    /// `ts` in microseconds): one request for a whole feed.
    public func markFeedRead(_ feed: RemoteFeedID, before: Date) async throws {
        guard let stream = streamIDs[feed] else { throw invalid("it did not list the feed \(feed)") }
        let micro = Int64(max(0, before.timeIntervalSince1970 * 1_000_000).rounded(.down))
        _ = try await write("mark-all-as-read", form: [("s", stream), ("ts", String(micro))])
    }

    public func requestUpdate(of feed: RemoteFeedID?) async throws {
        // The API has no call for it: the server fetches its feeds on its own schedule.
    }

    public func subscribe(to url: URL) async throws -> RemoteFeedID {
        let address = Sanitizer.clean(url.absoluteString, maxLength: 200)
        let data = try await write("subscription/quickadd", query: [("quickadd", url.absoluteString)], form: [])
        let answer = try parse(data, "subscription/quickadd")
        if answer["numResults"]?.int ?? 0 > 0, let id = GoogleReaderID.feed(answer["streamId"]?.string) {
            return id
        }
        let reason = Sanitizer.clean(answer["error"]?.string ?? "", maxLength: 200)
        throw SyncError.api(server: name, reason: "could not subscribe to \(address)" + (reason.isEmpty ? "" : ": \(reason)"))
    }

    // MARK: - Ids and contents

    /// The seconds since 1970 at which the cursor's item arrived (its `crawlTimeMsec`): where a
    /// later sync starts (`ot`). Nil when the server no longer has the item.
    private func arrival(of cursor: RemoteArticleID) async throws -> Int64? {
        let item = try await contents([cursor], feedTitles: [:], raw: true)
        guard case .raw(let items) = item, let first = items.first(where: { GoogleReaderID.item($0["id"]?.text) == cursor }) else { return nil }
        if let crawled = first["crawlTimeMsec"]?.text.flatMap({ Int64($0) }), crawled > 0 { return crawled / 1000 }
        if let stamp = first["timestampUsec"]?.text.flatMap({ Int64($0) }), stamp > 0 { return stamp / 1_000_000 }
        return nil
    }

    /// Every id of one stream, page by page (`continuation`), each once, at most `budget.maxIDs`.
    private func ids(_ stream: IDStream) async throws -> Set<RemoteArticleID> {
        var found = Set<RemoteArticleID>()
        var continuation: String?
        var continuations = Set<String>()
        var meter = PageMeter(budget, server: name)
        while true {
            try meter.count()
            var query = stream.query
            if let continuation { query.append(("c", continuation)) }
            let answer = try await readJSON("stream/items/ids", query, limit: Self.maxIDPage)
            guard let refs = answer["itemRefs"]?.array ?? (answer.object != nil ? [] : nil) else {
                throw invalid("its answer to stream/items/ids is not an object")
            }
            var fresh = false
            for ref in refs {
                guard let id = GoogleReaderID.item(ref["id"]?.text), found.insert(id).inserted else { continue }
                fresh = true
                if found.count > budget.maxIDs { throw SyncError.endless(server: name, reason: .tooManyIDs(budget.maxIDs)) }
            }
            if !refs.isEmpty, !fresh { throw SyncError.endless(server: name, reason: .repeatedPage) }
            guard !refs.isEmpty, let next = answer["continuation"]?.text, !next.isEmpty else { return found }
            guard continuations.insert(next).inserted else { throw SyncError.endless(server: name, reason: .repeatedPage) }
            continuation = next
        }
    }

    /// Fetches `ids` by `stream/items/contents`, 250 a request and up to four requests at a time
    /// (as many as their caps fit in `maxInFlight`), and hands each page over as it arrives, each
    /// article once; a batch whose answer is too large is asked for again in halves.
    private func fetch(ids: [RemoteArticleID], receive: ([RemoteArticle]) async throws -> Void) async throws {
        guard !ids.isEmpty else { return }
        let titles = feedTitles
        var pending = Array(ids.chunked(Self.itemsPerCall).map { Array($0) }.reversed())
        var delivered = Set<RemoteArticleID>()
        var meter = PageMeter(budget, server: name)
        var flight = InFlightBytes(limit: Self.maxInFlight)
        try await withThrowingTaskGroup(of: (cap: Int, answer: ContentsAnswer).self) { group in
            func refill() throws {
                while flight.running < Self.concurrentRequests, let batch = pending.last, flight.allows(Self.cap(batch)) {
                    pending.removeLast()
                    try meter.count()
                    let cap = Self.cap(batch)
                    flight.start(cap)
                    group.addTask { try await self.contents(batch, feedTitles: titles, cap: cap) }
                }
            }
            try refill()
            while let (cap, answer) = try await group.next() {
                flight.finish(cap)
                switch answer {
                case .tooLarge(let batch):
                    guard batch.count > 1 else { throw invalid("one item's answer is larger than \(ByteCount.describe(Self.maxItemContents))") }
                    pending.append(Array(batch[(batch.count / 2)...]))
                    pending.append(Array(batch[..<(batch.count / 2)]))
                    // The items are heavy: the batches waiting are asked for in halves too, rather
                    // than each fetched up to its cap and thrown away first.
                    pending = pending.flatMap { waiting in
                        waiting.count > batch.count / 2 ? waiting.chunked(max(1, batch.count / 2)).map { Array($0) }.reversed() : [waiting]
                    }
                    try refill()
                case .articles(let wanted, let page):
                    try refill()
                    let fresh = page.filter { wanted.contains($0.id) && delivered.insert($0.id).inserted }
                    if !fresh.isEmpty { try await receive(fresh) }
                case .raw:
                    try refill()
                }
            }
        }
    }

    /// One `stream/items/contents` request, decoded off the actor: the articles (or, `raw`, the
    /// items as they came), or that the answer was too large.
    private nonisolated func contents(
        _ batch: [RemoteArticleID], feedTitles: [RemoteFeedID: String], raw: Bool, limit: Int = GoogleReaderClient.maxItemContents
    ) async throws -> ContentsAnswer {
        let data: Data
        do {
            data = try await post(
                "stream/items/contents", query: [("output", "json")], form: batch.map { ("i", GoogleReaderID.longForm($0)) }, limit: limit)
        } catch SyncError.network(_, .tooLarge) {
            return .tooLarge(batch)
        }
        let answer = try parse(data, "stream/items/contents")
        guard let items = answer["items"]?.array ?? (answer.object != nil ? [] : nil) else {
            throw invalid("its answer to stream/items/contents is not an object")
        }
        if raw { return .raw(items) }
        return .articles(Set(batch), items.compactMap { GoogleReaderItem.decode($0, feedTitles: feedTitles) })
    }

    /// One contents request under `cap`, and the cap, for the bytes in flight to be given back.
    private nonisolated func contents(
        _ batch: [RemoteArticleID], feedTitles: [RemoteFeedID: String], cap: Int
    ) async throws -> (cap: Int, answer: ContentsAnswer) {
        // Bound first, then the tuple built: a tuple around a `try await` is miscompiled when optimised.
        let answer = try await contents(batch, feedTitles: feedTitles, raw: false, limit: cap)
        return (cap, answer)
    }

    /// The cap of a contents request for `batch`: a batch's, or one item's alone.
    static func cap(_ batch: [RemoteArticleID]) -> Int { batch.count == 1 ? maxItemContents : maxContents }

    /// `data` as JSON, or a sentence saying which answer was not.
    nonisolated func parse(_ data: Data, _ what: String) throws -> JSONValue {
        do {
            return try JSONParser.parse(data)
        } catch {
            throw invalid("its answer to \(what) is not JSON (\(error.reason) at byte \(error.offset))")
        }
    }

    private func readJSON(_ path: String, _ query: [(String, String)], limit: Int) async throws -> JSONValue {
        try parse(try await read(path, query, limit: limit), path)
    }

    nonisolated func invalid(_ reason: String) -> SyncError { .invalidResponse(server: name, reason: reason) }
}

/// One stream whose ids are read: the reading list (less the read items), or the starred ones;
/// all of it, or since a time.
struct IDStream: Sendable {
    static let readingList = "user/-/state/com.google/reading-list"
    static let read = "user/-/state/com.google/read"
    static let starred = "user/-/state/com.google/starred"

    var stream: String
    var exclude: String?
    /// `ot`: only items that arrived at or after this second.
    var since: Int64?

    var query: [(String, String)] {
        var query = [("output", "json"), ("s", stream), ("n", String(GoogleReaderClient.idsPerPage))]
        if let exclude { query.append(("xt", exclude)) }
        if let since { query.append(("ot", String(since))) }
        return query
    }
}

/// What one contents request brought.
enum ContentsAnswer: Sendable {
    /// The ids asked for, and the articles among the items that decode.
    case articles(Set<RemoteArticleID>, [RemoteArticle])
    case raw([JSONValue])
    /// The answer passed its cap: ask again for fewer.
    case tooLarge([RemoteArticleID])
}
