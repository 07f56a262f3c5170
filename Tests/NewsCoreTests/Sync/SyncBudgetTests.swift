import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// A sync cannot run for ever: against loopback servers that never stop sending (real HTTP on
/// 127.0.0.1), each sync ends within a deadline, keeps what it stored, and says why in one
/// sentence naming the server; empty pages end a feed whatever its count claimed.
@Suite("Sync budget", .serialized)
struct SyncBudgetTests {
    static let name = "Home"
    let http = HTTPClient(timeout: 10, deadline: 30)

    private func sync(_ client: any SyncClient, in folder: TemporaryFolder, cursor: RemoteArticleID? = nil) async throws -> (
        ArticleStore, (any Error)?
    ) {
        let store = try await ArticleStore.open(at: folder.file("cache.db"))
        if let cursor { try await store.recordSyncSuccess(Self.name, cursor: cursor) }
        let engine = SyncEngine(server: Self.name, client: client, store: store)
        let outcome = try await withDeadline(.seconds(60)) {
            do {
                _ = try await engine.sync()
                return nil as SendableError?
            } catch {
                return SendableError(error)
            }
        }
        return (store, outcome?.error)
    }

    private func ttrss(_ server: HostileTinyTinyRSS, budget: SyncBudget = .standard) -> TinyTinyRSSClient {
        TinyTinyRSSClient(name: Self.name, url: server.url, user: "u", password: "p", http: http, budget: budget)
    }

    /// A server that ignores `skip` sends its first page again: the sync stops at the repeat,
    /// keeps the 200 articles, and says so.
    @Test func aServerRepeatingAPageEndsTheSyncWithASentence() async throws {
        let server = try HostileTinyTinyRSS(.ignoresSkip, unreadPerFeed: 5_000)
        let folder = try TemporaryFolder("budget")
        let (store, error) = try await sync(ttrss(server), in: folder)
        let failure = try #require(error as? SyncError)
        #expect(failure == .endless(server: Self.name, reason: .repeatedPage))
        #expect(isOneSentence(failure.message) && failure.message.contains(Self.name), "\(failure.message)")
        #expect(try await store.count(.all) == 200)
        #expect(try await store.serverRecord(Self.name).error == failure.message)
        #expect(server.count("getHeadlines") < 30, "\(server.count("getHeadlines")) pages")
    }

    /// Pages that are always full of new articles: a feed is read only as far as its count, and
    /// the views without a count (starred) stop at the budget's cap, with a sentence.
    @Test func aServerThatNeverSendsAShortPageStopsAtTheCap() async throws {
        let server = try HostileTinyTinyRSS(.neverShort, unreadPerFeed: 400)
        let folder = try TemporaryFolder("budget")
        let (store, error) = try await sync(ttrss(server, budget: SyncBudget(maxPages: 12, maxIDs: 1_000)), in: folder)
        let failure = try #require(error as? SyncError)
        #expect(failure == .endless(server: Self.name, reason: .tooManyPages(12)))
        #expect(isOneSentence(failure.message), "\(failure.message)")
        #expect(server.count("getHeadlines") <= 12)
        #expect(try await store.count(.all) <= 12 * 200)
    }

    /// Pages of new articles without end, within every count the server gave: the sync stops once
    /// it brought more than a person's account holds (here a limit of 1,000; 100,000 or four times
    /// what the cache held in use), keeps what it stored, and says so in one sentence naming the
    /// setting that raises it (issue 50, point 4: 2.5 million entries before the page cap).
    @Test func aServerSendingWithoutEndStopsAtTheArticleLimit() async throws {
        let server = try HostileTinyTinyRSS(.neverShort, unreadPerFeed: 1_000_000)
        let folder = try TemporaryFolder("budget")
        let store = try await ArticleStore.open(at: folder.file("cache.db"))
        let engine = SyncEngine(server: Self.name, client: ttrss(server), store: store, articleLimit: SyncArticleLimit(floor: 1_000))
        let error = await thrownError { try await engine.sync() }
        let failure = try #require(error as? SyncError)
        #expect(failure == .endless(server: Self.name, reason: .tooManyArticles(limit: 1_000, held: 0)))
        #expect(isOneSentence(failure.message) && failure.message.contains("sync-limit"), "\(failure.message)")
        #expect(try await store.count(.all) <= 1_000)
        #expect(server.count("getHeadlines") < 20, "\(server.count("getHeadlines")) pages")
        // What the cache holds raises it (four times), and so does sync-limit.
        #expect(SyncArticleLimit(floor: 1_000).limit(held: 800) == 3_200)
        #expect(SyncArticleLimit(floor: 1_000, configured: 5_000).limit(held: 800) == 5_000)
        #expect(SyncArticleLimit().limit(held: 0) == 100_000)
    }

    /// 3,000 feeds each claiming 20,000 unread, every page empty: one request a feed, not 300,000.
    @Test func emptyPagesEndEachFeedWhateverItsCountClaims() async throws {
        let server = try HostileTinyTinyRSS(.emptyPages, feeds: 3_000, unreadPerFeed: 20_000)
        let folder = try TemporaryFolder("budget")
        let (store, error) = try await sync(ttrss(server), in: folder)
        #expect(error == nil, "\(String(describing: error))")
        // A page per feed, the starred view, and at most the requests in flight when each ended.
        #expect(server.count("getHeadlines") <= 3_000 + 1 + 4 * 3, "\(server.count("getHeadlines")) pages")
        #expect(try await store.count(.all) == 0)
    }

    /// An article unread and starred comes in the starred view and its feed's: it is handed over once.
    @Test func anArticleInTwoViewsIsHandedOverOnce() async throws {
        let server = try HostileTinyTinyRSS(.starredAndUnread, unreadPerFeed: 200)
        let pages = PageLog()
        try await ttrss(server).articles(after: nil) { await pages.add($0) }
        let ids = await pages.ids
        #expect(ids.count == 200 && Set(ids).count == 200, "\(ids.count) articles, \(Set(ids).count) distinct")
    }

    /// A page answer past the page cap (200 articles of 30 KB: 6 MB) is asked for again in
    /// halves, the rest of the feed read at that size: every article arrives, once.
    @Test func aPageTooLargeIsAskedForInHalves() async throws {
        let server = try HostileTinyTinyRSS(.heavy, feeds: 2, unreadPerFeed: 300, bodyBytes: 30_000)
        let pages = PageLog()
        let client = ttrss(server)
        _ = try await client.feeds()
        try await client.articles(after: nil) { await pages.add($0) }
        let ids = await pages.ids
        #expect(ids.count == 600 && Set(ids).count == 600, "\(ids.count) articles, \(Set(ids).count) distinct")
    }

    /// Fever `since_id` pages that never end (every page 50 items above the last) stop at the cap.
    @Test func feverPagesThatNeverEndStopAtTheCap() async throws {
        let server = try HostileFever(.endlessSinceID)
        let folder = try TemporaryFolder("budget")
        let client = FeverClient(
            name: Self.name, url: server.url, user: "u", password: "p", http: http, budget: SyncBudget(maxPages: 20, maxIDs: 1_000))
        let (store, error) = try await sync(client, in: folder, cursor: RemoteArticleID(1))
        let failure = try #require(error as? SyncError)
        #expect(failure == .endless(server: Self.name, reason: .tooManyPages(20)))
        #expect(server.count("items") <= 20)
        #expect(try await store.count(.all) == 20 * 50)
    }

    /// A Fever id list of one id repeated (`1,1,1,…`, 4 MB here; 30 MB in the `limits`
    /// benchmark) is one id; a list of more distinct ids than the budget is refused with a sentence.
    @Test func feverIDListsAreReadIntoABoundedSet() throws {
        let ones = String(repeating: "1,", count: 2_000_000) + "1"
        #expect(try FeverIDs.set(.string(ones), limit: 10) == [1])
        #expect(try FeverIDs.set(.string(" 3, 2 ,x,4 4,-5,,7"), limit: 10) == [3, 2, 7])
        #expect(throws: FeverIDs.TooMany.self) { try FeverIDs.set(.string((1...11).map(String.init).joined(separator: ",")), limit: 10) }
        #expect(try FeverIDs.set(.array([.number(4), .string("5"), .number(4)]), limit: 10) == [4, 5])
    }
}

private actor PageLog {
    var ids: [RemoteArticleID] = []
    func add(_ page: [RemoteArticle]) { ids += page.map(\.id) }
}

/// An error carried out of a deadline's task.
private struct SendableError: @unchecked Sendable {
    let error: any Error
    init(_ error: any Error) { self.error = error }
}

/// Runs `body`, failing the test if it has not ended within `limit` (the sync that would not end).
private func withDeadline<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask { try await nothing(after: limit) }
        guard let first = try await group.next(), let value = first else {
            group.cancelAll()
            throw TestFailure("the sync had not ended after \(limit)")
        }
        group.cancelAll()
        return value
    }
}

private func nothing<T>(after limit: Duration) async throws -> T? {
    try await Task.sleep(for: limit)
    return nil
}
