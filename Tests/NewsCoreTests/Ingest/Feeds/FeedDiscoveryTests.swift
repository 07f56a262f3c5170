import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// Feed discovery: the page's `<link rel="alternate">` tags, then the real fetch of the first feed
/// through the loopback server.
@Suite("Feed discovery")
struct FeedDiscoveryTests {
    static let page = """
        <!DOCTYPE html><html><head><meta charset="utf-8">
        <base href="https://base.example/sub/">
        <!-- <link rel="alternate" type="application/rss+xml" href="/commented.xml"> -->
        <script>var s = '<link rel="alternate" type="application/rss+xml" href="/script.xml">';</script>
        <link rel="stylesheet" href="/style.css">
        <LINK REL="Alternate" TYPE="application/RSS+xml" TITLE="RSS" HREF="feed.rss">
        <link rel=alternate type=application/atom+xml href=/atom.xml>
        <link rel="alternate feed" type="application/feed+json; charset=utf-8" href=" https://json.example/feed.json ">
        <link rel="alternate" type="text/html" href="/other.html">
        <link rel="alternate" href="/untyped.xml">
        <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
        <link rel="alternate" type="application/rss+xml" href="file:///etc/passwd">
        <link rel="alternate" type="application/rss+xml" href="feed.rss">
        <link rel="alternate" type="application/rss+xml" href="/a?x=1&amp;y=2">
        </head><body><link rel="alternate" type="application/rss+xml" href="/in-body.xml"></body></html>
        """

    @Test func findsTheFeedsAPageNamesInOrder() {
        let found = FeedDiscovery.feedURLs(in: Data(Self.page.utf8), baseURL: URL(string: "https://page.example/index.html"))
        #expect(
            found.map(\.absoluteString) == [
                "https://base.example/sub/feed.rss", "https://base.example/atom.xml", "https://json.example/feed.json",
                "https://base.example/a?x=1&y=2", "https://base.example/in-body.xml",
            ])
    }

    /// JSON Feed 1.0 told pages to name their feed as `application/json`.
    @Test func aJSONFeed10LinkIsAFeed() {
        let page = """
            <html><head><link rel="alternate" type="application/json" title="JSON Feed" href="/feed.json">
            <link rel="stylesheet" type="application/json" href="/not-a-feed.json"></head></html>
            """
        let found = FeedDiscovery.feedURLs(in: Data(page.utf8), baseURL: URL(string: "https://page.example/"))
        #expect(found.map(\.absoluteString) == ["https://page.example/feed.json"])
    }

    @Test func aPageOfTheLocalDiskCannotNameALocalFile() {
        let page = """
            <html><head><link rel="alternate" type="application/rss+xml" href="secret.xml">
            <link rel="alternate" type="application/rss+xml" href="file:///etc/passwd"></head></html>
            """
        #expect(FeedDiscovery.feedURLs(in: Data(page.utf8), baseURL: URL(fileURLWithPath: "/tmp/page.html")).isEmpty)
    }

    // MARK: - Through the loopback server

    static func rss(title: String, link: String) -> String {
        "<rss version=\"2.0\"><channel><title>Blog feed</title><link>/blog/</link>"
            + "<item><title>\(title)</title><link>\(link)</link></item></channel></rss>"
    }

    @Test func aPageThatNamesAFeedIsReadThroughIt() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/blog/",
            .text(
                "<html><head><link rel=\"alternate\" type=\"application/rss+xml\" href=\"feed.xml\"></head><body>Blog</body></html>",
                contentType: "text/html; charset=utf-8"))
        server.route("/blog/feed.xml", .text(Self.rss(title: "First post", link: "post-1"), contentType: "application/rss+xml"))

        let edition = try await DocumentSource(service: NewsService(), location: server.url("/blog/")).fetch()

        #expect(edition.title == "Blog feed")
        #expect(edition.articles.map(\.url) == [server.url("/blog/post-1")])
        #expect(edition.notes == ["Using the feed \(server.url("/blog/feed.xml").absoluteString) named by the page."])
        #expect(server.requests.map(\.path) == ["/blog/", "/blog/feed.xml"])
    }

    @Test func aPageThatNamesNoFeedSaysSo() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/", .text("<!doctype html><html><head><title>Home</title></head></html>", contentType: "text/html"))

        let error = await thrownError { try await DocumentSource(service: NewsService(), location: server.url("/")).fetch() }

        #expect(error as? NewsError == .invalidDocument(FeedDiscovery.noFeedReason))
        #expect((error as? NewsError).map { isOneSentence($0.message) } == true)
        #expect(server.requests.count == 1)
    }

    @Test func aFeedLinkToAnotherPageIsNotFollowedFurther() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let linking = "<html><head><link rel=\"alternate\" type=\"application/rss+xml\" href=\"/next\"></head></html>"
        server.route("/", .text(linking, contentType: "text/html"))
        server.route("/next", .text(linking, contentType: "application/rss+xml"))

        let error = await thrownError { try await DocumentSource(service: NewsService(), location: server.url("/")).fetch() }

        let next = server.url("/next").absoluteString
        #expect(error as? NewsError == .invalidDocument("the feed the page names (\(next)) is a web page too"))
        #expect(server.requests.map(\.path) == ["/", "/next"])
    }

    /// A page is read in the encoding its `<meta charset>` names (its server says nothing), so a
    /// link written in it leads where it says; a page in UTF-16 is a page too.
    @Test func aPageIsReadInItsOwnEncoding() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let head = "<html><head><meta charset=\"windows-1251\"><link rel=\"alternate\" type=\"application/rss+xml\" href=\"/"
        let name: [UInt8] = [0xEB, 0xE5, 0xED, 0xF2, 0xE0]  // "лента" in windows-1251
        server.route("/", .bytes(Data(head.utf8) + Data(name) + Data(".xml\"></head></html>".utf8), contentType: "text/html"))
        let feedPath = "/%D0%BB%D0%B5%D0%BD%D1%82%D0%B0.xml"
        server.route(feedPath, .text(Self.rss(title: "Новости", link: "post-1"), contentType: "application/rss+xml"))
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "<html><head><link rel=\"alternate\" type=\"application/rss+xml\" href=\"\(feedPath)\"></head></html>".utf16 {
            utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        server.route("/wide", .bytes(Data(utf16), contentType: "text/html"))

        for page in ["/", "/wide"] {
            let edition = try await DocumentSource(service: NewsService(), location: server.url(page)).fetch()
            #expect(edition.articles.map(\.title) == ["Новости"], "\(page)")
        }
        #expect(server.requests.map(\.path) == ["/", feedPath, "/wide", feedPath])
    }

    @Test func theHTTPCharsetReachesTheDecoder() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let head = Data("<rss version=\"2.0\"><channel><title>K</title><item><title>".utf8)
        let koi8 = Data([0xEE, 0xCF, 0xD7, 0xCF, 0xD3, 0xD4, 0xC9])  // "Новости" in KOI8-R
        let tail = Data("</title><link>https://k.example/1</link></item></channel></rss>".utf8)
        server.route("/koi8.xml", .bytes(head + koi8 + tail, contentType: "application/rss+xml; charset=KOI8-R"))

        let edition = try await DocumentSource(service: NewsService(), location: server.url("/koi8.xml")).fetch()

        #expect(edition.articles.map(\.title) == ["Новости"])
    }

    @Test(arguments: [ScriptedResponse.ContentLength.omitted, .exact])
    func aHundredMegabyteFeedIsRefusedByTheSizeCap(length: ScriptedResponse.ContentLength) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let prefix = Data("<rss version=\"2.0\"><channel><title>Huge</title><item><title>".utf8)
        server.route(
            "/huge.xml",
            ScriptedResponse(
                headers: [("Content-Type", "application/rss+xml")], body: .generated(prefix: prefix, count: 100_000_000), contentLength: length))

        let error = await thrownError { try await DocumentSource(service: NewsService(), location: server.url("/huge.xml")).fetch() }

        #expect(error as? NewsError == .tooLarge(limit: NewsService.defaultSizeLimit))
        #expect((error as? NewsError)?.message == "The response is larger than 32 MiB, the most Headlines will read.")
    }
}
