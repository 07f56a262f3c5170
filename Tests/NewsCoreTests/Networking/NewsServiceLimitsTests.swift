import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// What a NewsAPI fetch reads and how long it waits: compressed answers, the idle timeout, and
/// the size cap, which stops a transfer as soon as it is passed.
@Suite("NewsService limits against a loopback server")
struct NewsServiceLimitsTests {
    @Test(
        .bug(
            id: "gzip-length-mismatch",
            "With Content-Encoding: gzip, Content-Length counts compressed bytes but the delegate counts inflated ones, so a small gzipped answer (NewsAPI's 401, an empty result) is reported as a connection lost"
        ))
    func gzippedDocumentDecodes() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/v2/top-headlines",
            ScriptedResponse(
                headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                body: .data(NetFixtures.gzipStored(Data(NetFixtures.threeArticles.utf8)))))

        let edition = try await NewsAPISource(service: NewsService(baseURL: server.baseURL), request: .topHeadlines()).fetch()

        #expect(server.requests.first?.headers["accept-encoding"]?.contains("gzip") == true)
        #expect(edition.articles.map(\.title) == ["First story", "Second story", "Third story"])
    }

    /// The timeout counts seconds without a byte, not the whole transfer: a body that keeps
    /// trickling for longer than the timeout still arrives.
    @Test func timeoutIsPerIdlePeriodNotForTheWholeTransfer() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let body = Data(NetFixtures.threeArticles.utf8)
        server.route(
            "/v2/top-headlines",
            ScriptedResponse(
                headers: [("Content-Type", "application/json")], body: .data(body),
                chunkSize: (body.count + 5) / 6, delayBetweenChunks: .milliseconds(250)))

        let start = ContinuousClock.now
        let service = NewsService(baseURL: server.baseURL, http: HTTPClient(timeout: 1))
        let edition = try await NewsAPISource(service: service, request: .topHeadlines()).fetch()

        #expect(edition.articles.count == 3)
        #expect(ContinuousClock.now - start >= .milliseconds(1100))  // it really outlasted the timeout
    }

    @Test(
        .bug(
            id: "subsecond-timeout",
            "FoundationNetworking truncates timeouts to whole seconds, so HTTPClient(timeout: 0.5) times out after about 1 ms, before any server could answer"))
    func fastAnswerWithASubSecondTimeoutSucceeds() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/v2/top-headlines",
            ScriptedResponse(
                headers: [("Content-Type", "application/json")], body: .data(Data(NetFixtures.threeArticles.utf8)),
                delayBeforeHeaders: .milliseconds(30)))

        let service = NewsService(baseURL: server.baseURL, http: HTTPClient(timeout: 0.5))
        let edition = try await NewsAPISource(service: service, request: .topHeadlines()).fetch()

        #expect(edition.articles.count == 3)
    }

    @Test func bodyExactlyAtTheCapIsRead() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let body = NetFixtures.threeArticles
        server.route("/v2/top-headlines", .json(body))

        let service = NewsService(baseURL: server.baseURL, sizeLimit: body.utf8.count)
        let edition = try await NewsAPISource(service: service, request: .topHeadlines()).fetch()

        #expect(edition.articles.count == 3)
    }

    /// Over the cap, the transfer stops early: at the head when a Content-Length declares too
    /// much (not after downloading the whole body only to throw it away), and as soon as the cap
    /// is passed when the body runs until the connection closes.
    @Test(arguments: [(ScriptedResponse.ContentLength.exact, 1000), (.omitted, 4000)])
    func aBodyOverTheCapStopsTheTransferEarly(length: ScriptedResponse.ContentLength, cap: Int) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let count = 64 * 1024
        server.route(
            "/v2/top-headlines",
            ScriptedResponse(
                headers: [("Content-Type", "application/json")], body: .generated(prefix: Data("{".utf8), count: count),
                chunkSize: 1024, delayBetweenChunks: .milliseconds(80), contentLength: length))  // 5 s to send it all

        let start = ContinuousClock.now
        let error = await NewsServiceErrorTests.headlinesError(server, sizeLimit: cap)
        let elapsed = ContinuousClock.now - start

        #expect(error == .tooLarge(limit: cap))
        #expect(elapsed < .milliseconds(2500), "took \(elapsed)")
        #expect(await server.waitUntil(timeout: .seconds(3)) { $0.first?.clientClosedAt != nil })
        let logged = try #require(server.requests.first)
        #expect(logged.abortedByClient)
        #expect(logged.bodyBytesSent < count / 2, "\(logged.bodyBytesSent) bytes sent")
    }
}
