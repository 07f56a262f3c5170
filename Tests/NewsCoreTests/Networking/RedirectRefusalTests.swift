import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// A redirect may lead only to another web address; the message names where it was sent.
@Suite("Redirect refusals")
struct RedirectRefusalTests {
    @Test(arguments: ["ftp://files.example/feed.xml", "gopher://old.example/1", "file:///etc/passwd", "data:text/plain,hi"])
    func aRedirectOffTheWebIsRefusedNamingItsTarget(_ target: String) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/feed", .redirect(to: target))
        let error = await thrownError { try await DocumentSource(service: NewsService(http: HTTPClient(timeout: 5)), location: server.url("/feed")).fetch() }
        let expected = NewsError.redirectRefused(from: server.url("/feed").absoluteString, to: target)
        #expect(error as? NewsError == expected)
        let message = expected.message
        #expect(message.contains(target))
        if target.hasPrefix("file:") {
            #expect(message.contains("may not redirect to a local file"))
        } else {
            #expect(message.contains("cannot fetch"))
        }
    }

    @Test func theRefusalNamesTheLastHopOfAChain() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/first", .redirect(to: server.url("/second").absoluteString))
        server.route("/second", .redirect(to: "ftp://files.example/x"))
        let error = await thrownError { try await DocumentSource(service: NewsService(http: HTTPClient(timeout: 5)), location: server.url("/first")).fetch() }
        #expect(error as? NewsError == .redirectRefused(from: server.url("/second").absoluteString, to: "ftp://files.example/x"))
    }
}
