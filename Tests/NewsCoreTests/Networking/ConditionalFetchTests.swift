import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// Fetches are conditional: validators go back to the server, a 304 brings no body, and a 429
/// or 503 that says when to come back is honoured.
@Suite("Conditional fetches")
struct ConditionalFetchTests {
    static let feed = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://example.com/</link>
        <item><title>One</title><link>https://example.com/1</link></item></channel></rss>
        """

    @Test func validatorsComeBackAndA304BringsNoBody() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/feed.xml",
            ScriptedResponse(
                headers: [("Content-Type", "application/rss+xml"), ("ETag", "\"v1\""), ("Last-Modified", "Mon, 30 Nov 2026 10:00:00 GMT")],
                body: .data(Data(Self.feed.utf8))),
            ScriptedResponse(status: 304, headers: [("ETag", "\"v1\"")]))
        let source = DocumentSource(service: NewsService(http: HTTPClient(timeout: 5)), location: server.url("/feed.xml"))
        let first = try await source.fetch(validators: nil)
        #expect(first.edition?.articles.count == 1)
        #expect(first.validators == HTTPValidators(etag: "\"v1\"", lastModified: "Mon, 30 Nov 2026 10:00:00 GMT"))
        #expect(first.status == 200 && first.bytes == Self.feed.utf8.count)

        let second = try await source.fetch(validators: first.validators)
        guard case .notModified = second.body else {
            Issue.record("expected 304 Not Modified")
            return
        }
        #expect(second.validators.etag == "\"v1\"")
        let sent = try #require(server.requests.last)
        #expect(sent.headers["if-none-match"] == "\"v1\"")
        #expect(sent.headers["if-modified-since"] == "Mon, 30 Nov 2026 10:00:00 GMT")
        #expect(server.requests.first?.headers["if-none-match"] == nil)
    }

    @Test(arguments: [
        ("429", "120", 120.0),
        ("503", "0", 0.0),
        ("429", "99999999", RetryAfter.longest),  // a day at most
    ])
    func aServerThatAsksToWaitIsHeard(_ status: String, _ header: String, _ seconds: TimeInterval) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/feed.xml", ScriptedResponse(status: Int(status)!, headers: [("Retry-After", header)], body: .data(Data("busy".utf8))))
        let before = Date()
        let error = await thrownError {
            try await DocumentSource(service: NewsService(http: HTTPClient(timeout: 5)), location: server.url("/feed.xml")).fetch()
        }
        guard case .rateLimited(_, let code, let retryAfter)? = error as? NewsError else {
            Issue.record("expected rateLimited, got \(String(describing: error))")
            return
        }
        #expect(code == Int(status))
        #expect(abs(retryAfter.timeIntervalSince(before) - seconds) < 5)
        #expect((error as? NewsError)?.message.contains("asked not to be fetched again before") == true)
    }

    @Test func anHTTPDateInRetryAfterIsReadToo() throws {
        let now = try #require(RFC822Date.parse("Mon, 30 Nov 2026 10:00:00 GMT"))
        #expect(RetryAfter.date("Mon, 30 Nov 2026 10:30:00 GMT", now: now) == now.addingTimeInterval(1800))
        #expect(RetryAfter.date("Sun, 29 Nov 2026 10:30:00 GMT", now: now) == now, "a date in the past means now")
        #expect(RetryAfter.date("soon", now: now) == nil)
        #expect(RetryAfter.date(nil, now: now) == nil)
    }

    @Test func hostileValidatorsAreNotEchoed() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/feed.xml",
            ScriptedResponse(
                headers: [("ETag", String(repeating: "x", count: 5000)), ("Last-Modified", "Mon, 30 Nov 2026 10:00:00 GMT")],
                body: .data(Data(Self.feed.utf8))))
        let outcome = try await DocumentSource(service: NewsService(http: HTTPClient(timeout: 5)), location: server.url("/feed.xml")).fetch(validators: nil)
        #expect(outcome.validators == HTTPValidators(etag: nil, lastModified: "Mon, 30 Nov 2026 10:00:00 GMT"))
    }
}
