import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// `NewsService.article(at:)` against a real HTTP server on loopback: the same caps, timeouts
/// and redirects as feeds, and an answer that is no web page refused on its head.
@Suite("Article extraction: fetching a page")
struct ArticlePageFetchTests {
    static let page =
        "<html><head><title>Loopback story</title></head><body><nav><a href=/>Home</a></nav><article>"
        + String(repeating: "<p>A sentence of the story fetched over loopback, with commas, long enough to count as text.</p>", count: 6)
        + "</article></body></html>"

    @Test func aPageIsFetchedAfterItsRedirectAndReadIntoAnArticle() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/short", .redirect(to: "/news/story"))
        server.route("/news/story", .bytes(Data(Self.page.utf8), contentType: "text/html; charset=utf-8"))
        let article = try await NewsService(http: HTTPClient(timeout: 10)).article(at: server.url("/short"))
        #expect(article.url == server.url("/news/story"))
        #expect(article.title == "Loopback story")
        #expect(article.text.contains("fetched over loopback"))
        #expect(!article.text.contains("Home"))
        #expect(server.requests(path: "/news/story").first?.headers["accept"]?.hasPrefix("text/html") == true)
    }

    @Test func aBodyThatNeverEndsIsStoppedAtTheCapAndItsConnectionClosed() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/endless",
            ScriptedResponse(
                headers: [("Content-Type", "text/html")], body: .generated(prefix: Data("<html><body><p>".utf8), count: Int.max),
                contentLength: .omitted))
        let limit = 2 << 20
        // Its first 2 MiB are read, marked cut (or judged no article), the rest never.
        do {
            let article = try await NewsService(http: HTTPClient(timeout: 10), sizeLimit: limit).article(at: server.url("/endless"))
            #expect(article.truncated)
        } catch {
            #expect(error is NotAnArticle, "\(error)")
        }
        #expect(await server.waitUntil(timeout: .seconds(5)) { $0.first?.clientClosedAt != nil })
    }

    /// A page larger than what is fetched of it (30 MB, `x` took 139 MiB: issue 50, point 2):
    /// its first `ArticleExtractor.maxFetchedBytes` are read into the article, marked cut, and the
    /// transfer stops there.
    @Test func aPageLargerThanWhatIsReadGivesItsBeginningMarkedCut() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let paragraph = "<p>The harbour board met on Tuesday evening to settle the dredging contract, delayed twice since spring.</p>\n"
        let page =
            "<html><head><title>Long</title></head><body><article><p>The opening paragraph of a very long page.</p>"
            + String(repeating: paragraph, count: 30_000_000 / paragraph.utf8.count) + "</article></body></html>"
        server.route("/long", .bytes(Data(page.utf8), contentType: "text/html; charset=utf-8"))
        let article = try await NewsService(http: HTTPClient(timeout: 10)).article(at: server.url("/long"))
        #expect(article.truncated)
        #expect(article.text.hasPrefix("The opening paragraph of a very long page."))
        #expect(await server.waitUntil(timeout: .seconds(5)) { $0.first?.clientClosedAt != nil })
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/silent", ScriptedResponse(action: .hang))
        let started = ContinuousClock.now
        let error = await thrownError { try await NewsService(http: HTTPClient(timeout: 1)).article(at: server.url("/silent")) }
        #expect(error as? NewsError == .timedOut(host: "127.0.0.1:\(server.port)"), "\(String(describing: error))")
        #expect(ContinuousClock.now - started < .seconds(15))  // a bound: it would otherwise wait for ever
    }

    @Test func aServerThatTricklesForEverIsStoppedAtTheDeadline() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/trickle",
            ScriptedResponse(
                headers: [("Content-Type", "text/html")], body: .generated(prefix: Data("<p>".utf8), count: Int.max), chunkSize: 1,
                delayBetweenChunks: .milliseconds(200), contentLength: .omitted))
        let error = await thrownError { try await NewsService(http: HTTPClient(timeout: 5, deadline: 2)).article(at: server.url("/trickle")) }
        #expect(error as? NewsError == .tooSlow(host: "127.0.0.1:\(server.port)", seconds: 2), "\(String(describing: error))")
        #expect(await server.waitUntil(timeout: .seconds(5)) { $0.first?.clientClosedAt != nil })
    }

    @Test func anAnswerThatIsNoWebPageIsRefusedOnItsHeadBeforeItsBody() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/report.pdf",
            ScriptedResponse(
                headers: [("Content-Type", "application/pdf")], body: .generated(prefix: Data("%PDF-1.7".utf8), count: 512 << 20),
                chunkSize: 16_384, delayBetweenChunks: .milliseconds(5)))
        let error = await thrownError { try await NewsService(http: HTTPClient(timeout: 10)).article(at: server.url("/report.pdf")) }
        #expect(error as? NotAnArticle == .notHTML(mediaType: "application/pdf"), "\(String(describing: error))")
        #expect((error as? NotAnArticle)?.message == "The page is not a web page but application/pdf, so there is no article to read in it.")
        #expect(await server.waitUntil(timeout: .seconds(5)) { $0.first?.clientClosedAt != nil })
        #expect((server.requests.first?.bodyBytesSent ?? 0) < 4 << 20)
    }

    @Test func anHTTPErrorIsTheFeedsSentence() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/gone", .text("<html>gone</html>", status: 410, contentType: "text/html"))
        let error = await thrownError { try await NewsService(http: HTTPClient(timeout: 10)).article(at: server.url("/gone")) }
        #expect((error as? NewsError)?.httpStatus == 410, "\(String(describing: error))")
    }

    @Test func aPageWithNoArticleSaysSo() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/", .bytes(Data("<html><body><h1>Welcome</h1><a href=/a>A</a></body></html>".utf8), contentType: "text/html"))
        let error = await thrownError { try await NewsService(http: HTTPClient(timeout: 10)).article(at: server.url("/")) }
        #expect(error as? NotAnArticle == .homePage, "\(String(describing: error))")
    }
}
