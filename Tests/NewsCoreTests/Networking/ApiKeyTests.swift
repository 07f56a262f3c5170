import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// The NewsAPI key goes only to the NewsAPI base, only in the X-Api-Key header: never in a
/// URL, never to a `--source` document, never across a redirect to another origin, never
/// into an error message.
@Suite("API key handling against a loopback server")
struct ApiKeyTests {
    static let key = "c0ffee-secret-key-1234567890abcdef"

    /// Fails the test when the key appears anywhere in a request except its X-Api-Key header.
    private func expectKeyOnlyInHeader(_ request: RecordedRequest, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(request.headers["x-api-key"] == Self.key, "\(request.target)", sourceLocation: sourceLocation)
        #expect(!request.target.contains(Self.key), "\(request.target)", sourceLocation: sourceLocation)
        #expect(!(request.query ?? "").localizedCaseInsensitiveContains("apikey"), "\(request.target)", sourceLocation: sourceLocation)
        for (name, value) in request.headers where name != "x-api-key" {
            #expect(!value.contains(Self.key), "header \(name)", sourceLocation: sourceLocation)
        }
    }

    private func expectNoKey(_ request: RecordedRequest, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(request.headers["x-api-key"] == nil, "\(request.target)", sourceLocation: sourceLocation)
        #expect(!request.target.contains(Self.key), "\(request.target)", sourceLocation: sourceLocation)
        for (name, value) in request.headers {
            #expect(!value.contains(Self.key), "header \(name)", sourceLocation: sourceLocation)
        }
    }

    @Test func keyGoesOnlyAsTheXApiKeyHeader() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .json(NetFixtures.threeArticles))
        server.route("/v2/everything", .json(NetFixtures.threeArticles))
        let service = NewsService(baseURL: server.baseURL, apiKey: Self.key)

        _ = try await NewsAPISource(service: service, request: .topHeadlines(country: "de", pageSize: 10)).fetch()
        _ = try await NewsAPISource(service: service, request: .everything(query: "climate")).fetch()

        #expect(server.requests.count == 2)
        for request in server.requests { expectKeyOnlyInHeader(request) }
    }

    @Test func noKeyMeansNoHeader() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .json(NetFixtures.threeArticles))

        _ = try await NewsAPISource(service: NewsService(baseURL: server.baseURL, apiKey: nil), request: .topHeadlines()).fetch()
        _ = try await NewsAPISource(service: NewsService(baseURL: server.baseURL, apiKey: ""), request: .topHeadlines()).fetch()

        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { $0.headers["x-api-key"] == nil })
    }

    @Test func documentSourceOnTheSameServerNeverSendsTheKey() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .json(NetFixtures.threeArticles))
        server.route("/edition.json", .json(NetFixtures.threeArticles))
        let service = NewsService(baseURL: server.baseURL, apiKey: Self.key)

        // The same service, the same origin: the key still stays home.
        let edition = try await DocumentSource(service: service, location: server.url("/edition.json?page=1")).fetch()
        _ = try await NewsAPISource(service: service, request: .topHeadlines()).fetch()

        #expect(edition.articles.count == 3)
        let document = try #require(server.requests(path: "/edition.json").first)
        expectNoKey(document)
        // ...while the NewsAPI request, on the very same server, did carry it.
        expectKeyOnlyInHeader(try #require(server.requests(path: "/v2/top-headlines").first))
    }

    @Test func sameOriginRedirectKeepsTheKey() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .redirect(to: "http://127.0.0.1:\(server.port)/mirror/v2/top-headlines?country=us"))
        server.route("/mirror/v2/top-headlines", .json(NetFixtures.threeArticles))

        let edition = try await NewsAPISource(service: NewsService(baseURL: server.baseURL, apiKey: Self.key), request: .topHeadlines()).fetch()

        #expect(edition.articles.count == 3)
        #expect(server.requests.map(\.path) == ["/v2/top-headlines", "/mirror/v2/top-headlines"])
        for request in server.requests { expectKeyOnlyInHeader(request) }
    }

    @Test(arguments: [301, 302, 307, 308])
    func redirectToAnotherServerDropsTheKey(status: Int) async throws {
        let base = try LoopbackServer()
        let other = try LoopbackServer()
        defer {
            base.stop()
            other.stop()
        }
        base.route("/v2/top-headlines", .redirect(to: other.url("/elsewhere?country=us").absoluteString, status: status))
        other.route("/elsewhere", .json(NetFixtures.threeArticles))

        let edition = try await NewsAPISource(service: NewsService(baseURL: base.baseURL, apiKey: Self.key), request: .topHeadlines()).fetch()

        #expect(edition.articles.count == 3)
        expectKeyOnlyInHeader(try #require(base.requests.first))
        let arrived = try #require(other.requests.first)
        #expect(other.requests.count == 1)
        expectNoKey(arrived)
        #expect(arrived.headers["accept"] == "application/json")  // the rest of the request survived
    }

    /// Same port, same scheme, another host name: another origin, so no key.
    @Test func redirectToAnotherHostNameOnTheSamePortDropsTheKey() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .redirect(to: "http://localhost:\(server.port)/via-localhost?country=us"))
        server.route("/via-localhost", .json(NetFixtures.threeArticles))

        let edition = try await NewsAPISource(service: NewsService(baseURL: server.baseURL, apiKey: Self.key), request: .topHeadlines()).fetch()

        #expect(edition.articles.count == 3)
        let hops = server.requests
        #expect(hops.map(\.path) == ["/v2/top-headlines", "/via-localhost"])
        expectKeyOnlyInHeader(try #require(hops.first))
        let second = try #require(hops.last)
        #expect(second.headers["host"] == "localhost:\(server.port)")
        expectNoKey(second)
    }

    /// Away to another origin and back to the base: the key does not come back either.
    @Test func keyDroppedOnceStaysDroppedOnTheWayBack() async throws {
        let base = try LoopbackServer()
        let other = try LoopbackServer()
        defer {
            base.stop()
            other.stop()
        }
        base.route("/v2/top-headlines", .redirect(to: other.url("/bounce").absoluteString))
        other.route("/bounce", .redirect(to: base.url("/final").absoluteString))
        base.route("/final", .json(NetFixtures.threeArticles))

        _ = try await NewsAPISource(service: NewsService(baseURL: base.baseURL, apiKey: Self.key), request: .topHeadlines()).fetch()

        expectNoKey(try #require(other.requests.first))
        expectNoKey(try #require(base.requests(path: "/final").first))
    }

    @Test func errorMessagesNeverContainTheKey() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .json(NetFixtures.apiKeyInvalidBody, status: 401))
        server.route("/proxy/v2/top-headlines", ScriptedResponse(action: .reset))
        server.route("/hang/v2/top-headlines", ScriptedResponse(action: .hang))
        server.route("/big/v2/top-headlines", ScriptedResponse(body: .generated(prefix: Data(), count: 5000)))
        let refusing = try RefusingPort()
        defer { refusing.close() }

        let bases = [
            server.baseURL, server.url("/proxy"), server.url("/hang"), server.url("/big"), refusing.baseURL,
        ]
        var messages: [String] = []
        for base in bases {
            let service = NewsService(baseURL: base, apiKey: Self.key, http: HTTPClient(timeout: 1), sizeLimit: 1000)
            let error = await thrownError { try await NewsAPISource(service: service, request: .topHeadlines()).fetch() }
            let newsError = try #require(error as? NewsError, "\(base): \(String(describing: error))")
            messages.append(newsError.message)
            messages.append(newsError.localizedDescription)
            messages.append(String(describing: newsError))
            messages.append(String(reflecting: newsError))
        }
        #expect(messages.count == 20)
        for message in messages { #expect(!message.contains(Self.key), "\(message)") }
    }
}
