import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// A fresh cache and a loopback Nextcloud News answering as its API documents
/// (`LoopbackNextcloudNews`), with a client and an engine for them: one test's.
struct NextcloudNewsSync: LoopbackSyncFixture {
    static let serverName = "Cloud"

    let server: LoopbackNextcloudNews
    let folder: TemporaryFolder
    let store: ArticleStore
    let client: NextcloudNewsClient

    init(feeds: Int = 3, itemsPerFeed: Int = 20) async throws {
        server = try LoopbackNextcloudNews(feeds: feeds, itemsPerFeed: itemsPerFeed)
        folder = try TemporaryFolder("nextcloud")
        store = try await ArticleStore.open(at: folder.file("cache.db"))
        client = Self.client(server.url)
    }

    static func client(_ url: URL, password: String = LoopbackNextcloudNews.password) -> NextcloudNewsClient {
        NextcloudNewsClient(name: serverName, url: url, user: LoopbackNextcloudNews.user, password: password, http: HTTPClient(timeout: 10, deadline: 30))
    }

    var engine: SyncEngine { SyncEngine(server: Self.serverName, client: client, store: store) }

    static let itemsPath = LoopbackNextcloudNews.apiPath + "/items"
}

extension NextcloudNewsSync {
    var serverIDs: [Int64] { server.allItems.map(\.id) }
    static func remote(_ id: Int64) -> RemoteArticleID { RemoteArticleID(id) }
    func onServer(_ id: Int64) -> (unread: Bool, starred: Bool)? { server.item(id).map { ($0.unread, $0.starred) } }
    func setOnServer(_ id: Int64, unread: Bool?, starred: Bool?) { server.set(id, unread: unread, starred: starred) }
}

/// The Nextcloud News client and the engine against a loopback Nextcloud News: the first sync by
/// pages, an incremental one, marks both ways, the server's stars, the outbox while the server is
/// down, a cut sync, a wrong password, ids, and hostile answers.
@Suite("Nextcloud News sync", .serialized)
struct NextcloudNewsSyncTests {
    /// 1,198 unread items: five full pages of 200 and a short one (each from the highest id of
    /// the one before), the starred chain beside them; the marks that follow take the lists just read.
    @Test func theFirstSyncStoresEveryUnreadAndStarredItemByPages() async throws {
        let sync = try await NextcloudNewsSync(itemsPerFeed: 400)
        let items = sync.server.allItems
        sync.server.set(items[0].id, unread: false)
        sync.server.set(items[1].id, unread: false, starred: true)
        sync.server.set(items[2].id, starred: true)
        sync.server.attach(items[3].id, link: "http://127.0.0.1/audio/3.mp3", mime: "audio/mpeg")
        let report = try await sync.engine.sync()
        #expect(report.feeds == 3)
        #expect(report.newArticles == 1_199)
        #expect(try await sync.store.count(.all) == 1_199)
        #expect(try await sync.store.count(.all, unreadOnly: true) == 1_198)
        let pages = sync.server.server.requests(path: NextcloudNewsSync.itemsPath).compactMap(\.query)
        #expect(pages.filter { $0.contains("type=3") }.count == 6, "five full unread pages and a short one: \(pages)")
        #expect(pages.filter { $0.contains("type=2") }.count == 1)
        #expect(pages.allSatisfy { $0.contains("oldestFirst=true") && $0.contains("batchSize=200") })
        // The first two are read: the first unread page holds ids 3 to 202.
        #expect(pages.contains { $0.contains("type=3") && $0.contains("offset=\(items[201].id)&") }, "the second page from the first's highest id")
        #expect(try await sync.marks(items[0].id) == nil)
        #expect(try await sync.marks(items[1].id).map { $0.read && $0.starred } == true)
        #expect(try await sync.marks(items[2].id).map { !$0.read && $0.starred } == true)

        let feeds = try await sync.store.serverFeeds(NextcloudNewsSync.serverName)
        #expect(feeds.map(\.category).sorted { ($0 ?? "") < ($1 ?? "") } == [nil, "Tech", "Tech"])
        let article = try #require(try await sync.store.article(try await sync.articleID(items[5].id)))
        #expect(article.article.title.contains("& more"), "\(article.article.title)")
        #expect(article.article.url?.absoluteString == "http://127.0.0.1/site\(items[5].feed)/items/\(items[5].id).html")
        #expect(article.article.sourceName == "Feed \(items[5].feed)")
        #expect(article.article.publishedAt == Date(timeIntervalSince1970: TimeInterval(items[5].published)))
        guard case .html(let html)? = article.article.body else {
            Issue.record("no full text: \(String(describing: article.article.body))")
            return
        }
        #expect(html.contains("Second paragraph"))
        let podcast = try #require(try await sync.store.article(try await sync.articleID(items[3].id)))
        #expect(podcast.article.enclosure?.url.absoluteString == "http://127.0.0.1/audio/3.mp3")
    }

    /// 10,000 items sync (50 pages), and marks made on both sides cross in the next sync.
    @Test func tenThousandItemsSyncAndMarksCrossBothWays() async throws {
        let sync = try await NextcloudNewsSync(feeds: 10, itemsPerFeed: 1_000)
        try await sync.checkTenThousandItemsSyncAndMarksCrossBothWays()
    }

    /// A later sync asks for the items above the cursor, and only those.
    @Test func anIncrementalSyncFetchesOnlyWhatIsAboveTheCursor() async throws {
        let sync = try await NextcloudNewsSync()
        try await sync.engine.sync()
        let quiet = try await sync.engine.sync()
        #expect(quiet.newArticles == 0 && quiet.articlesFetched == 0, "\(quiet)")

        let added = sync.server.addItems(feed: 2, count: 3)
        let report = try await sync.engine.sync()
        #expect(report.newArticles == 3 && report.articlesFetched == 3, "\(report)")
        #expect(try await sync.store.count(.all) == 63)
        for id in added { #expect(try await sync.marks(id)?.read == false) }
        let asked = sync.server.server.requests(path: NextcloudNewsSync.itemsPath).compactMap(\.query)
        #expect(asked.contains { $0.contains("offset=60") && $0.contains("getRead=true") && $0.contains("type=3") }, "\(asked)")
        let updated = sync.server.server.requests(path: NextcloudNewsSync.itemsPath + "/updated").compactMap(\.query)
        #expect(updated.count == 2 && updated.allSatisfy { $0.contains("lastModified=") }, "\(updated)")
    }

    /// Marks go back in one call per state, many ids in each; a batch sent again changes nothing more.
    @Test func marksMadeHereReachTheServer() async throws {
        let sync = try await NextcloudNewsSync()
        try await sync.engine.sync()
        let items = sync.server.allItems
        let read = try await [sync.articleID(items[0].id), sync.articleID(items[1].id), sync.articleID(items[2].id)]
        try await sync.store.markRead(read)
        try await sync.store.setStarred(true, for: try await sync.articleID(items[3].id))

        let report = try await sync.engine.sync()
        #expect(report.marksSent == 4)
        #expect(items[0...2].allSatisfy { sync.server.item($0.id)?.unread == false })
        #expect(sync.server.item(items[3].id)?.starred == true)
        let writes = sync.server.writesMade
        #expect(writes.count == 2, "\(writes)")
        #expect(writes.contains { $0.path == "items/read/multiple" && $0.ids == 3 })
        #expect(writes.contains { $0.path == "items/star/multiple" && $0.ids == 1 })
        try await sync.client.send([MarkChange(article: RemoteArticleID(items[3].id), field: .starred, value: true)])
        #expect(sync.server.item(items[3].id)?.starred == true)

        try await sync.store.markRead([read[0]], read: false)
        try await sync.store.setStarred(false, for: try await sync.articleID(items[3].id))
        try await sync.engine.sync()
        #expect(sync.server.item(items[0].id)?.unread == true)
        #expect(sync.server.item(items[3].id)?.starred == false)
        #expect(Set(sync.server.writesMade.suffix(2).map(\.path)) == ["items/unread/multiple", "items/unstar/multiple"])
    }

    /// Stars and reads made on the server come down with the next sync, and so does an old item
    /// starred there that the cache never had.
    @Test func starsAndReadMarksFromTheServerComeDown() async throws {
        let sync = try await NextcloudNewsSync()
        let items = sync.server.allItems
        sync.server.set(items[10].id, unread: false)
        try await sync.engine.sync()
        #expect(try await sync.marks(items[10].id) == nil)

        sync.server.set(items[0].id, starred: true)
        sync.server.set(items[1].id, unread: false)
        sync.server.set(items[10].id, starred: true)
        let report = try await sync.engine.sync()
        #expect(report.marksSent == 0)
        #expect(try await sync.marks(items[0].id).map { !$0.read && $0.starred } == true)
        #expect(try await sync.marks(items[1].id)?.read == true)
        #expect(try await sync.marks(items[10].id).map { $0.read && $0.starred } == true, "the starred item it lacked comes with the changed ones")
        #expect(try await sync.store.serverRecord(NextcloudNewsSync.serverName).pendingMarks == 0, "not echoed back")

        sync.server.set(items[0].id, starred: false)
        sync.server.set(items[1].id, unread: true)
        try await sync.engine.sync()
        #expect(try await sync.marks(items[0].id)?.starred == false)
        #expect(try await sync.marks(items[1].id)?.read == false)
    }

    /// An `items/updated` answer past its cap (too much changed) is given up for the whole
    /// unread and starred lists, and the marks still come down.
    @Test func tooManyChangesAreReadAsTheWholeLists() async throws {
        let sync = try await NextcloudNewsSync()
        try await sync.engine.sync()
        let items = sync.server.allItems
        sync.server.set(items[0].id, unread: false)
        sync.server.set(items[1].id, starred: true)
        sync.server.answerUpdated(withBytes: NextcloudNewsClient.maxUpdated + 1)
        let before = sync.server.server.requests(path: NextcloudNewsSync.itemsPath).count
        try await sync.engine.sync()
        #expect(try await sync.marks(items[0].id)?.read == true)
        #expect(try await sync.marks(items[1].id)?.starred == true)
        let lists = sync.server.server.requests(path: NextcloudNewsSync.itemsPath).dropFirst(before).compactMap(\.query)
        #expect(lists.contains { $0.contains("type=3") && $0.contains("getRead=false") } && lists.contains { $0.contains("type=2") }, "\(lists)")
    }

    @Test func theOutboxWaitsWhileTheServerIsDownAndIsDeliveredWhenItAnswers() async throws {
        let sync = try await NextcloudNewsSync()
        try await sync.engine.sync()
        let item = sync.server.allItems[4].id
        try await sync.store.markRead([try await sync.articleID(item)])
        let count = try await sync.store.count(.all)

        let closed = try RefusingPort()
        let down = SyncEngine(server: NextcloudNewsSync.serverName, client: NextcloudNewsSync.client(closed.baseURL), store: sync.store)
        let error = await #expect(throws: SyncError.self) { try await down.sync() }
        #expect(error?.isUnreachable == true, "\(String(describing: error))")
        #expect(error.map { $0.message.contains(NextcloudNewsSync.serverName) && isOneSentence($0.message) } == true)
        let offline = try await sync.store.serverRecord(NextcloudNewsSync.serverName)
        #expect(offline.offlineSince != nil && offline.pendingMarks == 1)
        #expect(try await sync.store.count(.all) == count)
        #expect(sync.server.item(item)?.unread == true)

        let report = try await sync.engine.sync()
        #expect(report.marksSent == 1)
        #expect(sync.server.item(item)?.unread == false)
        let online = try await sync.store.serverRecord(NextcloudNewsSync.serverName)
        #expect(online.offlineSince == nil && online.pendingMarks == 0)
    }

    /// A first sync cut by a failing page keeps what it stored, leaves the cursor unset, and the
    /// next sync completes it without a duplicate.
    @Test func aCutSyncIsCompletedWithoutDuplicates() async throws {
        let sync = try await NextcloudNewsSync(itemsPerFeed: 500)
        sync.server.failItems(at: 5)
        await #expect(throws: SyncError.self) { try await sync.engine.sync() }
        let kept = try await sync.store.count(.all)
        #expect(kept >= 200 && kept < 1_500, "\(kept)")
        #expect(try await sync.store.serverRecord(NextcloudNewsSync.serverName).cursor == nil)

        sync.server.failItems(at: nil)
        let report = try await sync.engine.sync()
        #expect(report.newArticles == 1_500 - kept)
        #expect(try await sync.store.count(.all) == 1_500)
        #expect(try await sync.store.serverRecord(NextcloudNewsSync.serverName).cursor == RemoteArticleID(1_500))
    }

    @Test func aWrongPasswordIsOneSentenceNamingTheServer() async throws {
        let sync = try await NextcloudNewsSync()
        let client = NextcloudNewsSync.client(sync.server.url, password: "not-the-password")
        let error = await thrownError { try await client.feeds() } as? SyncError
        #expect(error == .wrongPassword(server: NextcloudNewsSync.serverName))
        let message = error?.message ?? ""
        #expect(message.contains(NextcloudNewsSync.serverName) && isOneSentence(message) && !message.contains("not-the-password"), "\(message)")
    }

    /// `--add` subscribes (`POST feeds`); a feed already there is one sentence; `r` syncs only.
    @Test func subscribeAndRefresh() async throws {
        let sync = try await NextcloudNewsSync()
        try await sync.engine.sync(refreshing: RemoteFeedID(2))
        let id = try await sync.client.subscribe(to: try #require(URL(string: "https://example.com/new.xml")))
        #expect(id == RemoteFeedID(4))
        let again = await thrownError { try await sync.client.subscribe(to: try #require(URL(string: "https://example.com/new.xml"))) } as? SyncError
        guard case .api(let name, let reason)? = again else {
            Issue.record("not an API error: \(String(describing: again))")
            return
        }
        #expect(name == NextcloudNewsSync.serverName && reason.contains("409") && reason.contains("exists"), "\(reason)")
        #expect(isOneSentence(again?.message ?? ""))
    }

    /// The API's address is found under Nextcloud's; ids are positive whole numbers.
    @Test func addressesAndIDs() throws {
        for url in ["https://cloud.example.com", "https://cloud.example.com/", "https://cloud.example.com/index.php/apps/news/api/v1-3/"] {
            #expect(NextcloudNewsClient.apiBase(try #require(URL(string: url))) == "https://cloud.example.com/index.php/apps/news/api/v1-3", "\(url)")
        }
        #expect(
            NextcloudNewsClient.apiBase(try #require(URL(string: "https://cloud.example.com/apps/news/api/v1-3")))
                == "https://cloud.example.com/apps/news/api/v1-3")
        let item: JSONValue = .object(["id": .number(7), "feedId": .string("3"), "unread": .bool(true), "starred": .bool(false), "title": .string("T")])
        #expect(NextcloudNewsItem.decode(item, feedTitles: [:]).map { $0.id == RemoteArticleID(7) && $0.feed == RemoteFeedID(3) && $0.unread } == true)
        let filtered: JSONValue = .object(["id": .number(8), "feedId": .number(3), "filtered": .bool(true)])
        #expect(NextcloudNewsItem.decode(filtered, feedTitles: [:]) == nil)
        let noID: JSONValue = .object(["id": .number(-1), "feedId": .number(3)])
        #expect(NextcloudNewsItem.decode(noID, feedTitles: [:]) == nil)
    }

    /// A server that ignores `offset` (the same full page again) and one whose page passes the
    /// cap each end the sync with one sentence, having asked little.
    @Test func hostileAnswersAreCapped() async throws {
        let item = #"{"id":1,"feedId":1,"unread":true,"starred":false,"title":"Same","url":"http://127.0.0.1/1","body":"<p>x</p>"}"#
        let page = #"{"items":["# + Array(repeating: item, count: 200).joined(separator: ",") + "]}"
        let api = LoopbackNextcloudNews.apiPath
        let same = try LoopbackServer()
        same.route(api + "/folders", .json(#"{"folders":[]}"#))
        same.route(api + "/feeds", .json(#"{"feeds":[{"id":1,"title":"One","url":"http://127.0.0.1/1.xml","folderId":null}]}"#))
        same.route(api + "/items", .json(page))
        let folder = try TemporaryFolder("nextcloud-hostile")
        let store = try await ArticleStore.open(at: folder.file("cache.db"))
        let engine = SyncEngine(server: NextcloudNewsSync.serverName, client: NextcloudNewsSync.client(same.url("/")), store: store)
        let endless = await thrownError { try await engine.sync() } as? SyncError
        #expect(endless == .endless(server: NextcloudNewsSync.serverName, reason: .repeatedPage), "\(String(describing: endless))")
        #expect(same.requests(path: api + "/items").count <= 4)

        let huge = try LoopbackServer()
        huge.route(api + "/folders", .json(#"{"folders":[]}"#))
        huge.route(api + "/feeds", .json(#"{"feeds":[]}"#))
        huge.route(
            api + "/items",
            .bytes(
                ScriptedResponse.generatedBytes(prefix: Data(#"{"items":[""#.utf8), count: NextcloudNewsClient.maxItemPage + 1), contentType: "application/json"
            )
        )
        let large = SyncEngine(server: NextcloudNewsSync.serverName, client: NextcloudNewsSync.client(huge.url("/")), store: store)
        let capped = await thrownError { try await large.sync() } as? SyncError
        guard case .invalidResponse(let name, let reason)? = capped else {
            Issue.record("not an invalid answer: \(String(describing: capped))")
            return
        }
        #expect(name == NextcloudNewsSync.serverName && reason.contains("larger than"), "\(reason)")
        #expect(huge.requests(path: api + "/items").count <= 20)
    }
}
