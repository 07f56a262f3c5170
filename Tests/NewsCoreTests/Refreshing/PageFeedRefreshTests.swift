import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// A source whose URL is a web page: the feed the page names is remembered in the cache and
/// asked for directly, with the feed's own validators; the page is read again only when the
/// feed is gone or the week is up. Against the real loopback server and a real cache file.
@Suite("Feeds found through a page")
struct PageFeedRefreshTests {
    let sandbox: StoreSandbox
    let t0 = StoreFixtures.epoch

    init() throws { sandbox = try StoreSandbox() }

    static func rss(_ titles: [String]) -> String {
        let items = titles.map { "<item><title>\($0)</title><link>https://example.com/\($0.lowercased())</link><guid>\($0)</guid></item>" }
        return #"<?xml version="1.0"?><rss version="2.0"><channel><title>Site feed</title><link>https://example.com/</link>"#
            + items.joined() + "</channel></rss>"
    }

    static func page(linkingTo feed: String) -> String {
        #"<!DOCTYPE html><html><head><link rel="alternate" type="application/rss+xml" href="\#(feed)"></head><body>Hi</body></html>"#
    }

    static func page(_ feed: String, etag: String) -> ScriptedResponse {
        ScriptedResponse(headers: [("Content-Type", "text/html"), ("ETag", etag)], body: .data(Data(page(linkingTo: feed).utf8)))
    }

    static func feed(_ titles: [String], etag: String) -> ScriptedResponse {
        ScriptedResponse(headers: [("Content-Type", "application/rss+xml"), ("ETag", etag)], body: .data(Data(rss(titles).utf8)))
    }

    /// A loader whose clock the test sets.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var time: Date
        init(_ time: Date) { self.time = time }
        var now: Date {
            get { lock.withLock { time } }
            set { lock.withLock { time = newValue } }
        }
    }

    private func loader(_ store: ArticleStore, clock: Clock) -> SourceLoader {
        SourceLoader(store: store, now: { clock.now })
    }

    private func source(_ server: LoopbackServer) -> DocumentSource {
        DocumentSource(service: NewsService(http: HTTPClient(timeout: 5)), location: server.url("/site"))
    }

    /// The page answered 304 (with its own validators) and its feed was never asked again.
    @Test func theSecondRefreshAsksTheFeedDirectlyWithTheFeedsValidators() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/site", Self.page("/feed.xml", etag: "\"page-1\""), ScriptedResponse(status: 304, headers: [("ETag", "\"page-1\"")]))
        server.route(
            "/feed.xml",
            Self.feed(["One"], etag: "\"feed-1\""),
            ScriptedResponse(status: 304, headers: [("ETag", "\"feed-1\"")]),
            Self.feed(["One", "Two"], etag: "\"feed-2\""))
        let store = try await sandbox.open()
        let clock = Clock(t0)
        let loader = loader(store, clock: clock)
        let source = source(server)

        let first = try await loader.refresh(source)
        #expect(first.added.count == 1)
        #expect(first.notes.first == FeedNotes.usingFeed(server.url("/feed.xml")))
        let state = try #require(try await store.refreshState(of: source.key))
        #expect(state.feed == DiscoveredFeed(url: server.url("/feed.xml"), foundAt: t0))
        #expect(state.validators.etag == "\"feed-1\"", "the validators kept are the feed's")

        clock.now = t0 + 3_600
        let second = try await loader.refresh(source)
        #expect(second.notModified)
        #expect(second.notes.isEmpty, "no note on every refresh")
        #expect(server.requests(path: "/site").count == 1, "the page is not read again")
        let asked = try #require(server.requests(path: "/feed.xml").last)
        #expect(asked.headers["if-none-match"] == "\"feed-1\"")

        clock.now = t0 + 7_200
        let third = try await loader.refresh(source)
        #expect(third.added.count == 1, "the source keeps updating")
        #expect(try await store.titles(.source(source.key)).sorted() == ["One", "Two"])
        #expect(server.requests(path: "/site").count == 1)
        #expect(try await store.refreshState(of: source.key)?.validators.etag == "\"feed-2\"")
    }

    @Test(arguments: [404, 410])
    func aFeedThatIsGoneLeadsBackToThePage(_ status: Int) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/site", Self.page("/old.xml", etag: "\"page-1\""), Self.page("/new.xml", etag: "\"page-2\""))
        server.route("/old.xml", Self.feed(["Old"], etag: "\"old\""), .text("gone", status: status))
        server.route("/new.xml", Self.feed(["New"], etag: "\"new\""))
        let store = try await sandbox.open()
        let clock = Clock(t0)
        let loader = loader(store, clock: clock)
        let source = source(server)

        _ = try await loader.refresh(source)
        clock.now = t0 + 3_600
        let second = try await loader.refresh(source)

        #expect(second.added.count == 1)
        #expect(second.notes.first == FeedNotes.usingFeed(server.url("/new.xml")))
        let pages = server.requests(path: "/site")
        #expect(pages.count == 2)
        #expect(pages.last?.headers["if-none-match"] == nil, "the page is read whole: its validators were never kept")
        #expect(server.requests(path: "/new.xml").first?.headers["if-none-match"] == nil, "a new feed is fetched whole")
        let state = try #require(try await store.refreshState(of: source.key))
        #expect(state.feed == DiscoveredFeed(url: server.url("/new.xml"), foundAt: t0 + 3_600))
        #expect(state.validators.etag == "\"new\"")
    }

    /// A feed URL that now answers with a web page is not a feed any more.
    @Test func aFeedThatTurnedIntoAPageLeadsBackToThePage() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/site", Self.page("/feed.xml", etag: "\"p\""), Self.page("/atom.xml", etag: "\"p2\""))
        server.route("/feed.xml", Self.feed(["One"], etag: "\"f\""), .text("<!DOCTYPE html><html><body>Moved</body></html>", contentType: "text/html"))
        server.route("/atom.xml", Self.feed(["Atom"], etag: "\"a\""))
        let store = try await sandbox.open()
        let loader = loader(store, clock: Clock(t0))
        let source = source(server)
        _ = try await loader.refresh(source)
        _ = try await loader.refresh(source)
        #expect(try await store.refreshState(of: source.key)?.feed?.url == server.url("/atom.xml"))
    }

    /// The person gave the page's URL, so a feed it names that answers 404 is named in the
    /// message (it once said only "HTTP 404: Not Found."), and in the failure the cache records.
    @Test func aMissingFeedIsNamedInTheMessage() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/site", Self.page("/feed.xml", etag: "\"p\""))
        server.route("/feed.xml", .text("missing", status: 404))
        let store = try await sandbox.open()
        let source = source(server)
        let error = await thrownError { try await loader(store, clock: Clock(t0)).refresh(source) }
        let feed = server.url("/feed.xml").absoluteString
        let expected = "The feed \(feed) named by the page answered HTTP 404: Not Found."
        #expect((error as? NewsError)?.message == expected, "\(String(describing: error))")
        #expect(isOneSentence(expected))
        #expect((error as? NewsError)?.httpStatus == 404, "the log still says status=404")
        #expect(try await store.refreshState(of: source.key)?.outcome == .failed(expected))
    }

    /// A failure that may pass (a 500, a refused connection) keeps the feed: the page is not read.
    @Test func aPassingFailureKeepsTheFeed() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/site", Self.page("/feed.xml", etag: "\"p\""))
        server.route("/feed.xml", Self.feed(["One"], etag: "\"f\""), .text("oops", status: 500))
        let store = try await sandbox.open()
        let loader = loader(store, clock: Clock(t0))
        let source = source(server)
        _ = try await loader.refresh(source)
        let error = await thrownError { try await loader.refresh(source) }
        #expect((error as? NewsError) == .pageFeed(feed: server.url("/feed.xml").absoluteString, failure: .http(status: 500, code: nil, message: nil)))
        #expect(server.requests(path: "/site").count == 1)
        #expect(try await store.refreshState(of: source.key)?.feed?.url == server.url("/feed.xml"))
    }

    /// After a week the page is read again, in case the site moved its feed; the same feed is
    /// then still asked conditionally.
    @Test func afterAWeekThePageIsReadAgain() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/site", Self.page("/feed.xml", etag: "\"p\""))
        server.route("/feed.xml", Self.feed(["One"], etag: "\"f\""), ScriptedResponse(status: 304, headers: [("ETag", "\"f\"")]))
        let store = try await sandbox.open()
        let clock = Clock(t0)
        let loader = loader(store, clock: clock)
        let source = source(server)
        _ = try await loader.refresh(source)
        clock.now = t0 + SourceLoader.pageRecheckInterval - 60
        _ = try await loader.refresh(source)
        #expect(server.requests(path: "/site").count == 1)

        clock.now = t0 + SourceLoader.pageRecheckInterval + 60
        let late = try await loader.refresh(source)
        #expect(late.notModified)
        #expect(server.requests(path: "/site").count == 2)
        #expect(server.requests(path: "/site").last?.headers["if-none-match"] == nil)
        #expect(server.requests(path: "/feed.xml").last?.headers["if-none-match"] == "\"f\"")
        #expect(try await store.refreshState(of: source.key)?.feed?.foundAt == clock.now, "the week starts again")
    }

    /// A URL that is itself a feed is asked directly, as before, and remembers no page feed.
    @Test func aFeedURLStaysDirect() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/feed.xml", Self.feed(["One"], etag: "\"f\""), ScriptedResponse(status: 304, headers: [("ETag", "\"f\"")]))
        let store = try await sandbox.open()
        let loader = loader(store, clock: Clock(t0))
        let source = DocumentSource(service: NewsService(http: HTTPClient(timeout: 5)), location: server.url("/feed.xml"))
        _ = try await loader.refresh(source)
        let second = try await loader.refresh(source)
        #expect(second.notModified)
        #expect(server.requests(path: "/feed.xml").last?.headers["if-none-match"] == "\"f\"")
        #expect(try await store.refreshState(of: source.key)?.feed == nil)
    }

    /// `--export-opml` lists the feed as `xmlUrl` and the page as `htmlUrl`.
    @Test func opmlNamesTheFeedAndThePage() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/site", Self.page("/feed.xml", etag: "\"p\""))
        server.route("/feed.xml", Self.feed(["One"], etag: "\"f\""))
        let store = try await sandbox.open()
        let source = source(server)
        _ = try await loader(store, clock: Clock(t0)).refresh(source)

        let config = try ConfigFixture.parse(
            """
            [source "Site"]
            url = \(server.url("/site").absoluteString)

            [source "Plain"]
            url = https://example.com/plain.xml
            """)
        let document = OPMLWriter.export(config.sources, discoveredFeeds: try await store.discoveredFeeds()).document
        #expect(
            document.contains(
                #"text="Site" title="Site" xmlUrl="\#(server.url("/feed.xml").absoluteString)" htmlUrl="\#(server.url("/site").absoluteString)""#),
            "\(document)")
        #expect(document.contains(#"xmlUrl="https://example.com/plain.xml"/>"#))
    }
}
