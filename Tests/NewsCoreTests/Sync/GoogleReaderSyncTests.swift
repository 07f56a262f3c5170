import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// A fresh cache and a loopback Google Reader server answering as FreshRSS does
/// (`LoopbackGoogleReader`), with a client and an engine for them: one test's.
struct GoogleReaderSync: LoopbackSyncFixture {
    static let serverName = "Reader"

    let server: LoopbackGoogleReader
    let folder: TemporaryFolder
    let store: ArticleStore
    let client: GoogleReaderClient

    init(feeds: Int = 3, itemsPerFeed: Int = 20, firstID: UInt64 = 1_796_289_590_437_247, idForm: LoopbackGoogleReader.IDForm = .decimal) async throws {
        server = try LoopbackGoogleReader(feeds: feeds, itemsPerFeed: itemsPerFeed, firstID: firstID, idForm: idForm)
        folder = try TemporaryFolder("greader")
        store = try await ArticleStore.open(at: folder.file("cache.db"))
        client = Self.client(server.url)
    }

    static func client(_ url: URL, password: String = LoopbackGoogleReader.password) -> GoogleReaderClient {
        GoogleReaderClient(name: serverName, url: url, user: LoopbackGoogleReader.user, password: password, http: HTTPClient(timeout: 10, deadline: 30))
    }

    var engine: SyncEngine { SyncEngine(server: Self.serverName, client: client, store: store) }
}

extension GoogleReaderSync {
    var serverIDs: [UInt64] { server.allItems.map(\.id) }
    static func remote(_ id: UInt64) -> RemoteArticleID { RemoteArticleID(Int64(bitPattern: id)) }
    func onServer(_ id: UInt64) -> (unread: Bool, starred: Bool)? { server.item(id).map { ($0.unread, $0.starred) } }
    func setOnServer(_ id: UInt64, unread: Bool?, starred: Bool?) { server.set(id, unread: unread, starred: starred) }
}

/// The Google Reader client and the engine against a loopback server answering as FreshRSS does:
/// the first sync by pages, an incremental one, marks both ways, the outbox while the server is
/// down, a cut sync, a wrong password, an expired login and token, and the three forms of ids.
@Suite("Google Reader sync", .serialized)
struct GoogleReaderSyncTests {
    /// 1,200 unread items: two pages of ids (1,000 a page), five contents batches (250 each);
    /// the starred ones read elsewhere come too; the marks that follow take the lists just read.
    @Test func theFirstSyncStoresEveryUnreadAndStarredItemByPages() async throws {
        let sync = try await GoogleReaderSync(itemsPerFeed: 400)
        let items = sync.server.allItems
        sync.server.set(items[0].id, unread: false)
        sync.server.set(items[1].id, unread: false, starred: true)
        sync.server.set(items[2].id, starred: true)
        let report = try await sync.engine.sync()
        #expect(report.feeds == 3)
        #expect(report.newArticles == 1_199)
        #expect(try await sync.store.count(.all) == 1_199)
        #expect(try await sync.store.count(.all, unreadOnly: true) == 1_198)
        #expect(sync.server.count("reader/api/0/stream/items/ids") == 3, "two unread pages and one starred, read once")
        #expect(sync.server.count("reader/api/0/stream/items/contents") == 5)
        #expect(try await sync.marks(items[0].id) == nil)
        #expect(try await sync.marks(items[1].id).map { $0.read && $0.starred } == true)
        #expect(try await sync.marks(items[2].id).map { !$0.read && $0.starred } == true)

        let feeds = try await sync.store.serverFeeds(GoogleReaderSync.serverName)
        #expect(feeds.map(\.category).sorted { ($0 ?? "") < ($1 ?? "") } == ["Tech", "Tech", "Uncategorized"])
        let article = try #require(try await sync.store.article(try await sync.articleID(items[5].id)))
        #expect(article.article.title.contains("＆ more"), "\(article.article.title)")
        #expect(article.article.url?.host == "127.0.0.1")
        #expect(article.article.sourceName == feeds.first { $0.remoteID.rawValue == Int64(items[5].feed) }?.title)
        guard case .html(let html)? = article.article.body else {
            Issue.record("no full text: \(String(describing: article.article.body))")
            return
        }
        #expect(html.contains("Second paragraph"))
    }

    /// A later sync asks for what arrived since the cursor's item (`ot`, in seconds), keeps what
    /// is above the cursor, and fetches only that.
    @Test func anIncrementalSyncFetchesOnlyWhatArrivedSinceTheCursor() async throws {
        let sync = try await GoogleReaderSync()
        try await sync.engine.sync()
        let quiet = try await sync.engine.sync()
        #expect(quiet.newArticles == 0 && quiet.articlesFetched == 0, "\(quiet)")

        let added = sync.server.addItems(feed: 2, count: 3)
        let report = try await sync.engine.sync()
        #expect(report.newArticles == 3 && report.articlesFetched == 3, "\(report)")
        #expect(try await sync.store.count(.all) == 63)
        for id in added { #expect(try await sync.marks(id)?.read == false) }
        let asked = sync.server.server.requests(path: "/api/greader.php/reader/api/0/stream/items/ids").compactMap(\.query)
        #expect(asked.contains { $0.contains("ot=") && !$0.contains("xt=") }, "\(asked)")
    }

    /// Marks made here go back in one `edit-tag` per state, many `i=` in each; the server's own
    /// marks do not undo them.
    @Test func marksMadeHereReachTheServerInOneEditTagPerState() async throws {
        let sync = try await GoogleReaderSync()
        try await sync.engine.sync()
        let items = sync.server.allItems
        let read = try await [sync.articleID(items[0].id), sync.articleID(items[1].id), sync.articleID(items[2].id)]
        try await sync.store.markRead(read)
        try await sync.store.setStarred(true, for: try await sync.articleID(items[3].id))
        #expect(try await sync.store.serverRecord(GoogleReaderSync.serverName).pendingMarks == 4)

        let report = try await sync.engine.sync()
        #expect(report.marksSent == 4)
        #expect(try await sync.store.serverRecord(GoogleReaderSync.serverName).pendingMarks == 0)
        #expect(items[0...2].allSatisfy { sync.server.item($0.id)?.unread == false })
        #expect(sync.server.item(items[3].id)?.starred == true)
        let edits = sync.server.editTags
        #expect(edits.count == 2, "\(edits)")
        #expect(edits.contains { $0.add == "user/-/state/com.google/read" && $0.ids == 3 })
        #expect(edits.contains { $0.add == "user/-/state/com.google/starred" && $0.ids == 1 })
        #expect(try await sync.marks(items[0].id)?.read == true)

        // Unread and unstarred again: `r=`.
        try await sync.store.markRead([read[0]], read: false)
        try await sync.store.setStarred(false, for: try await sync.articleID(items[3].id))
        try await sync.engine.sync()
        #expect(sync.server.item(items[0].id)?.unread == true)
        #expect(sync.server.item(items[3].id)?.starred == false)
        #expect(sync.server.editTags.suffix(2).allSatisfy { $0.add.isEmpty && !$0.remove.isEmpty })
    }

    /// Stars and reads made on the server (another device) come down with the next sync, and so
    /// does an old item starred there that the cache never had.
    @Test func starsAndReadMarksFromTheServerComeDown() async throws {
        let sync = try await GoogleReaderSync()
        let items = sync.server.allItems
        sync.server.set(items[10].id, unread: false)  // read before the first sync: never fetched
        try await sync.engine.sync()
        #expect(try await sync.marks(items[10].id) == nil)

        sync.server.set(items[0].id, starred: true)
        sync.server.set(items[1].id, unread: false)
        sync.server.set(items[10].id, starred: true)
        let report = try await sync.engine.sync()
        #expect(report.marksSent == 0)
        #expect(try await sync.marks(items[0].id).map { !$0.read && $0.starred } == true)
        #expect(try await sync.marks(items[1].id)?.read == true)
        #expect(try await sync.marks(items[10].id).map { $0.read && $0.starred } == true, "the starred item it lacked is fetched")
        #expect(try await sync.store.serverRecord(GoogleReaderSync.serverName).pendingMarks == 0, "not echoed back")

        sync.server.set(items[0].id, starred: false)
        sync.server.set(items[1].id, unread: true)
        try await sync.engine.sync()
        #expect(try await sync.marks(items[0].id)?.starred == false)
        #expect(try await sync.marks(items[1].id)?.read == false)
    }

    /// With the server out of reach the sync fails as "unreachable", the mark waits in the
    /// outbox and the cache is as it was; when it answers again the mark is delivered.
    @Test func theOutboxWaitsWhileTheServerIsDownAndIsDeliveredWhenItAnswers() async throws {
        let sync = try await GoogleReaderSync()
        try await sync.engine.sync()
        let item = sync.server.allItems[4].id
        try await sync.store.markRead([try await sync.articleID(item)])
        let count = try await sync.store.count(.all)

        let closed = try RefusingPort()
        let down = SyncEngine(
            server: GoogleReaderSync.serverName, client: GoogleReaderSync.client(closed.baseURL.appendingPathComponent("api/greader.php")), store: sync.store)
        let error = await #expect(throws: SyncError.self) { try await down.sync() }
        #expect(error?.isUnreachable == true, "\(String(describing: error))")
        #expect(error.map { $0.message.contains(GoogleReaderSync.serverName) && isOneSentence($0.message) } == true)
        let offline = try await sync.store.serverRecord(GoogleReaderSync.serverName)
        #expect(offline.offlineSince != nil && offline.pendingMarks == 1)
        #expect(try await sync.store.count(.all) == count)
        #expect(sync.server.item(item)?.unread == true)

        let report = try await sync.engine.sync()
        #expect(report.marksSent == 1)
        #expect(sync.server.item(item)?.unread == false)
        let online = try await sync.store.serverRecord(GoogleReaderSync.serverName)
        #expect(online.offlineSince == nil && online.pendingMarks == 0)
    }

    /// A first sync cut by a failing contents request keeps what it stored, leaves the cursor
    /// unset, and the next sync completes it without a duplicate.
    @Test func aCutSyncIsCompletedWithoutDuplicates() async throws {
        let sync = try await GoogleReaderSync(itemsPerFeed: 500)
        // The fifth of six batches fails: it goes out once one of the first four has come (and is stored).
        sync.server.failContents(at: 5)
        await #expect(throws: SyncError.self) { try await sync.engine.sync() }
        let kept = try await sync.store.count(.all)
        #expect(kept >= 250 && kept < 1_500, "\(kept)")
        #expect(try await sync.store.serverRecord(GoogleReaderSync.serverName).cursor == nil)

        sync.server.failContents(at: nil)
        let report = try await sync.engine.sync()
        #expect(report.newArticles == 1_500 - kept)
        #expect(try await sync.store.count(.all) == 1_500)
        #expect(try await sync.store.serverRecord(GoogleReaderSync.serverName).cursor != nil)
    }

    @Test func aWrongPasswordIsOneSentenceNamingTheServer() async throws {
        let sync = try await GoogleReaderSync()
        let client = GoogleReaderSync.client(sync.server.url, password: "not-the-password")
        let error = await thrownError { try await client.feeds() } as? SyncError
        #expect(error == .wrongPassword(server: GoogleReaderSync.serverName))
        let message = error?.message ?? ""
        #expect(message.contains(GoogleReaderSync.serverName) && isOneSentence(message), "\(message)")
        #expect(!message.contains("not-the-password"))
        #expect(sync.server.count("accounts/ClientLogin") == 1, "a refused password is not tried again")
    }

    /// A refused token (401) is fetched again once and the write goes through; a server that
    /// refuses every token is one sentence after exactly two tokens.
    @Test func anExpiredTokenIsFetchedAgainOnce() async throws {
        let sync = try await GoogleReaderSync()
        try await sync.engine.sync()
        let items = sync.server.allItems
        try await sync.client.send([MarkChange(article: RemoteArticleID(Int64(bitPattern: items[0].id)), field: .read, value: true)])
        #expect(sync.server.count("reader/api/0/token") == 1)

        sync.server.expireToken()
        try await sync.client.send([MarkChange(article: RemoteArticleID(Int64(bitPattern: items[1].id)), field: .starred, value: true)])
        #expect(sync.server.count("reader/api/0/token") == 2)
        #expect(await sync.client.tokenFetches == 2)
        #expect(sync.server.item(items[1].id)?.starred == true)

        sync.server.refuseTokens(true)
        let error =
            await thrownError {
                try await sync.client.send([MarkChange(article: RemoteArticleID(Int64(bitPattern: items[2].id)), field: .read, value: true)])
            } as? SyncError
        guard case .api(let name, _)? = error else {
            Issue.record("not an API error: \(String(describing: error))")
            return
        }
        #expect(name == GoogleReaderSync.serverName && isOneSentence(error?.message ?? ""), "\(error?.message ?? "")")
        #expect(sync.server.count("reader/api/0/token") == 3, "one token again, not a loop")
    }

    /// A login the server no longer takes (its API password changed and back) is made again once.
    @Test func anExpiredLoginIsMadeAgainOnce() async throws {
        let sync = try await GoogleReaderSync()
        try await sync.engine.sync()
        sync.server.expireLogin()
        let report = try await sync.engine.sync()
        #expect(report.newArticles == 0)
        #expect(await sync.client.logins == 2)
        #expect(sync.server.count("accounts/ClientLogin") == 2)
    }

    /// The long, short and negative forms of one 64-bit id are one id; what goes back is the long form.
    @Test func theThreeFormsOfAnItemIDAreOneID() {
        let long = GoogleReaderID.item("tag:google.com,2005:reader/item/000661b742f3a5ba")
        #expect(long == RemoteArticleID(1_796_289_590_437_306))
        #expect(GoogleReaderID.item("1796289590437306") == long)
        #expect(GoogleReaderID.longForm(RemoteArticleID(1_796_289_590_437_306)) == "tag:google.com,2005:reader/item/000661b742f3a5ba")

        let high = GoogleReaderID.item("tag:google.com,2005:reader/item/fffffffffffffffe")
        #expect(high == RemoteArticleID(-2))
        #expect(GoogleReaderID.item("-2") == high)
        #expect(GoogleReaderID.item("18446744073709551614") == high)
        #expect(GoogleReaderID.longForm(RemoteArticleID(-2)) == "tag:google.com,2005:reader/item/fffffffffffffffe")
        for bad in ["", "tag:google.com,2005:reader/item/", "tag:google.com,2005:reader/item/xyz", "12a", "-0", "18446744073709551616", "+5"] {
            #expect(GoogleReaderID.item(bad) == nil, "\(bad)")
        }
        #expect(GoogleReaderID.feed("feed/12") == RemoteFeedID(12))
        let byURL = GoogleReaderID.feed("feed/https://example.com/rss")
        #expect(byURL == GoogleReaderID.feed("feed/https://example.com/rss") && byURL.map { $0.rawValue >= 1 << 62 } == true)
        #expect(GoogleReaderID.feed("user/-/label/Tech") == nil)
    }

    /// A server whose ids pass 2^63 and whose id lists write them as negative numbers syncs and
    /// takes marks as one that writes them in decimal.
    @Test func aServerOfNegativeIDsSyncsAndTakesMarks() async throws {
        let sync = try await GoogleReaderSync(itemsPerFeed: 5, firstID: 1 << 63 + 7, idForm: .signed)
        let report = try await sync.engine.sync()
        #expect(report.newArticles == 15)
        let item = sync.server.allItems[0].id
        try await sync.store.markRead([try await sync.articleID(item)])
        try await sync.store.setStarred(true, for: try await sync.articleID(item))
        try await sync.engine.sync()
        #expect(sync.server.item(item).map { !$0.unread && $0.starred } == true)
        #expect(try await sync.store.count(.all) == 15)
    }

    /// FreshRSS's own answers, as recorded: feeds under their folders, and items with their
    /// marks, full text and fullwidth `＆` kept.
    @Test func freshRSSsRecordedAnswersDecode() async throws {
        let recorded = try LoopbackServer()
        let root = "/api/greader.php"
        recorded.route(root + "/accounts/ClientLogin", .text(FreshRSSAnswers.clientLogin))
        recorded.route(root + "/reader/api/0/subscription/list", .json(FreshRSSAnswers.subscriptionList))
        recorded.route(root + "/reader/api/0/tag/list", .json(FreshRSSAnswers.tagList))
        recorded.route(root + "/reader/api/0/stream/items/contents", .json(FreshRSSAnswers.contents))
        let client = GoogleReaderSync.client(recorded.url(root))
        let feeds = try await client.feeds()
        #expect(feeds.map(\.id) == [RemoteFeedID(1), RemoteFeedID(2), RemoteFeedID(3)])
        #expect(feeds.map(\.category) == ["Tech", "Tech", "Uncategorized"])
        #expect(feeds[0].url?.absoluteString == "http://127.0.0.1:18931/feed01.xml")
        #expect(feeds[0].title == "http:／／127.0.0.1:18931／feed01.xml")
        let login = try #require(recorded.requests(path: root + "/reader/api/0/subscription/list").first)
        #expect(login.headers["authorization"] == "GoogleLogin auth=admin/0eb312cbc74bf9a9fc9ae4d29e78804fc05bd40a")

        let ids = [1_796_289_590_437_306, 1_796_289_590_437_305, 1_796_289_590_437_300].map { RemoteArticleID($0) }
        let articles = try await client.articles(withIDs: ids)
        #expect(articles.map(\.id) == ids)
        #expect(articles.map(\.unread) == [false, false, true])
        #expect(articles.map(\.starred) == [false, false, true])
        #expect(articles[1].article.title == "PostgreSQL post #20: notes ＆ links")
        #expect(articles[1].feed == RemoteFeedID(2) && articles[1].article.sourceName == feeds[1].title)
        #expect(articles[0].article.publishedAt == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(articles[0].article.author == "Alice Example")
        guard case .html(let html)? = articles[0].article.body else {
            Issue.record("no full text")
            return
        }
        #expect(html.contains("café"))
        let asked = try #require(recorded.requests(path: root + "/reader/api/0/stream/items/contents").first)
        #expect(asked.method == "POST")
    }

    /// An address that is not a Google Reader API (an HTML page) is one sentence naming the server.
    @Test func anAddressThatIsNotTheAPIIsOneSentence() async throws {
        let page = try LoopbackServer()
        page.route("/accounts/ClientLogin", .text("<!doctype html><title>Welcome</title>", contentType: "text/html"))
        let error = await thrownError { try await GoogleReaderSync.client(page.url("/")).feeds() } as? SyncError
        guard case .invalidResponse(let name, _)? = error else {
            Issue.record("not an invalid answer: \(String(describing: error))")
            return
        }
        #expect(name == GoogleReaderSync.serverName && isOneSentence(error?.message ?? ""), "\(error?.message ?? "")")
    }

    /// 10,000 items sync (ten pages of ids, forty batches of contents), and marks made on both
    /// sides cross in the next sync.
    @Test func tenThousandItemsSyncAndMarksCrossBothWays() async throws {
        let sync = try await GoogleReaderSync(feeds: 4, itemsPerFeed: 2_500)
        try await sync.checkTenThousandItemsSyncAndMarksCrossBothWays()
    }

    /// A registered app (Inoreader's `app-id` and `app-key`) goes in the `AppId` and `AppKey`
    /// headers of every request: the login, the token, the lists, the contents and the marks.
    @Test func aRegisteredAppIsNamedInEveryRequest() async throws {
        let sync = try await GoogleReaderSync(feeds: 2, itemsPerFeed: 5)
        let client = GoogleReaderClient(
            name: GoogleReaderSync.serverName, url: sync.server.url, user: LoopbackGoogleReader.user, password: LoopbackGoogleReader.password,
            app: ServerConfig.AppRegistration(id: "1000001414", key: "kk18irxGeoXA5wyFg9U1PpTuabDu2WWG"), http: HTTPClient(timeout: 10, deadline: 30))
        let engine = SyncEngine(server: GoogleReaderSync.serverName, client: client, store: sync.store)
        _ = try await engine.sync()
        try await sync.store.markRead([sync.articleID(sync.server.allItems[0].id)])
        _ = try await engine.sync()
        let requests = sync.server.server.requests
        #expect(Set(requests.map(\.path)).count >= 6, "\(Set(requests.map(\.path)))")
        #expect(requests.contains { $0.path.hasSuffix("/edit-tag") })
        for request in requests {
            #expect(request.headers["appid"] == "1000001414", "\(request.path)")
            #expect(request.headers["appkey"] == "kk18irxGeoXA5wyFg9U1PpTuabDu2WWG", "\(request.path)")
        }
        // Without one, no such header is sent (FreshRSS and the others need none).
        let plain = try await GoogleReaderSync(feeds: 1, itemsPerFeed: 2)
        _ = try await plain.engine.sync()
        #expect(plain.server.server.requests.allSatisfy { $0.headers["appid"] == nil && $0.headers["appkey"] == nil })
    }
}
