import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// A fresh cache and a loopback Miniflux answering as its API documents (`LoopbackMiniflux`),
/// with a client and an engine for them: one test's.
struct MinifluxSync: LoopbackSyncFixture {
    static let serverName = "Flux"

    let server: LoopbackMiniflux
    let folder: TemporaryFolder
    let store: ArticleStore
    let client: MinifluxClient

    init(feeds: Int = 3, entriesPerFeed: Int = 20, user: String = "", secret: String = LoopbackMiniflux.token) async throws {
        server = try LoopbackMiniflux(feeds: feeds, entriesPerFeed: entriesPerFeed)
        folder = try TemporaryFolder("miniflux")
        store = try await ArticleStore.open(at: folder.file("cache.db"))
        client = Self.client(server.url, user: user, secret: secret)
    }

    static func client(_ url: URL, user: String = "", secret: String = LoopbackMiniflux.token, budget: SyncBudget = .standard) -> MinifluxClient {
        MinifluxClient(name: serverName, url: url, user: user, secret: secret, http: HTTPClient(timeout: 10, deadline: 30), budget: budget)
    }

    var engine: SyncEngine { SyncEngine(server: Self.serverName, client: client, store: store) }
}

extension MinifluxSync {
    var serverIDs: [Int64] { server.allEntries.map(\.id) }
    static func remote(_ id: Int64) -> RemoteArticleID { RemoteArticleID(id) }
    func onServer(_ id: Int64) -> (unread: Bool, starred: Bool)? { server.entry(id).map { ($0.unread, $0.starred) } }
    func setOnServer(_ id: Int64, unread: Bool?, starred: Bool?) { server.set(id, unread: unread, starred: starred) }
}

/// The Miniflux client and the engine against a loopback Miniflux: the first sync by pages, an
/// incremental one, marks both ways, the server's stars, the outbox while the server is down, a
/// cut sync, a refused token or password, ids, and hostile answers.
@Suite("Miniflux sync", .serialized)
struct MinifluxSyncTests {
    /// 1,200 unread entries: five pages of 250 (the first one's `total` sends the others side by
    /// side), and the starred ones read elsewhere; the marks that follow take the lists just read.
    @Test func theFirstSyncStoresEveryUnreadAndStarredEntryByPages() async throws {
        let sync = try await MinifluxSync(entriesPerFeed: 400)
        let entries = sync.server.allEntries
        sync.server.set(entries[0].id, unread: false)
        sync.server.set(entries[1].id, unread: false, starred: true)
        sync.server.set(entries[2].id, starred: true)
        sync.server.attach(entries[3].id, url: "http://127.0.0.1/audio/3.mp3", type: "audio/mpeg", size: 12_345_678)
        let report = try await sync.engine.sync()
        #expect(report.feeds == 3)
        #expect(report.newArticles == 1_199)
        #expect(try await sync.store.count(.all) == 1_199)
        #expect(try await sync.store.count(.all, unreadOnly: true) == 1_198)
        let pages = sync.server.server.requests(path: "/v1/entries").compactMap(\.query)
        #expect(pages.count == 6, "five unread pages and one starred: \(pages)")
        #expect(pages.allSatisfy { $0.contains("order=id") && $0.contains("direction=asc") && $0.contains("limit=250") })
        #expect(try await sync.marks(entries[0].id) == nil)
        #expect(try await sync.marks(entries[1].id).map { $0.read && $0.starred } == true)
        #expect(try await sync.marks(entries[2].id).map { !$0.read && $0.starred } == true)

        let feeds = try await sync.store.serverFeeds(MinifluxSync.serverName)
        #expect(feeds.map(\.category).sorted { ($0 ?? "") < ($1 ?? "") } == ["All", "Tech", "Tech"])
        let article = try #require(try await sync.store.article(try await sync.articleID(entries[5].id)))
        #expect(article.article.title.contains("& more"), "\(article.article.title)")
        #expect(article.article.url?.absoluteString == "http://127.0.0.1/site\(entries[5].feed)/entries/\(entries[5].id).html")
        #expect(article.article.sourceName == "Feed \(entries[5].feed)")
        #expect(article.article.publishedAt == entries[5].published.roundedDownToSeconds)
        guard case .html(let html)? = article.article.body else {
            Issue.record("no full text: \(String(describing: article.article.body))")
            return
        }
        #expect(html.contains("Second paragraph"))
        let podcast = try #require(try await sync.store.article(try await sync.articleID(entries[3].id)))
        #expect(podcast.article.enclosure?.url.absoluteString == "http://127.0.0.1/audio/3.mp3")
        #expect(podcast.article.enclosure?.byteSize == 12_345_678)
    }

    /// 10,000 entries sync (40 pages), and marks made on both sides cross in the next sync.
    @Test func tenThousandEntriesSyncAndMarksCrossBothWays() async throws {
        let sync = try await MinifluxSync(feeds: 10, entriesPerFeed: 1_000)
        try await sync.checkTenThousandItemsSyncAndMarksCrossBothWays()
    }

    /// A later sync asks for what is above the cursor (`after_entry_id`), and only that.
    @Test func anIncrementalSyncFetchesOnlyWhatIsAboveTheCursor() async throws {
        let sync = try await MinifluxSync()
        try await sync.engine.sync()
        let quiet = try await sync.engine.sync()
        #expect(quiet.newArticles == 0 && quiet.articlesFetched == 0, "\(quiet)")

        let added = sync.server.addEntries(feed: 2, count: 3)
        let report = try await sync.engine.sync()
        #expect(report.newArticles == 3 && report.articlesFetched == 3, "\(report)")
        #expect(try await sync.store.count(.all) == 63)
        for id in added { #expect(try await sync.marks(id)?.read == false) }
        let asked = sync.server.server.requests(path: "/v1/entries").compactMap(\.query)
        #expect(asked.contains { $0.contains("after_entry_id=60") && $0.contains("status=unread") && $0.contains("status=read") }, "\(asked)")
        #expect(asked.contains { $0.contains("changed_after=") }, "\(asked)")
    }

    /// Reads go back in one `PUT /v1/entries` per status; a star is toggled only where the
    /// server's entry holds the other state, so a batch sent again toggles nothing.
    @Test func marksMadeHereReachTheServer() async throws {
        let sync = try await MinifluxSync()
        try await sync.engine.sync()
        let entries = sync.server.allEntries
        let read = try await [sync.articleID(entries[0].id), sync.articleID(entries[1].id), sync.articleID(entries[2].id)]
        try await sync.store.markRead(read)
        try await sync.store.setStarred(true, for: try await sync.articleID(entries[3].id))
        #expect(try await sync.store.serverRecord(MinifluxSync.serverName).pendingMarks == 4)

        let report = try await sync.engine.sync()
        #expect(report.marksSent == 4)
        #expect(try await sync.store.serverRecord(MinifluxSync.serverName).pendingMarks == 0)
        #expect(entries[0...2].allSatisfy { sync.server.entry($0.id)?.unread == false })
        #expect(sync.server.entry(entries[3].id)?.starred == true)
        #expect(sync.server.statusUpdatesMade.map(\.status) == ["read"] && sync.server.statusUpdatesMade.first?.ids == 3)
        #expect(sync.server.bookmarkToggles == [entries[3].id])
        #expect(try await sync.marks(entries[0].id)?.read == true)

        // The same star sent again (a batch cut after the toggle): the server already holds it.
        try await sync.client.send([MarkChange(article: RemoteArticleID(entries[3].id), field: .starred, value: true)])
        #expect(sync.server.bookmarkToggles == [entries[3].id])
        #expect(sync.server.entry(entries[3].id)?.starred == true)

        // Unread and unstarred again.
        try await sync.store.markRead([read[0]], read: false)
        try await sync.store.setStarred(false, for: try await sync.articleID(entries[3].id))
        try await sync.engine.sync()
        #expect(sync.server.entry(entries[0].id)?.unread == true)
        #expect(sync.server.entry(entries[3].id)?.starred == false)
        #expect(sync.server.statusUpdatesMade.last?.status == "unread")
    }

    /// Stars and reads made on the server (another device) come down with the next sync, and so
    /// does an old entry starred there that the cache never had.
    @Test func starsAndReadMarksFromTheServerComeDown() async throws {
        let sync = try await MinifluxSync()
        let entries = sync.server.allEntries
        sync.server.set(entries[10].id, unread: false)  // read before the first sync: never fetched
        try await sync.engine.sync()
        #expect(try await sync.marks(entries[10].id) == nil)

        sync.server.set(entries[0].id, starred: true)
        sync.server.set(entries[1].id, unread: false)
        sync.server.set(entries[10].id, starred: true)
        let report = try await sync.engine.sync()
        #expect(report.marksSent == 0)
        #expect(try await sync.marks(entries[0].id).map { !$0.read && $0.starred } == true)
        #expect(try await sync.marks(entries[1].id)?.read == true)
        #expect(try await sync.marks(entries[10].id).map { $0.read && $0.starred } == true, "the starred entry it lacked is fetched")
        #expect(sync.server.server.requests(path: "/v1/entries/\(entries[10].id)").isEmpty, "it came with the changed entries")
        #expect(try await sync.store.serverRecord(MinifluxSync.serverName).pendingMarks == 0, "not echoed back")

        sync.server.set(entries[0].id, starred: false)
        sync.server.set(entries[1].id, unread: true)
        try await sync.engine.sync()
        #expect(try await sync.marks(entries[0].id)?.starred == false)
        #expect(try await sync.marks(entries[1].id)?.read == false)
    }

    /// With the server out of reach the sync fails as "unreachable", the mark waits in the
    /// outbox and the cache is as it was; when it answers again the mark is delivered.
    @Test func theOutboxWaitsWhileTheServerIsDownAndIsDeliveredWhenItAnswers() async throws {
        let sync = try await MinifluxSync()
        try await sync.engine.sync()
        let entry = sync.server.allEntries[4].id
        try await sync.store.markRead([try await sync.articleID(entry)])
        let count = try await sync.store.count(.all)

        let closed = try RefusingPort()
        let down = SyncEngine(server: MinifluxSync.serverName, client: MinifluxSync.client(closed.baseURL), store: sync.store)
        let error = await #expect(throws: SyncError.self) { try await down.sync() }
        #expect(error?.isUnreachable == true, "\(String(describing: error))")
        #expect(error.map { $0.message.contains(MinifluxSync.serverName) && isOneSentence($0.message) } == true)
        let offline = try await sync.store.serverRecord(MinifluxSync.serverName)
        #expect(offline.offlineSince != nil && offline.pendingMarks == 1)
        #expect(try await sync.store.count(.all) == count)
        #expect(sync.server.entry(entry)?.unread == true)

        let report = try await sync.engine.sync()
        #expect(report.marksSent == 1)
        #expect(sync.server.entry(entry)?.unread == false)
        let online = try await sync.store.serverRecord(MinifluxSync.serverName)
        #expect(online.offlineSince == nil && online.pendingMarks == 0)
    }

    /// A first sync cut by a failing page keeps what it stored, leaves the cursor unset, and the
    /// next sync completes it without a duplicate.
    @Test func aCutSyncIsCompletedWithoutDuplicates() async throws {
        let sync = try await MinifluxSync(entriesPerFeed: 500)
        // The sixth page fails: it goes out once one of the first ones has come (and is stored).
        sync.server.failEntries(at: 6)
        await #expect(throws: SyncError.self) { try await sync.engine.sync() }
        let kept = try await sync.store.count(.all)
        #expect(kept >= 250 && kept < 1_500, "\(kept)")
        #expect(try await sync.store.serverRecord(MinifluxSync.serverName).cursor == nil)

        sync.server.failEntries(at: nil)
        let report = try await sync.engine.sync()
        #expect(report.newArticles == 1_500 - kept)
        #expect(try await sync.store.count(.all) == 1_500)
        #expect(try await sync.store.serverRecord(MinifluxSync.serverName).cursor == RemoteArticleID(1_500))
    }

    /// A refused token and a refused password are each one sentence naming the server, never the secret.
    @Test func aWrongTokenOrPasswordIsOneSentenceNamingTheServer() async throws {
        let sync = try await MinifluxSync()
        let token = MinifluxSync.client(sync.server.url, secret: "not-the-token")
        let refused = await thrownError { try await token.feeds() } as? SyncError
        #expect(refused == .wrongToken(server: MinifluxSync.serverName))
        let password = MinifluxSync.client(sync.server.url, user: LoopbackMiniflux.user, secret: "not-the-password")
        let wrong = await thrownError { try await password.feeds() } as? SyncError
        #expect(wrong == .wrongPassword(server: MinifluxSync.serverName))
        for message in [refused?.message ?? "", wrong?.message ?? ""] {
            #expect(message.contains(MinifluxSync.serverName) && isOneSentence(message), "\(message)")
            #expect(!message.contains("not-the"))
        }
        // The right password by HTTP Basic syncs as the token does.
        let basic = try await MinifluxSync(user: LoopbackMiniflux.user, secret: LoopbackMiniflux.password)
        #expect(try await basic.engine.sync().newArticles == 60)
        let sent = try #require(basic.server.server.requests(path: "/v1/feeds").first)
        #expect(sent.headers["authorization"]?.hasPrefix("Basic ") == true && sent.headers["x-auth-token"] == nil)
    }

    /// `r` asks the server to fetch the feed (`PUT /v1/feeds/{id}/refresh`), whose failure does
    /// not stop the sync; `--add` subscribes
    /// under the first category, and a feed already there is one sentence.
    @Test func refreshAndSubscribe() async throws {
        let sync = try await MinifluxSync()
        try await sync.engine.sync(refreshing: RemoteFeedID(2))
        #expect(sync.server.refreshes == [2])
        // A feed whose site is down: Miniflux answers 500, and the sync still goes on.
        sync.server.failRefresh(of: 3)
        sync.server.addEntries(feed: 3, count: 1)
        #expect(try await sync.engine.sync(refreshing: RemoteFeedID(3)).newArticles == 1)
        #expect(sync.server.refreshes == [2, 3])
        let id = try await sync.client.subscribe(to: try #require(URL(string: "https://example.com/new.xml")))
        #expect(id == RemoteFeedID(4))
        #expect(sync.server.feedList.last.map { $0.url == "https://example.com/new.xml" && $0.category == 1 } == true)
        let again = await thrownError { try await sync.client.subscribe(to: try #require(URL(string: "https://example.com/new.xml"))) } as? SyncError
        guard case .api(let name, let reason)? = again else {
            Issue.record("not an API error: \(String(describing: again))")
            return
        }
        #expect(name == MinifluxSync.serverName && reason.contains("This feed already exists"), "\(reason)")
        #expect(isOneSentence(again?.message ?? ""), "\(again?.message ?? "")")
    }

    /// A mark the server refuses (a 400 for that entry) stayed first in the outbox, and every
    /// later sync sent only it and fetched nothing, for ever (issue 50, point 6). Now the batch
    /// is sent again in halves, the refused mark is set aside with its sentence, the others and
    /// the sync go on; `--refused-marks retry` sends it again, `drop` forgets it.
    @Test func aRefusedMarkIsSetAsideAndTheSyncGoesOn() async throws {
        let sync = try await MinifluxSync()
        try await sync.engine.sync()
        let entries = sync.server.allEntries
        let refused = entries[1].id
        sync.server.refuseMarks(of: [refused])
        try await sync.store.markRead(try await [entries[0].id, refused, entries[2].id, entries[3].id].asyncMap { try await sync.articleID($0) })
        try await sync.store.setStarred(true, for: try await sync.articleID(refused))
        sync.server.addEntries(feed: 1, count: 2)

        let report = try await sync.engine.sync()
        #expect(report.marksSent == 3 && report.marksRefused == 2, "\(report)")
        #expect(report.newArticles == 2)
        #expect(report.refusal?.contains("HTTP 400") == true, "\(report.refusal ?? "")")
        #expect([entries[0].id, entries[2].id, entries[3].id].allSatisfy { sync.server.entry($0)?.unread == false })
        #expect(sync.server.entry(refused)?.unread == true)
        let aside = try await sync.store.refusedMarks()
        #expect(aside.map(\.mark.article) == [RemoteArticleID(refused), RemoteArticleID(refused)])
        #expect(aside.allSatisfy { $0.server == MinifluxSync.serverName && $0.title != nil && $0.reason.contains("invalid entry ID") })
        #expect(try await sync.store.serverRecord(MinifluxSync.serverName).pendingMarks == 0)
        // The mark stays as the person set it here; the next sync sends nothing for it.
        #expect(try await sync.marks(refused).map { $0.read && $0.starred } == true)
        let updates = sync.server.statusUpdatesMade.count
        #expect(try await sync.engine.sync().marksRefused == 0)
        #expect(sync.server.statusUpdatesMade.count == updates)

        // Retried once the server takes it; dropped, it is forgotten.
        sync.server.refuseMarks(of: [])
        #expect(try await sync.store.retryRefusedMarks() == 2)
        #expect(try await sync.engine.sync().marksSent == 2)
        #expect(sync.server.entry(refused).map { !$0.unread && $0.starred } == true)
        sync.server.refuseMarks(of: [entries[4].id])
        try await sync.store.markRead([try await sync.articleID(entries[4].id)])
        #expect(try await sync.engine.sendMarks().refused == 1)
        #expect(try await sync.store.dropRefusedMarks() == 1)
        #expect(try await sync.store.refusedMarks().isEmpty)
    }

    /// A server that refuses every mark costs a few requests, not one per mark: the batch is
    /// set aside whole once a few single marks were refused one after another.
    @Test func aServerRefusingEveryMarkIsAskedAFewTimes() async throws {
        let sync = try await MinifluxSync(entriesPerFeed: 100)
        try await sync.engine.sync()
        let ids = sync.server.allEntries.map(\.id)
        sync.server.refuseMarks(of: Set(ids))
        try await sync.store.markRead(try await ids.asyncMap { try await sync.articleID($0) })
        let before = sync.server.server.requests(path: "/v1/entries").count
        let sent = try await sync.engine.sendMarks()
        #expect(sent.refused == 300 && sent.sent == 0)
        let asked = sync.server.server.requests(path: "/v1/entries").count - before
        #expect(asked < 40, "\(asked) requests")
    }

    /// A refresh Miniflux refuses with a 400 does not stop the sync (issue 50, point 7).
    @Test func aRefreshRefusedWithA400DoesNotStopTheSync() async throws {
        let sync = try await MinifluxSync()
        try await sync.engine.sync()
        sync.server.failRefresh(of: 1, status: 400)
        sync.server.addEntries(feed: 1, count: 1)
        #expect(try await sync.engine.sync(refreshing: RemoteFeedID(1)).newArticles == 1)
    }

    /// Ids are positive whole numbers, as numbers or strings; a removed entry is skipped.
    @Test func idsAndRemovedEntries() async throws {
        #expect(MinifluxClient.id(.number(888)) == 888)
        #expect(MinifluxClient.id(.string("888")) == 888)
        for bad: JSONValue in [.number(0), .number(-3), .number(1.5), .string("12a"), .string(""), .null, .bool(true)] {
            #expect(MinifluxClient.id(bad) == nil, "\(bad)")
        }
        #expect(MinifluxClient.root(try #require(URL(string: "https://rss.example.com/miniflux/v1/?x=1"))) == "https://rss.example.com/miniflux")

        let sync = try await MinifluxSync()
        try await sync.engine.sync()
        let added = sync.server.addEntries(feed: 1, count: 2)
        sync.server.set(added[0], removed: true)
        let report = try await sync.engine.sync()
        #expect(report.newArticles == 1)
        #expect(try await sync.marks(added[0]) == nil)
        #expect(try await sync.marks(added[1]) != nil)
    }

    /// A server that answers every page with the same full page and an endless `total`, and one
    /// whose answer passes the cap, each end the sync with one sentence, having asked little.
    @Test func hostileAnswersAreCapped() async throws {
        let entry = #"{"id":1,"feed_id":1,"status":"unread","title":"Same","url":"http://127.0.0.1/1","content":"<p>x</p>","starred":false}"#
        let page = #"{"total":1000000000000,"entries":["# + Array(repeating: entry, count: 250).joined(separator: ",") + "]}"
        let same = try LoopbackServer()
        same.route("/v1/feeds", .json(#"[{"id":1,"title":"One","feed_url":"http://127.0.0.1/1.xml","category":{"id":1,"title":"All"}}]"#))
        same.route("/v1/entries", .json(page))
        let folder = try TemporaryFolder("miniflux-hostile")
        let store = try await ArticleStore.open(at: folder.file("cache.db"))
        let engine = SyncEngine(server: MinifluxSync.serverName, client: MinifluxSync.client(same.url("/")), store: store)
        let endless = await thrownError { try await engine.sync() } as? SyncError
        #expect(endless == .endless(server: MinifluxSync.serverName, reason: .repeatedPage), "\(String(describing: endless))")
        #expect(same.requests(path: "/v1/entries").count <= 2 * MinifluxClient.concurrentRequests)
        #expect(isOneSentence(endless?.message ?? ""))

        let huge = try LoopbackServer()
        huge.route("/v1/feeds", .json("[]"))
        huge.route(
            "/v1/entries",
            .bytes(
                ScriptedResponse.generatedBytes(prefix: Data(#"{"total":5,"entries":[""#.utf8), count: MinifluxClient.maxEntryPage + 1),
                contentType: "application/json"))
        let large = SyncEngine(server: MinifluxSync.serverName, client: MinifluxSync.client(huge.url("/")), store: store)
        let capped = await thrownError { try await large.sync() } as? SyncError
        guard case .invalidResponse(let name, let reason)? = capped else {
            Issue.record("not an invalid answer: \(String(describing: capped))")
            return
        }
        #expect(name == MinifluxSync.serverName && reason.contains("larger than"), "\(reason)")
        #expect(huge.requests(path: "/v1/entries").count < 40)
    }
}

extension Date {
    /// The date without its fraction of a second.
    fileprivate var roundedDownToSeconds: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
