import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Testing
import TestSupport

/// Self-tests of the loopback HTTP server that every networking test relies on.
@Suite struct LoopbackServerTests {
    let server: LoopbackServer
    let session: URLSession

    init() throws {
        server = try LoopbackServer()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    private func get(_ pathAndQuery: String, headers: [String: String] = [:]) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: server.url(pathAndQuery))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        return (data, try #require(response as? HTTPURLResponse))
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        (error as? URLError)?.code == .cancelled || error is CancellationError
    }

    @Test func routedJSONArrivesIntactWithRequestHeadersRecorded() async throws {
        let json = #"{"title":"Héllo","items":[1,2,3]}"#
        server.route("/feed.json", .json(json))

        let (data, response) = try await get("/feed.json?page=2&x=y", headers: ["X-Test-Token": "abc 123"])

        #expect(response.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == json)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
        let logged = try #require(server.requests(path: "/feed.json").first)
        #expect(logged.id == 0)
        #expect(logged.method == "GET")
        #expect(logged.query == "page=2&x=y")
        #expect(logged.target == "/feed.json?page=2&x=y")
        #expect(logged.headers["x-test-token"] == "abc 123")
        #expect(logged.headers["host"] == "127.0.0.1:\(server.port)")
        // The client hangs up after a complete response; the log says so, without "aborted".
        let closed = await server.waitUntil(timeout: .seconds(2)) { $0.first?.clientClosedAt != nil }
        #expect(closed)
        let final = try #require(server.requests.first)
        #expect(final.finished)
        #expect(final.bodyBytesSent == Data(json.utf8).count)
        #expect(!final.abortedByClient)
    }

    /// Once `stop` returns, a connection is refused at once, however late the accept thread
    /// runs: on a loaded machine an unshut listener took connections into its backlog, and a
    /// test waiting for "Offline since" saw a fetch hang instead.
    @Test func aStoppedServerRefusesTheNextConnectionAtOnce() async throws {
        server.route("/known", .text("yes"))
        _ = try await get("/known")
        server.stop()
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(server.port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let code = errno
        #expect(connected == -1 && code == ECONNREFUSED, "connect gave \(connected), errno \(code)")
    }

    @Test func unroutedPathGets404NotFound() async throws {
        server.route("/known", .text("yes"))
        let (data, response) = try await get("/unknown")
        #expect(response.statusCode == 404)
        #expect(String(decoding: data, as: UTF8.self) == "not found")
        #expect(response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/plain") == true)
    }

    @Test func scriptedResponsesAreServedInOrderAndTheLastRepeats() async throws {
        server.route("/seq", .text("first"), .text("second", status: 503), .text("third"))
        var seen: [String] = []
        for _ in 0..<4 {
            let (data, response) = try await get("/seq?ignored=\(seen.count)")
            seen.append("\(response.statusCode) \(String(decoding: data, as: UTF8.self))")
        }
        #expect(seen == ["200 first", "503 second", "200 third", "200 third"])
        #expect(server.requests.map(\.id) == [0, 1, 2, 3])
    }

    @Test func redirectIsFollowedByTheClient() async throws {
        server.route("/old", .redirect(to: "/new"))
        server.route("/new", .text("moved here"))
        let (data, response) = try await get("/old")
        #expect(response.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "moved here")
        #expect(server.requests.map(\.path) == ["/old", "/new"])
    }

    @Test func cancellingDuringDelayBeforeHeadersIsSeenWithin200ms() async throws {
        server.route("/slow", ScriptedResponse(body: .data(Data("late".utf8)), delayBeforeHeaders: .seconds(10)))
        let session = self.session
        let request = URLRequest(url: server.url("/slow"))
        let task = Task { try await session.data(for: request) }

        // Logged as soon as the head is parsed, long before the delay ends.
        #expect(await server.waitUntil(timeout: .seconds(3)) { $0.count == 1 })
        let cancelledAt = ContinuousClock.now
        task.cancel()

        let outcome = await task.result
        #expect(throws: (any Error).self) { try outcome.get() }
        if case .failure(let error) = outcome { #expect(Self.isCancellation(error), "\(error)") }
        #expect(await server.waitUntil(timeout: .seconds(2)) { $0.first?.abortedByClient == true })
        let logged = try #require(server.requests.first)
        let closedAt = try #require(logged.clientClosedAt)
        #expect(closedAt - cancelledAt < .seconds(1))
        #expect(!logged.finished)
        #expect(logged.bodyBytesSent == 0)
    }

    @Test func cancellingMidTrickleRecordsAPartialBody() async throws {
        let total = 100 * 1024
        server.route(
            "/trickle",
            ScriptedResponse(
                body: .data(Data(repeating: 0x61, count: total)),
                chunkSize: 1024, delayBetweenChunks: .milliseconds(20)))
        let session = self.session
        let request = URLRequest(url: server.url("/trickle"))
        let task = Task { try await session.data(for: request) }

        #expect(await server.waitUntil(timeout: .seconds(3)) { ($0.first?.bodyBytesSent ?? 0) >= 4096 })
        let cancelledAt = ContinuousClock.now
        task.cancel()
        await #expect(throws: (any Error).self) { try await task.value }

        #expect(await server.waitUntil(timeout: .seconds(2)) { $0.first?.abortedByClient == true })
        let logged = try #require(server.requests.first)
        #expect(logged.bodyBytesSent > 0 && logged.bodyBytesSent < total)
        #expect(!logged.finished)
        let closedAt = try #require(logged.clientClosedAt)
        #expect(closedAt - cancelledAt < .seconds(1))
    }

    @Test func resetGivesTheClientAnError() async throws {
        server.route("/reset", ScriptedResponse(action: .reset))
        await #expect(throws: URLError.self) { try await get("/reset") }
        #expect(server.requests(path: "/reset").count >= 1)
    }

    @Test func resetAfterSomeBodyBytesGivesTheClientAnError() async throws {
        server.route(
            "/reset-after",
            ScriptedResponse(body: .generated(prefix: Data(), count: 1 << 20), action: .resetAfter(bytes: 1000)))
        await #expect(throws: URLError.self) { try await get("/reset-after") }
        let logged = try #require(server.requests(path: "/reset-after").first)
        #expect(logged.bodyBytesSent == 1000)
        #expect(!logged.finished)
    }

    @Test func declaredLengthLongerThanTheBodyGivesTheClientAnError() async throws {
        server.route("/truncated", ScriptedResponse(body: .data(Data("short".utf8)), contentLength: .declared(5000)))
        await #expect(throws: URLError.self) { try await get("/truncated") }
    }

    @Test func omittedContentLengthIsACloseDelimitedBody() async throws {
        server.route("/close-delimited", ScriptedResponse(body: .data(Data("until close".utf8)), contentLength: .omitted))
        let (data, response) = try await get("/close-delimited")
        #expect(response.value(forHTTPHeaderField: "Content-Length") == nil)
        #expect(String(decoding: data, as: UTF8.self) == "until close")
    }

    @Test func generatedBytesFollowTheDocumentedFormula() {
        let prefix = Data([0x89, 0x50, 0x4E, 0x47])
        let expected = Data(prefix + (prefix.count..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        #expect(ScriptedResponse.generatedBytes(prefix: prefix, count: 1000) == expected)
        #expect(ScriptedResponse.generatedBytes(prefix: prefix, count: 2) == Data([0x89, 0x50]))
    }

    @Test func generated10MBBodyArrivesIntact() async throws {
        let prefix = Data("GIF89a".utf8)
        let count = 10 * 1024 * 1024
        server.route("/big.gif", ScriptedResponse(headers: [("Content-Type", "image/gif")], body: .generated(prefix: prefix, count: count)))

        let (data, response) = try await get("/big.gif")

        #expect(response.statusCode == 200)
        #expect(data.count == count)
        #expect(data == ScriptedResponse.generatedBytes(prefix: prefix, count: count))
        // Spot-check against the formula itself, independently of generatedBytes.
        for i in [6, 255, 256, 65_535, 1_048_576, 1_048_833, count - 1] {
            #expect(data[i] == UInt8(truncatingIfNeeded: i &* 31 &+ 7), "byte \(i)")
        }
    }

    @Test func fiveParallelSlowRequestsCountAsFiveConcurrentConnections() async throws {
        // Long enough for all five to arrive while the first still waits, even on a busy machine.
        server.route("/slow", ScriptedResponse(body: .data(Data("ok".utf8)), delayBeforeHeaders: .seconds(1)))
        try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<5 {
                group.addTask { try await get("/slow?n=\(i)").1.statusCode }
            }
            for try await status in group { #expect(status == 200) }
        }
        #expect(server.requests(path: "/slow").count == 5)
        #expect(server.maxConcurrentConnections == 5)
        #expect(server.maxConcurrentRequests == 5)
        server.resetStatistics()
        #expect(server.maxConcurrentConnections <= 5)
        #expect(server.maxConcurrentRequests == 0)
    }
}
