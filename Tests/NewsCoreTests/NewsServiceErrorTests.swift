import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// Every way a NewsAPI fetch can fail, provoked on a real server: the exact NewsError case
/// and the sentence a person reads.
@Suite("NewsService errors against a loopback server")
struct NewsServiceErrorTests {
    static let key = "k3y-0f-the-t3st-9a8b7c6d5e4f"

    /// Fetches top headlines from `server` (its routes already set) with the test key and
    /// returns the NewsError it threw; records an issue if it threw anything else or nothing.
    private func headlinesError(
        _ server: LoopbackServer, http: HTTPClient = HTTPClient(timeout: 5), sizeLimit: Int = NewsService.defaultSizeLimit,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> NewsError? {
        let service = NewsService(baseURL: server.baseURL, apiKey: Self.key, http: http, sizeLimit: sizeLimit)
        let error = await thrownError { try await service.headlines(.topHeadlines()) }
        guard let error else {
            Issue.record("the fetch succeeded", sourceLocation: sourceLocation)
            return nil
        }
        guard let newsError = error as? NewsError else {
            Issue.record("not a NewsError: \(type(of: error)) \(error)", sourceLocation: sourceLocation)
            return nil
        }
        #expect(!newsError.message.contains(Self.key), "the key leaked into: \(newsError.message)", sourceLocation: sourceLocation)
        return newsError
    }

    // MARK: Statuses and bodies

    @Test func unauthorizedWithNewsAPIBody() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .json(NetFixtures.apiKeyInvalidBody, status: 401))

        let error = await headlinesError(server)

        #expect(error == .http(status: 401, code: "apiKeyInvalid", message: "Your API key is invalid or incorrect."))
        #expect(error?.message == "HTTP 401 apiKeyInvalid: Your API key is invalid or incorrect.")
    }

    @Test func rateLimited() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let message = "You have made too many requests recently. Developer accounts are limited to 100 requests over a 24 hour period (50 requests available every 12 hours). Please upgrade to a paid plan if you need more requests."
        server.route("/v2/top-headlines", .json(#"{"status":"error","code":"rateLimited","message":"\#(message)"}"#, status: 429))

        let error = await headlinesError(server)

        #expect(error == .http(status: 429, code: "rateLimited", message: message))
        #expect(error?.message == "HTTP 429 rateLimited: \(message)")
    }

    @Test func serverErrorWithAnHTMLBodyHasNoCode() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let html = "<!DOCTYPE html><html><head><title>500</title></head><body><h1>Internal Server Error</h1></body></html>"
        server.route("/v2/top-headlines", .text(html, status: 500, contentType: "text/html"))

        let error = await headlinesError(server)

        #expect(error == .http(status: 500, code: nil, message: nil))
        #expect(error?.message == "HTTP 500: Internal Server Error.")
    }

    @Test func notFoundWithoutABody() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", ScriptedResponse(status: 404))

        let error = await headlinesError(server)

        #expect(error == .http(status: 404, code: nil, message: nil))
        #expect(error?.message == "HTTP 404: Not Found.")
    }

    @Test func okWithANonJSONBodyIsAnInvalidDocument() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .text("Service temporarily unavailable, try again later"))

        let error = await headlinesError(server)

        #expect(error == .invalidDocument("it is not a feed or a news document (neither XML nor JSON)"))
        #expect(error?.message == "The response could not be read: it is not a feed or a news document (neither XML nor JSON).")
    }

    @Test func okWithBrokenJSONIsAnInvalidDocument() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .json(#"{"status":"ok","articles":[{"title":"cut off"#))

        let error = await headlinesError(server)

        guard case .invalidDocument(let reason) = error else {
            Issue.record("expected .invalidDocument, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("it is not valid JSON ("), "\(reason)")
        #expect(error.map { isOneSentence($0.message) } == true)
    }

    @Test func okWithAnEmptyBodyIsAnInvalidDocument() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .text("", contentType: "application/json"))

        let error = await headlinesError(server)

        #expect(error == .invalidDocument("it is empty"))
        #expect(error?.message == "The response could not be read: it is empty.")
    }

    @Test func okWithNewsAPIErrorBodyIsAnAPIError() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let body = #"{"status":"error","code":"parametersMissing","message":"Required parameters are missing."}"#
        server.route("/v2/top-headlines", .json(body))

        let error = await headlinesError(server)

        #expect(error == .api(code: "parametersMissing", message: "Required parameters are missing."))
        #expect(error?.message == "The server refused the request (parametersMissing): Required parameters are missing.")
    }

    // MARK: Compressed answers

    /// libcurl asks for gzip and inflates it; Content-Length then counts the compressed bytes,
    /// which for a small body are more than the body itself.
    @Test(.bug(id: "gzip-length-mismatch", "With Content-Encoding: gzip, Content-Length counts compressed bytes but the delegate counts inflated ones, so a small gzipped answer (NewsAPI's 401, an empty result) is reported as a connection lost"))
    func gzippedErrorKeepsItsCodeAndMessage() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/v2/top-headlines",
            ScriptedResponse(
                status: 401, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                body: .data(NetFixtures.gzipStored(Data(NetFixtures.apiKeyInvalidBody.utf8)))))

        let error = await headlinesError(server)

        #expect(server.requests.first?.headers["accept-encoding"]?.contains("gzip") == true)
        #expect(error == .http(status: 401, code: "apiKeyInvalid", message: "Your API key is invalid or incorrect."))
    }

    @Test(.bug(id: "gzip-length-mismatch", "With Content-Encoding: gzip, Content-Length counts compressed bytes but the delegate counts inflated ones, so a small gzipped answer (NewsAPI's 401, an empty result) is reported as a connection lost"))
    func gzippedDocumentDecodes() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/v2/top-headlines",
            ScriptedResponse(
                headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                body: .data(NetFixtures.gzipStored(Data(NetFixtures.threeArticles.utf8)))))

        let edition = try await NewsService(baseURL: server.baseURL).headlines(.topHeadlines())

        #expect(edition.articles.map(\.title) == ["First story", "Second story", "Third story"])
    }

    // MARK: Broken transfers

    @Test(.bug(id: "truncated-body-unknown-error", "A body cut short of its Content-Length reaches the delegate as URLError.unknown (libcurl's \"transfer closed with N bytes remaining\"), so it reads \"The request failed: error -1 talking to…\" instead of .connectionLost"))
    func bodyShorterThanItsContentLengthIsAConnectionLost() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/v2/top-headlines",
            ScriptedResponse(
                headers: [("Content-Type", "application/json")], body: .data(Data(NetFixtures.threeArticles.utf8)),
                contentLength: .declared(NetFixtures.threeArticles.utf8.count + 4000)))

        let error = await headlinesError(server)

        #expect(error == .connectionLost(host: "127.0.0.1:\(server.port)"))
        #expect(error?.message == "The connection to 127.0.0.1:\(server.port) closed before the response was complete.")
    }

    /// The server reads the request and aborts with RST before answering. Observed on Linux
    /// FoundationNetworking: see the expectation for which NewsError that becomes.
    @Test func resetBeforeTheAnswer() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", ScriptedResponse(action: .reset))

        let error = await headlinesError(server)

        #expect(server.requests(path: "/v2/top-headlines").count >= 1)
        #expect(error == .connectionLost(host: "127.0.0.1:\(server.port)"), "\(String(describing: error))")
        #expect(error.map { isOneSentence($0.message) } == true, "\(String(describing: error?.message))")
    }

    @Test func resetAfterPartOfTheBody() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let body = Data(NetFixtures.threeArticles.utf8)
        server.route(
            "/v2/top-headlines",
            ScriptedResponse(headers: [("Content-Type", "application/json")], body: .data(body), action: .resetAfter(bytes: 100)))

        let error = await headlinesError(server)

        let logged = try #require(server.requests(path: "/v2/top-headlines").first)
        #expect(logged.bodyBytesSent == 100)
        #expect(!logged.finished)
        #expect(error == .connectionLost(host: "127.0.0.1:\(server.port)"), "\(String(describing: error))")
        #expect(error.map { isOneSentence($0.message) } == true, "\(String(describing: error?.message))")
    }

    @Test func resetAfterPartOfACloseDelimitedBody() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/v2/top-headlines",
            ScriptedResponse(
                headers: [("Content-Type", "application/json")], body: .data(Data(NetFixtures.threeArticles.utf8)),
                contentLength: .omitted, action: .resetAfter(bytes: 100)))

        let error = await headlinesError(server)

        // Without a length, only the RST tells the client the body is cut short.
        #expect(error == .connectionLost(host: "127.0.0.1:\(server.port)"), "\(String(describing: error))")
        #expect(error.map { isOneSentence($0.message) } == true, "\(String(describing: error?.message))")
    }

    @Test func redirectLoopIsATransportError() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .redirect(to: "/v2/top-headlines?again"))

        let error = await headlinesError(server)

        #expect(error == .transport("127.0.0.1:\(server.port) redirected too many times"))
        #expect(error?.message == "The request failed: 127.0.0.1:\(server.port) redirected too many times.")
        let count = server.requests.count
        #expect(count > 1 && count <= 51, "\(count) requests")
    }

    // MARK: Time and connection

    @Test(.bug(id: "subsecond-timeout", "FoundationNetworking truncates timeouts to whole seconds, so HTTPClient(timeout: 0.5) times out after about 1 ms, before any server could answer"))
    func hangingServerTimesOut() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", ScriptedResponse(action: .hang))

        let start = ContinuousClock.now
        let error = await headlinesError(server, http: HTTPClient(timeout: 0.5))
        let elapsed = ContinuousClock.now - start

        #expect(error == .timedOut(host: "127.0.0.1:\(server.port)"))
        #expect(error?.message == "127.0.0.1:\(server.port) did not answer in time.")
        #expect(elapsed < .seconds(3), "took \(elapsed)")
        // The client hung up when it gave up, and not before the timeout had run (measured on
        // the server's clock, from the request's arrival, so a busy test machine cannot skew it).
        #expect(await server.waitUntil(timeout: .seconds(2)) { $0.first?.abortedByClient == true })
        let logged = try #require(server.requests.first)
        let waited = try #require(logged.clientClosedAt) - logged.receivedAt
        #expect(waited >= .milliseconds(400), "gave up \(waited) after sending the request, before the 0.5 s timeout")
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
        let edition = try await service.headlines(.topHeadlines())

        #expect(edition.articles.count == 3)
        #expect(ContinuousClock.now - start >= .milliseconds(1100))  // it really outlasted the timeout
    }

    @Test(.bug(id: "subsecond-timeout", "FoundationNetworking truncates timeouts to whole seconds, so HTTPClient(timeout: 0.5) times out after about 1 ms, before any server could answer"))
    func fastAnswerWithASubSecondTimeoutSucceeds() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", ScriptedResponse(
            headers: [("Content-Type", "application/json")], body: .data(Data(NetFixtures.threeArticles.utf8)),
            delayBeforeHeaders: .milliseconds(100)))

        let service = NewsService(baseURL: server.baseURL, http: HTTPClient(timeout: 0.5))
        let edition = try await service.headlines(.topHeadlines())

        #expect(edition.articles.count == 3)
    }

    @Test func refusedConnectionIsCannotConnect() async throws {
        let closed = try RefusingPort()
        defer { closed.close() }
        let service = NewsService(baseURL: closed.baseURL, apiKey: Self.key, http: HTTPClient(timeout: 5))

        let start = ContinuousClock.now
        let error = await thrownError { try await service.headlines(.topHeadlines()) }

        #expect(error as? NewsError == .cannotConnect(host: "127.0.0.1:\(closed.port)"), "\(String(describing: error))")
        #expect((error as? NewsError)?.message == "Could not connect to 127.0.0.1:\(closed.port): the connection was refused.")
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func stoppedServerIsCannotConnect() async throws {
        let server = try LoopbackServer()
        server.stop()
        let service = NewsService(baseURL: server.baseURL, apiKey: Self.key, http: HTTPClient(timeout: 5))

        let error = await thrownError { try await service.headlines(.topHeadlines()) }

        #expect(error as? NewsError == .cannotConnect(host: "127.0.0.1:\(server.port)"), "\(String(describing: error))")
    }

    // MARK: Size cap

    @Test(arguments: [ScriptedResponse.ContentLength.exact, .omitted])
    func bodyOverTheCapIsTooLarge(length: ScriptedResponse.ContentLength) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let prefix = Data(#"{"status":"ok","articles":[],"padding":""#.utf8)
        server.route(
            "/v2/top-headlines",
            ScriptedResponse(headers: [("Content-Type", "application/json")], body: .generated(prefix: prefix, count: 5000), contentLength: length))

        let error = await headlinesError(server, sizeLimit: 1000)

        #expect(error == .tooLarge(limit: 1000))
        #expect(error?.message == "The response is larger than 1000 bytes, the most Headlines will read.")
    }

    @Test func bodyExactlyAtTheCapIsRead() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let body = NetFixtures.threeArticles
        server.route("/v2/top-headlines", .json(body))

        let service = NewsService(baseURL: server.baseURL, sizeLimit: body.utf8.count)
        let edition = try await service.headlines(.topHeadlines())

        #expect(edition.articles.count == 3)
    }

    /// A declared Content-Length over the cap is refused at the head: the client must stop
    /// there, not download the whole body only to throw it away.
    @Test func declaredLengthOverTheCapStopsTheTransferAtOnce() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let count = 64 * 1024
        server.route(
            "/v2/top-headlines",
            ScriptedResponse(
                headers: [("Content-Type", "application/json")], body: .generated(prefix: Data("{".utf8), count: count),
                chunkSize: 1024, delayBetweenChunks: .milliseconds(80)))  // 5 s to send it all

        let start = ContinuousClock.now
        let error = await headlinesError(server, sizeLimit: 1000)
        let elapsed = ContinuousClock.now - start

        #expect(error == .tooLarge(limit: 1000))
        #expect(elapsed < .milliseconds(2500), "took \(elapsed)")
        #expect(await server.waitUntil(timeout: .seconds(3)) { $0.first?.clientClosedAt != nil })
        let logged = try #require(server.requests.first)
        #expect(logged.abortedByClient)
        #expect(logged.bodyBytesSent < count / 2, "\(logged.bodyBytesSent) bytes sent")
    }

    @Test func closeDelimitedBodyOverTheCapStopsOnceTheCapIsPassed() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let count = 64 * 1024
        server.route(
            "/v2/top-headlines",
            ScriptedResponse(
                headers: [("Content-Type", "application/json")], body: .generated(prefix: Data("{".utf8), count: count),
                chunkSize: 1024, delayBetweenChunks: .milliseconds(80), contentLength: .omitted))  // 5 s in all

        let start = ContinuousClock.now
        let error = await headlinesError(server, sizeLimit: 4000)
        let elapsed = ContinuousClock.now - start

        #expect(error == .tooLarge(limit: 4000))
        #expect(elapsed < .milliseconds(2500), "took \(elapsed)")
        #expect(await server.waitUntil(timeout: .seconds(3)) { $0.first?.abortedByClient == true })
        let sent = server.requests.first?.bodyBytesSent ?? count
        #expect(sent < count / 2, "\(sent) bytes sent")
    }
}
