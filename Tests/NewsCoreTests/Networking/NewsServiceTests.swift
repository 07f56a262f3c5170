import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// NewsAPI queries (`NewsAPISource` over `NewsService`) against a real HTTP server standing in for NewsAPI, the way
/// `--newsapi-url http://127.0.0.1:PORT[/proxy]` points the app at one.
@Suite("NewsService against a loopback server")
struct NewsServiceTests {
    @Test func bareBaseHitsV2TopHeadlinesWithTheQuery() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .json(NetFixtures.threeArticles))
        let service = NewsService(baseURL: server.baseURL, apiKey: "k")

        let edition = try await NewsAPISource(
            service: service,
            request:
                .topHeadlines(country: "gb", category: "business", query: "rates", pageSize: 20)
        ).fetch()

        #expect(edition.articles.count == 3)
        let logged = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(logged.method == "GET")
        #expect(logged.path == "/v2/top-headlines")
        #expect(logged.query == "country=gb&category=business&q=rates&pageSize=20")
        #expect(logged.headers["accept"] == "application/json")
        #expect(logged.headers["user-agent"] == "Headlines/\(HeadlinesVersion.string)")
        #expect(logged.headers["host"] == "127.0.0.1:\(server.port)")
    }

    @Test func bareRequestAsksForTheUSEdition() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .json(NetFixtures.threeArticles))

        _ = try await NewsAPISource(service: NewsService(baseURL: server.baseURL), request: .topHeadlines()).fetch()

        #expect(server.requests.map(\.target) == ["/v2/top-headlines?country=us"])
    }

    @Test(arguments: ["/proxy", "/proxy/"])
    func baseWithAPathHitsThePathPlusV2(suffix: String) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/proxy/v2/top-headlines", .json(NetFixtures.threeArticles))
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)\(suffix)"))

        let edition = try await NewsAPISource(service: NewsService(baseURL: base), request: .topHeadlines(category: "science", pageSize: 5)).fetch()

        #expect(edition.articles.map(\.title) == ["First story", "Second story", "Third story"])
        #expect(server.requests.map(\.target) == ["/proxy/v2/top-headlines?category=science&pageSize=5"])
    }

    @Test func everythingEndpointCarriesAnEncodedQuery() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/everything", .json(NetFixtures.threeArticles))

        _ = try await NewsAPISource(service: NewsService(baseURL: server.baseURL), request: .everything(query: "mars rover & co", pageSize: 3)).fetch()

        let logged = try #require(server.requests.first)
        #expect(logged.path == "/v2/everything")
        #expect(logged.query == "q=mars%20rover%20%26%20co&pageSize=3")
    }

    @Test func articlesDecodeInTheServersOrder() async throws {
        let titles = (1...12).map { "Story number \($0)" }
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .json(NetFixtures.newsAPIDocument(titles: titles)))

        let edition = try await NewsAPISource(service: NewsService(baseURL: server.baseURL), request: .topHeadlines()).fetch()

        #expect(edition.articles.map(\.title) == titles)
        #expect(edition.articles.map(\.url?.absoluteString) == (0..<12).map { "https://example.com/\($0)" })
        #expect(edition.articles.allSatisfy { $0.sourceName == "Loopback" && $0.publishedAt != nil })
        #expect(edition.totalResults == 12)
        #expect(edition.skipped == 0)
    }

    @Test func aCloseDelimitedBodyWithoutContentLengthDecodes() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        var response = ScriptedResponse.json(NetFixtures.threeArticles)
        response.contentLength = .omitted
        response.chunkSize = 17  // many small pieces
        server.route("/v2/top-headlines", response)

        let edition = try await NewsAPISource(service: NewsService(baseURL: server.baseURL), request: .topHeadlines()).fetch()

        #expect(edition.articles.map(\.title) == ["First story", "Second story", "Third story"])
    }

    @Test func aSameOriginRedirectIsFollowed() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", .redirect(to: "/moved/v2/top-headlines?country=us"))
        server.route("/moved/v2/top-headlines", .json(NetFixtures.threeArticles))

        let edition = try await NewsAPISource(service: NewsService(baseURL: server.baseURL), request: .topHeadlines()).fetch()

        #expect(edition.articles.count == 3)
        #expect(server.requests.map(\.path) == ["/v2/top-headlines", "/moved/v2/top-headlines"])
    }
}
