import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// The Fever client against a real Fever server (Coldsweat, started once per run by
/// `SyncServerFixture`): feeds and groups, a first sync by id lists, later syncs by `since_id`
/// despite Coldsweat's unordered pages, marks both ways, and faults as one sentence naming the
/// server. The server is shared; a test that reads counts or marks has an account of its own
/// (`feverAccount()`), so no test sees another's marks.
@Suite(.serialized, .enabled(if: SyncServerAvailability.fever, Comment(rawValue: SyncServerAvailability.howToFix)))
struct FeverClientTests {
    let http = HTTPClient(timeout: 10, deadline: 30)

    private func client(_ server: FeverServer, password: String? = nil) -> FeverClient {
        FeverClient(name: "Home", url: server.url, user: server.email, password: password ?? server.password, http: http)
    }

    /// Every article of the account, through the first-sync path (all are unread at the start).
    private func allArticles(_ client: FeverClient) async throws -> [RemoteArticle] {
        let collected = Collected()
        try await client.articles(after: RemoteArticleID(0)) { await collected.add($0) }
        return await collected.articles
    }

    @Test func aWrongPasswordIsOneSentenceNamingTheServer() async throws {
        let server = try await SyncServerFixture.shared.feverServer()
        let error = await thrownError { try await client(server, password: "not-the-password").feeds() }
        #expect(error as? SyncError == .wrongPassword(server: "Home"))
        let message = (error as? SyncError)?.message ?? ""
        #expect(message.contains("Home") && isOneSentence(message), "\(message)")
        #expect(!message.contains("not-the-password") && !message.contains(server.apiKey))
    }

    /// Feeds with their titles and addresses, filed under their groups (feeds_groups).
    @Test func feedsComeWithTheirGroups() async throws {
        let server = try await SyncServerFixture.shared.feverServer()
        let feeds = try await client(server).feeds()
        #expect(feeds.count == SyncTestFeeds.feedCount)
        for (index, url) in server.feeds.urls.enumerated() {
            let feed = try #require(feeds.first { $0.url == url }, "\(url)")
            #expect(feed.title.contains("(feed 0\(index + 1))"), "\(feed.title)")
            if let group = SyncTestFeeds.group(ofFeedAt: index) { #expect(feed.category == group) }
        }
    }

    /// The first sync fetches every unread and saved item by id, 50 a request, each once, with
    /// its full text, date and source.
    @Test func theFirstSyncFetchesEveryUnreadAndSavedItem() async throws {
        let server = try await SyncServerFixture.shared.feverAccount()
        let client = client(server)
        let feeds = try await client.feeds()
        let marks = try await client.marks(comparedWith: LocalMarks(counts: [:]))
        let collected = Collected()
        try await client.articles(after: nil) { await collected.add($0) }
        let articles = await collected.articles
        let pages = await collected.pageSizes
        #expect(Set(articles.map(\.id)) == marks.unread.union(marks.starred))
        #expect(articles.count == Set(articles.map(\.id)).count, "an item came twice")
        #expect(pages.allSatisfy { $0 <= 50 } && pages.count >= SyncTestFeeds.itemCount / 50, "\(pages)")
        let article = try #require(articles.first)
        #expect(article.article.publishedAt != nil && article.article.url != nil)
        #expect(article.article.sourceName == feeds.first { $0.id == article.feed }?.title)
        guard case .html(let html)? = article.article.body else {
            Issue.record("no full text: \(String(describing: article.article.body))")
            return
        }
        #expect(html.contains("Second paragraph"))
    }

    /// Coldsweat's `since_id` pages come in no order, so paging by the highest id seen skips
    /// items; the client fills the gaps from the unread and saved lists: every item above the
    /// cursor arrives, once.
    @Test func laterSyncsMissNoItemDespiteUnorderedPages() async throws {
        let server = try await SyncServerFixture.shared.feverAccount()
        let articles = try await allArticles(client(server))
        #expect(articles.count == SyncTestFeeds.itemCount)
        #expect(Set(articles.map(\.id)).count == SyncTestFeeds.itemCount)

        let ids = articles.map(\.id).sorted()
        let cursor = ids[ids.count - 30]
        let collected = Collected()
        try await client(server).articles(after: cursor) { await collected.add($0) }
        #expect(await collected.articles.map(\.id).sorted() == Array(ids.suffix(29)))
    }

    @Test func articlesByIDComeInBatches() async throws {
        let server = try await SyncServerFixture.shared.feverAccount()
        let client = client(server)
        let marks = try await client.marks(comparedWith: LocalMarks(counts: [:]))
        let wanted = Array(marks.unread.sorted().prefix(120)) + [RemoteArticleID(999_999)]
        let found = try await client.articles(withIDs: wanted)
        #expect(Set(found.map(\.id)) == Set(wanted.dropLast()))
    }

    /// Read, unread, saved, unsaved reach the server; sending the same batch again changes
    /// nothing (saved/unsaved toggle on Miniflux, so only differing marks are sent).
    @Test func marksReachTheServerAndResendingChangesNothing() async throws {
        let server = try await SyncServerFixture.shared.feverAccount()
        let client = client(server)
        let feed4 = try await feedItems(client, server, feedIndex: 3)
        let (first, second) = (feed4[0].id, feed4[1].id)
        let batch = [
            MarkChange(article: first, field: .read, value: true), MarkChange(article: second, field: .starred, value: true),
        ]
        try await client.send(batch)
        var marks = try await client.marks(comparedWith: LocalMarks(counts: [:]))
        #expect(!marks.unread.contains(first) && marks.starred.contains(second))
        try await client.send(batch)
        marks = try await client.marks(comparedWith: LocalMarks(counts: [:]))
        #expect(!marks.unread.contains(first) && marks.starred.contains(second), "resending the batch undid it")

        let undo = [MarkChange(article: first, field: .read, value: false), MarkChange(article: second, field: .starred, value: false)]
        try await client.send(undo)
        try await client.send(undo)
        marks = try await client.marks(comparedWith: LocalMarks(counts: [:]))
        #expect(marks.unread.contains(first) && !marks.starred.contains(second))
    }

    /// The last of several marks for one article counts; a mark for an item the server does not
    /// have (Coldsweat answers 404) is done with, not an error.
    @Test func theLastMarkWinsAndAMissingItemIsSkipped() async throws {
        let server = try await SyncServerFixture.shared.feverAccount()
        let client = client(server)
        let item = try await feedItems(client, server, feedIndex: 3)[2].id
        try await client.send([
            MarkChange(article: item, field: .read, value: true), MarkChange(article: item, field: .read, value: false),
            MarkChange(article: RemoteArticleID(999_999), field: .read, value: false),
        ])
        #expect(try await client.marks(comparedWith: LocalMarks(counts: [:])).unread.contains(item))
    }

    /// `mark=feed … before`: Coldsweat compares `before` with the published date, so with
    /// `before` five hours before the newest item, all but that feed's six newest are read.
    @Test func aFeedIsMarkedReadBeforeADate() async throws {
        let server = try await SyncServerFixture.shared.feverAccount()
        let client = client(server)
        let items = try await feedItems(client, server, feedIndex: 3)
        let newest = try #require(items.compactMap(\.article.publishedAt).max())
        try await client.markFeedRead(items[0].feed, before: newest.addingTimeInterval(-5 * 3600))
        let unread = try await client.marks(comparedWith: LocalMarks(counts: [:])).unread
        let stillUnread = items.filter { unread.contains($0.id) }
        #expect(stillUnread.count == 6, "\(stillUnread.count) unread")

        try await client.send(items.map { MarkChange(article: $0.id, field: .read, value: false) })
        #expect(try await client.marks(comparedWith: LocalMarks(counts: [:])).unread.isSuperset(of: items.map(\.id)))
    }

    @Test func subscribingIsRefusedInOneSentence() async throws {
        let server = try await SyncServerFixture.shared.feverServer()
        let error = await thrownError { try await client(server).subscribe(to: URL(string: "https://example.com/feed.xml")!) }
        guard case .unsupported(let name, _)? = error as? SyncError else {
            Issue.record("not refused as unsupported: \(String(describing: error))")
            return
        }
        #expect(name == "Home")
        #expect(isOneSentence((error as? SyncError)?.message ?? ""))
    }

    /// A server that is down, and an address that is not a Fever API (an HTML page), are each one
    /// sentence naming the server.
    @Test func faultsAreOneSentenceNamingTheServer() async throws {
        let closed = try RefusingPort()
        let down = FeverClient(name: "Home", url: closed.baseURL.appendingPathComponent("fever/"), user: "u", password: "p", http: http)
        let downError = await thrownError { try await down.feeds() } as? SyncError
        #expect(downError?.isUnreachable == true, "\(String(describing: downError))")
        #expect(downError.map { $0.message.contains("Home") && isOneSentence($0.message) } == true, "\(String(describing: downError))")

        let page = try LoopbackServer()
        page.route("/", .text("<!doctype html><title>Welcome</title>", contentType: "text/html"))
        let notFever = FeverClient(name: "Home", url: page.url("/"), user: "u", password: "p", http: http)
        let pageError = await thrownError { try await notFever.feeds() } as? SyncError
        guard case .invalidResponse(let name, _)? = pageError else {
            Issue.record("not an invalid answer: \(String(describing: pageError))")
            return
        }
        #expect(name == "Home" && isOneSentence(pageError?.message ?? ""), "\(pageError?.message ?? "")")
    }

    /// Every request is bounded by the transport's deadline: a server that never answers ends
    /// the call within it.
    @Test func aServerThatNeverAnswersIsBoundedByTheDeadline() async throws {
        let silent = try LoopbackServer()
        silent.route("/fever/", ScriptedResponse(delayBeforeHeaders: .seconds(30)))
        let client = FeverClient(
            name: "Home", url: silent.url("/fever/"), user: "u", password: "p", http: HTTPClient(timeout: 1, deadline: 2))
        let started = ContinuousClock.now
        let error = await thrownError { try await client.feeds() } as? SyncError
        #expect(ContinuousClock.now - started < .seconds(10))
        guard case .network(let name, _)? = error else {
            Issue.record("not a network failure: \(String(describing: error))")
            return
        }
        #expect(name == "Home")
    }

    /// The items of the test feed at `feedIndex` (0-based), as the server has them.
    private func feedItems(_ client: FeverClient, _ server: FeverServer, feedIndex: Int) async throws -> [RemoteArticle] {
        let feeds = try await client.feeds()
        let feed = try #require(feeds.first { $0.url == server.feeds.urls[feedIndex] })
        // Coldsweat numbers a fresh database's items from 1: ask for all of them by id.
        let everyID = (1...Int64(SyncTestFeeds.itemCount)).map(RemoteArticleID.init)
        let items = try await client.articles(withIDs: everyID).filter { $0.feed == feed.id }.sorted { $0.id < $1.id }
        try #require(items.count == SyncTestFeeds.itemsPerFeed)
        return items
    }
}

/// Pages handed to a `receive` closure, kept in order.
private actor Collected {
    private(set) var articles: [RemoteArticle] = []
    private(set) var pageSizes: [Int] = []

    func add(_ page: [RemoteArticle]) {
        articles += page
        pageSizes.append(page.count)
    }
}
