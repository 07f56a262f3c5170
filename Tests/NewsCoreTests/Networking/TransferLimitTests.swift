import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// Caps stop a transfer at once, whatever the server sends and however fast: the fetch fails
/// when the cap is crossed and the server sees the connection close within a second. (The
/// memory these cost is measured in a process of its own: `LimitsMemoryTests`.)
@Suite("Transfer limits")
struct TransferLimitTests {
    enum Body: String, CaseIterable, Sendable {
        case endlessDocument, gzipBomb, zstdBomb, brotli, endlessImage
    }

    static func route(_ body: Body, on server: LoopbackServer) {
        switch body {
        case .endlessDocument:
            server.route(
                "/x",
                ScriptedResponse(
                    headers: [("Content-Type", "application/json")],
                    body: .generated(prefix: Data(#"{"articles":["#.utf8), count: Int.max), contentLength: .omitted))
        case .gzipBomb:
            server.route(
                "/x",
                ScriptedResponse(
                    headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                    body: .data(GzipBomb.body(mebibytes: 1024))))
        case .zstdBomb:
            server.route(
                "/x",
                ScriptedResponse(
                    headers: [("Content-Type", "application/json"), ("Content-Encoding", "zstd")],
                    body: .data(ZstdBomb.body(mebibytes: 12_800))))
        case .brotli:
            // Any body will do: it must be refused before a byte of it is decoded.
            server.route(
                "/x",
                ScriptedResponse(
                    headers: [("Content-Type", "application/json"), ("Content-Encoding", "br")],
                    body: .generated(prefix: Data([0x1B]), count: 4096)))
        case .endlessImage:
            server.route(
                "/x",
                ScriptedResponse(
                    headers: [("Content-Type", "image/png")],
                    body: .generated(prefix: HeaderOnlyImage.png(width: 10, height: 10), count: Int.max), contentLength: .omitted))
        }
    }

    /// What stops each body: the cap, or (for codings we did not offer) the head.
    static func expectedError(_ body: Body, port: Int) -> NewsError {
        switch body {
        case .endlessDocument, .gzipBomb: return .tooLarge(limit: NewsService.defaultSizeLimit)
        case .endlessImage: return .tooLarge(limit: 5 << 20)
        case .zstdBomb: return .unsupportedEncoding(host: "127.0.0.1:\(port)", encoding: "zstd")
        case .brotli: return .unsupportedEncoding(host: "127.0.0.1:\(port)", encoding: "br")
        }
    }

    @Test(arguments: Body.allCases)
    func aHostileBodyIsStoppedAndItsConnectionClosedWithinASecond(_ body: Body) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        Self.route(body, on: server)
        let url = server.url("/x")
        let error = await thrownError {
            if body == .endlessImage {
                _ = try await ImageLoader(http: HTTPClient(timeout: 10), sizeLimit: 5 << 20).fetch(url) { _ in }
            } else {
                _ = try await DocumentSource(service: NewsService(http: HTTPClient(timeout: 10)), location: url).fetch()
            }
        }
        #expect(error as? NewsError == Self.expectedError(body, port: server.port), "\(String(describing: error))")
        let closed = await server.waitUntil(timeout: .seconds(1)) { $0.first?.clientClosedAt != nil }
        #expect(closed, "the server still had the connection open a second after the fetch failed")
    }

    @Test func aServerThatTricklesIsStoppedAtTheDeadline() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/x",
            ScriptedResponse(
                headers: [("Content-Type", "application/json")], body: .data(Data(repeating: 0x20, count: 1000)),
                chunkSize: 1, delayBetweenChunks: .milliseconds(500)))
        let started = ContinuousClock.now
        let error = await thrownError {
            try await DocumentSource(service: NewsService(http: HTTPClient(timeout: 5, deadline: 2)), location: server.url("/x")).fetch()
        }
        #expect(error as? NewsError == .tooSlow(host: "127.0.0.1:\(server.port)", seconds: 2))
        #expect((error as? NewsError)?.message.contains("too slow") == true)
        #expect(ContinuousClock.now - started < .seconds(10))  // a bound, not a timing: it would otherwise run 500 s
        let closed = await server.waitUntil(timeout: .seconds(5)) { $0.first?.clientClosedAt != nil }
        #expect(closed)
    }

    @Test(arguments: ["br", "zstd", "gzip, br", "compress", "x-unknown"])
    func encodingsWeDidNotOfferAreRefused(_ encoding: String) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/x",
            ScriptedResponse(
                headers: [("Content-Type", "application/json"), ("Content-Encoding", encoding)], body: .data(Data(count: 100))))
        let error = await thrownError { try await DocumentSource(service: NewsService(http: HTTPClient(timeout: 5)), location: server.url("/x")).fetch() }
        #expect(error as? NewsError == .unsupportedEncoding(host: "127.0.0.1:\(server.port)", encoding: encoding))
        let offered = server.requests.first?.headers["accept-encoding"]
        #expect(offered == "gzip, deflate")
    }

    @Test func cancellingDuringABombReturnsAtOnce() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/x",
            ScriptedResponse(
                headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                body: .data(GzipBomb.body(mebibytes: 1024)), chunkSize: 64, delayBetweenChunks: .milliseconds(1)))
        let task = Task { try await DocumentSource(service: NewsService(http: HTTPClient(timeout: 10)), location: server.url("/x")).fetch() }
        // About 2 MiB inflated so far, well under the cap: the fetch is still running.
        #expect(await server.waitUntil(timeout: .seconds(5)) { ($0.first?.bodyBytesSent ?? 0) > 2_000 })
        task.cancel()
        let outcome = await task.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(await server.waitUntil(timeout: .seconds(5)) { $0.first?.clientClosedAt != nil })
    }
}
