import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif
import Testing
@testable import NewsCore
import TestSupport

/// What the libcurl transport adds to a plain fetch: it reads no faster than the sink takes,
/// refuses codings and heads it cannot bound, and follows redirects itself.
@Suite("HTTP transport against a loopback server")
struct HTTPTransportTests {
    /// Holds its first chunk until the server can send no more (it waits for us to read), then
    /// refuses the body. What the server managed to send by then is what a slow sink costs.
    final class StallingSink: TransferSink, Sendable {
        let server: LoopbackServer
        private let held = Mutex<Int?>(nil)
        var sentWhileHeld: Int? { held.withLock { $0 } }

        init(server: LoopbackServer) { self.server = server }

        func receive(head: ResponseHead) throws {}

        func receive(bytes: Data) throws {
            // This runs on the transfer's driver thread, not in async code: a bounded poll.
            var last = -1
            var steady = 0
            let deadline = ContinuousClock.now + .seconds(10)
            while steady < 5, ContinuousClock.now < deadline {
                let sent = server.requests.first?.bodyBytesSent ?? 0
                steady = sent == last ? steady + 1 : 0
                last = sent
                usleep(20_000)
            }
            held.withLock { $0 = last }
            throw NewsError.tooLarge(limit: 0)
        }
    }

    @Test func aSlowSinkHoldsTheServerBack() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let count = 1 << 30
        server.route("/x", ScriptedResponse(body: .generated(prefix: Data(), count: count)))
        let sink = StallingSink(server: server)

        let error = await thrownError { try await HTTPClient(timeout: 20).transfer(HTTPRequest(url: server.url("/x")), into: sink) }

        #expect(error as? NewsError == .tooLarge(limit: 0))
        let held = try #require(sink.sentWhileHeld)
        // Socket buffers only (a few MiB on loopback): nothing read ahead of the sink.
        #expect(held < 32 << 20, "the server sent \(held) bytes while the sink held its first chunk")
        #expect(await server.waitUntil(timeout: .seconds(5)) { $0.first?.clientClosedAt != nil })
    }

    @Test(arguments: ["zstd", "br", "gzip, zstd", "compress, chunked"])
    func transferCodingsThatCannotBeBoundedAreRefused(_ coding: String) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        // libcurl decodes a Transfer-Encoding it was never asked for.
        server.route(
            "/x",
            ScriptedResponse(
                headers: [("Content-Type", "application/json"), ("Transfer-Encoding", coding)],
                body: .data(ZstdBomb.body(mebibytes: 1024)), contentLength: .omitted))

        let error = await thrownError { try await DocumentSource(service: NewsService(http: HTTPClient(timeout: 5)), location: server.url("/x")).fetch() }

        #expect(error as? NewsError == .unsupportedEncoding(host: "127.0.0.1:\(server.port)", encoding: coding))
        #expect(await server.waitUntil(timeout: .seconds(5)) { $0.first?.clientClosedAt != nil })
    }

    @Test func headersWithoutEndAreRefused() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let filler = (0..<3000).map { ("X-Filler-\($0)", String(repeating: "a", count: 100)) }
        server.route("/x", ScriptedResponse(headers: filler, body: .data(Data("{}".utf8))))

        let error = await thrownError { try await DocumentSource(service: NewsService(http: HTTPClient(timeout: 5)), location: server.url("/x")).fetch() }

        #expect(error as? NewsError == .invalidDocument("the server sent more than 256 KiB of headers"))
        #expect(await server.waitUntil(timeout: .seconds(5)) { $0.first?.clientClosedAt != nil })
    }

    @Test func theHeadNamesTheFinalURL() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/a", .redirect(to: "/b?x=1"))
        server.route("/b", .redirect(to: server.url("/c").absoluteString, status: 301))
        server.route("/c", .text("here"))

        let (head, body) = try await HTTPClient(timeout: 5).fetch(HTTPRequest(url: server.url("/a")), limit: 100)

        #expect(head.url == server.url("/c"))
        #expect(String(decoding: body, as: UTF8.self) == "here")
        #expect(server.requests.map(\.target) == ["/a", "/b?x=1", "/c"])
    }

    @Test(arguments: [(301, "GET"), (302, "GET"), (303, "GET"), (307, "POST"), (308, "POST")])
    func aRedirectKeepsOrChangesTheMethod(_ status: Int, _ method: String) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/form", .redirect(to: "/done", status: status))
        server.route("/done", .text("ok"))
        var request = HTTPRequest(url: server.url("/form"))
        request.httpMethod = "POST"

        let (head, _) = try await HTTPClient(timeout: 5).fetch(request, limit: 100)

        #expect(head.status == 200)
        #expect(server.requests.map(\.method) == ["POST", method])
    }

    /// A redirect's own body is dropped: an endless one, or one in a coding we refuse, does not
    /// stop the redirect from being followed.
    @Test(arguments: ["endless", "zstd"])
    func aRedirectWithAnUnwelcomeBodyIsStillFollowed(_ kind: String) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let redirectBody: ScriptedResponse.Body = kind == "zstd" ? .data(ZstdBomb.body(mebibytes: 1024)) : .generated(prefix: Data(), count: Int.max)
        server.route(
            "/a",
            ScriptedResponse(
                status: 302, headers: [("Location", "/b")] + (kind == "zstd" ? [("Content-Encoding", "zstd")] : []),
                body: redirectBody, contentLength: kind == "zstd" ? .exact : .omitted))
        server.route("/b", .text("arrived"))

        let (head, body) = try await HTTPClient(timeout: 5).fetch(HTTPRequest(url: server.url("/a")), limit: 100)

        #expect(head.url == server.url("/b"))
        #expect(String(decoding: body, as: UTF8.self) == "arrived")
        #expect(await server.waitUntil(timeout: .seconds(5)) { $0.first?.clientClosedAt != nil })
    }
}
