import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// `--source`: a NewsAPI-shaped document at a local path or an http URL.
@Suite("DocumentSource")
struct DocumentSourceTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder("document-source") }

    @Test func localFileDecodes() async throws {
        let file = try folder.write(Data(NetFixtures.threeArticles.utf8), to: "edition.json")

        let source = DocumentSource(service: NewsService(), location: file)
        let edition = try await source.fetch()

        #expect(source.name == "edition.json")
        #expect(edition.articles.map(\.title) == ["First story", "Second story", "Third story"])
    }

    @Test func missingLocalFileIsAFileError() async throws {
        let file = folder.file("missing.json")

        let error = await thrownError { try await DocumentSource(service: NewsService(), location: file).fetch() }

        #expect(error as? NewsError == .file(path: file.path, reason: "no such file"))
        #expect((error as? NewsError)?.message == "Could not read \(file.path): no such file.")
    }

    @Test func directoryIsNotARegularFile() async throws {
        let error = await thrownError { try await DocumentSource(service: NewsService(), location: folder.url).fetch() }

        #expect(error as? NewsError == .file(path: folder.path, reason: "it is not a regular file"))
    }

    @Test func localFileOverTheCapIsRefused() async throws {
        let file = try folder.write(ScriptedResponse.generatedBytes(prefix: Data("{".utf8), count: 5000), to: "big.json")

        let service = NewsService(sizeLimit: 1000)
        let error = await thrownError { try await DocumentSource(service: service, location: file).fetch() }

        #expect(error as? NewsError == .file(path: file.path, reason: "it is larger than 1000 bytes"))
        #expect((error as? NewsError)?.message == "Could not read \(file.path): it is larger than 1000 bytes.")
    }

    @Test func localFileExactlyAtTheCapIsRead() async throws {
        let body = Data(NetFixtures.threeArticles.utf8)
        let file = try folder.write(body, to: "edition.json")

        let edition = try await DocumentSource(service: NewsService(sizeLimit: body.count), location: file).fetch()

        #expect(edition.articles.count == 3)
    }

    @Test func localFileThatIsNotJSON() async throws {
        let file = try folder.write(Data("just some notes\n".utf8), to: "notes.txt")

        let error = await thrownError { try await DocumentSource(service: NewsService(), location: file).fetch() }

        #expect(error as? NewsError == .invalidDocument("it is not a feed or a news document (neither XML nor JSON)"))
    }

    @Test func httpDocumentDecodesAndAsksForNewsTypes() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/feeds/today.json", .json(NetFixtures.threeArticles))

        let source = DocumentSource(service: NewsService(apiKey: "k"), location: server.url("/feeds/today.json?edition=am"))
        let edition = try await source.fetch()

        #expect(source.name == "127.0.0.1")
        #expect(edition.articles.map(\.title) == ["First story", "Second story", "Third story"])
        let logged = try #require(server.requests.first)
        #expect(logged.target == "/feeds/today.json?edition=am")
        #expect(logged.headers["accept"]?.hasPrefix("application/json") == true)
        #expect(logged.headers["x-api-key"] == nil)
    }

    @Test func httpDocumentWithRelativeLinksResolvesAgainstTheFinalURL() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/old.json", .redirect(to: "/new/doc.json"))
        server.route("/new/doc.json", .json(#"{"status":"ok","articles":[{"title":"Rel","url":"story/1","urlToImage":"img/1.png"}]}"#))

        let edition = try await DocumentSource(service: NewsService(), location: server.url("/old.json")).fetch()

        let article = try #require(edition.articles.first)
        #expect(article.url == server.url("/new/story/1"))
        #expect(article.imageURL == server.url("/new/img/1.png"))
    }

    /// Issue 30 (feedparser's `http_item_link_base_content_location`): the server's
    /// Content-Location, not the URL asked for, is the base for relative links.
    @Test func contentLocationIsTheBaseForRelativeLinks() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let feed = #"<rss version="2.0"><channel><title>f</title><item><title>Rel</title><link>story/1</link></item></channel></rss>"#
        server.route(
            "/feed.xml",
            ScriptedResponse(headers: [("Content-Type", "application/rss+xml"), ("Content-Location", "/archive/2024/feed.xml")], body: .data(Data(feed.utf8))))

        let edition = try await DocumentSource(service: NewsService(), location: server.url("/feed.xml")).fetch()

        #expect(edition.articles.first?.url == server.url("/archive/2024/story/1"))
    }

    @Test func aContentLocationThatIsNotHTTPIsIgnored() {
        let url = URL(string: "https://a.example/feed.xml")!
        #expect(DocumentResponse.contentLocation("file:///etc/", relativeTo: url) == nil)
        #expect(DocumentResponse.contentLocation("  ", relativeTo: url) == nil)
        #expect(DocumentResponse.contentLocation("b/", relativeTo: url)?.absoluteString == "https://a.example/b/")
    }

    @Test func httpDocumentErrorStatus() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/gone.json", .text("gone", status: 410))

        let error = await thrownError { try await DocumentSource(service: NewsService(), location: server.url("/gone.json")).fetch() }

        #expect(error as? NewsError == .http(status: 410, code: nil, message: nil))
        #expect((error as? NewsError).map { isOneSentence($0.message) } == true, "\(String(describing: error))")
    }

    @Test func httpDocumentOverTheCapIsTooLarge() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/big.json", ScriptedResponse(body: .generated(prefix: Data("{".utf8), count: 5000), contentLength: .omitted))

        let service = NewsService(sizeLimit: 1000)
        let error = await thrownError { try await DocumentSource(service: service, location: server.url("/big.json")).fetch() }

        #expect(error as? NewsError == .tooLarge(limit: 1000))
    }

    @Test(arguments: ["ftp://127.0.0.1/doc.json", "gopher://127.0.0.1/doc", "http:///no-host"])
    func unsupportedURLsAreRefusedWithoutARequest(text: String) async throws {
        let url = try #require(URL(string: text))
        let error = await thrownError { try await DocumentSource(service: NewsService(), location: url).fetch() }
        #expect(error as? NewsError == .unsupportedURL(text), "\(String(describing: error))")
    }
}
