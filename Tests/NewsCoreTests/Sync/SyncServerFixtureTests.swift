import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// The feed servers the sync tests use are real and ready: each started once by
/// `SyncServerFixture`, subscribed to the loopback feeds and fetched, and reached through the
/// project's own transport (a POST of each API's login, as the clients send it).
@Suite(
    "Sync servers for the tests",
    .enabled(if: SyncServerAvailability.tinyTinyRSS && SyncServerAvailability.fever, Comment(rawValue: SyncServerAvailability.howToFix)))
struct SyncServerFixtureTests {
    let http = HTTPClient(timeout: 10, deadline: 30)

    /// POSTs `body` to `url` and parses the JSON answer.
    private func post(_ url: URL, _ body: String, contentType: String) async throws -> (status: Int, json: JSONValue) {
        var request = HTTPRequest(url: url)
        request.httpMethod = "POST"
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.body = Data(body.utf8)
        let (head, data) = try await http.fetch(request, limit: 8 * 1024 * 1024)
        return (head.status, try JSONParser.parse(data))
    }

    private func ttrss(_ server: TinyTinyRSSServer, _ body: String) async throws -> JSONValue {
        let (status, json) = try await post(server.apiURL, body, contentType: "application/json")
        #expect(status == 200)
        return json
    }

    /// Tiny Tiny RSS: its user logs in, a wrong password does not, and every test feed is there
    /// with its items (one feed's 60 is below the API's page of 200).
    @Test func tinyTinyRSSLogsInAndHasTheFeeds() async throws {
        let server = try await SyncServerFixture.shared.tinyTinyRSSServer()
        let refused = try await ttrss(server, #"{"op":"login","user":"\#(server.user)","password":"not-the-password"}"#)
        #expect(refused["status"]?.int == 1)
        #expect(refused["content"]?["error"]?.string == "LOGIN_ERROR")

        let login = try await ttrss(server, #"{"op":"login","user":"\#(server.user)","password":"\#(server.password)"}"#)
        #expect(login["status"]?.int == 0)
        let session = try #require(login["content"]?["session_id"]?.string)
        #expect(login["content"]?["api_level"]?.int ?? 0 >= 15)

        let feeds = try await ttrss(server, #"{"op":"getFeeds","cat_id":-3,"sid":"\#(session)"}"#)
        let list = try #require(feeds["content"]?.array)
        #expect(Set(list.compactMap { $0["feed_url"]?.string }) == Set(server.feeds.urls.map(\.absoluteString)))
        let first = try #require(list.first { $0["feed_url"]?.string == server.feeds.urls[0].absoluteString })
        let feedID = try #require(first["id"]?.int)
        let headlines = try await ttrss(
            server, #"{"op":"getHeadlines","feed_id":\#(feedID),"view_mode":"all_articles","limit":200,"sid":"\#(session)"}"#)
        #expect(headlines["content"]?.array?.count == SyncTestFeeds.itemsPerFeed)
        let categories = try await ttrss(server, #"{"op":"getCategories","sid":"\#(session)"}"#)
        #expect(categories["content"]?.array?.contains { $0["title"]?.string == SyncTestFeeds.group } == true)
    }

    /// Fever (Coldsweat): the key md5("email:password") is accepted, another is not, and every
    /// test item is there.
    @Test func feverAcceptsTheKeyAndHasTheItems() async throws {
        let server = try await SyncServerFixture.shared.feverServer()
        #expect(server.apiKey == MD5.hex("\(server.email):\(server.password)"))
        let form = "application/x-www-form-urlencoded"
        let api = try #require(URL(string: server.url.absoluteString + "?api"))
        let refused = try await post(api, "api_key=" + MD5.hex("\(server.email):wrong"), contentType: form)
        #expect(refused.status == 200 && refused.json["auth"]?.int == 0)

        let accepted = try await post(api, "api_key=" + server.apiKey, contentType: form)
        #expect(accepted.json["auth"]?.int == 1)
        let feeds = try await post(try #require(URL(string: server.url.absoluteString + "?api&feeds")), "api_key=" + server.apiKey, contentType: form)
        #expect(Set(feeds.json["feeds"]?.array?.compactMap { $0["url"]?.string } ?? []) == Set(server.feeds.urls.map(\.absoluteString)))
        let items = try await post(try #require(URL(string: server.url.absoluteString + "?api&items")), "api_key=" + server.apiKey, contentType: form)
        #expect(items.json["total_items"]?.int == SyncTestFeeds.itemCount)
    }

    /// Both servers share the one set of feeds, and two asks at once get the same server (one start per run).
    @Test func eachServerStartsOnce() async throws {
        let fixture = SyncServerFixture.shared
        async let asked = fixture.feverServer()
        async let askedAgain = fixture.feverServer()
        let (first, second) = try await (asked, askedAgain)
        #expect(first.url == second.url)
        let ttrss = try await fixture.tinyTinyRSSServer()
        #expect(ttrss.feeds.urls == first.feeds.urls)
    }

    /// An account is a test's own: its marks are not another's, and a new account leaves the
    /// earlier ones their feeds (Coldsweat's `setup` once dropped every ungrouped subscription).
    @Test func eachAccountHasItsOwnMarksAndEveryFeed() async throws {
        let fixture = SyncServerFixture.shared
        let ttrss = (try await fixture.tinyTinyRSSAccount(), try await fixture.tinyTinyRSSAccount())
        let clients = [ttrss.0, ttrss.1].map {
            TinyTinyRSSClient(name: "Home", url: $0.url, user: $0.user, password: $0.password, http: http)
        }
        #expect(ttrss.0.user != ttrss.1.user)
        let unread = try await clients[0].marks(comparedWith: LocalMarks(counts: [:])).unread
        #expect(unread.count == SyncTestFeeds.itemCount)
        let read = try #require(unread.first)
        try await clients[0].send([MarkChange(article: read, field: .read, value: true)])
        #expect(!(try await clients[0].marks(comparedWith: LocalMarks(counts: [:])).unread.contains(read)))
        #expect(try await clients[1].marks(comparedWith: LocalMarks(counts: [:])).unread.count == SyncTestFeeds.itemCount)

        let first = try await fixture.feverServer()
        let fever = (try await fixture.feverAccount(), try await fixture.feverAccount())
        let feverClients = [first, fever.0, fever.1].map {
            FeverClient(name: "Home", url: $0.url, user: $0.email, password: $0.password, http: http)
        }
        for client in feverClients { #expect(try await client.feeds().count == SyncTestFeeds.feedCount) }
        let feverUnread = try await feverClients[1].marks(comparedWith: LocalMarks(counts: [:])).unread
        let feverRead = try #require(feverUnread.first)
        try await feverClients[1].send([MarkChange(article: feverRead, field: .read, value: true)])
        #expect(!(try await feverClients[1].marks(comparedWith: LocalMarks(counts: [:])).unread.contains(feverRead)))
        #expect(try await feverClients[2].marks(comparedWith: LocalMarks(counts: [:])).unread.contains(feverRead))
    }

    /// The servers' data are not under the checkout, whose parents may be closed to the users
    /// PostgreSQL and PHP run as (a 0700 home): they are in a fresh folder under /tmp.
    @Test func theServersDataLiveOutsideTheCheckout() async throws {
        let server = try await SyncServerFixture.shared.tinyTinyRSSServer()
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        #expect(server.dataFolder.path.hasPrefix("/tmp/headlines-sync-"), "\(server.dataFolder.path)")
        #expect(!server.dataFolder.path.hasPrefix(checkout + "/"))
        let parent = try FileManager.default.attributesOfItem(atPath: server.dataFolder.deletingLastPathComponent().path)
        #expect((parent[.posixPermissions] as? Int).map { $0 & 0o005 == 0o005 } == true, "others may enter the run folder")
    }
}
