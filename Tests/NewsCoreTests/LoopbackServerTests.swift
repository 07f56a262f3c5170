import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
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
        #expect(closedAt - cancelledAt < .milliseconds(200))
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
        #expect(closedAt - cancelledAt < .milliseconds(200))
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
        server.route("/slow", ScriptedResponse(body: .data(Data("ok".utf8)), delayBeforeHeaders: .milliseconds(300)))
        try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<5 {
                group.addTask { try await get("/slow?n=\(i)").1.statusCode }
            }
            for try await status in group { #expect(status == 200) }
        }
        #expect(server.requests(path: "/slow").count == 5)
        #expect(server.maxConcurrentConnections == 5)
        server.resetStatistics()
        #expect(server.maxConcurrentConnections <= 5)
    }

    @Test func stopReturnsPromptlyWhileConnectionsHangOrWait() async throws {
        server.route("/hang", ScriptedResponse(action: .hang))
        server.route("/wait", ScriptedResponse(delayBeforeHeaders: .seconds(30)))
        let hanging = try RawClient(port: server.port)
        let waiting = try RawClient(port: server.port)
        try hanging.send("GET /hang HTTP/1.1\r\nHost: x\r\n\r\n")
        try waiting.send("GET /wait HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await server.waitUntil(timeout: .seconds(3)) { $0.count == 2 })

        let start = ContinuousClock.now
        server.stop()
        #expect(ContinuousClock.now - start < .milliseconds(500))
        // Both connections were closed without an answer, and nobody listens any more.
        #expect(try hanging.readToEnd().isEmpty)
        #expect(try waiting.readToEnd().isEmpty)
        #expect(throws: (any Error).self) { try RawClient(port: server.port) }
    }

    @Test func hangingClientThatLeavesIsRecordedAsAborted() async throws {
        server.route("/hang", ScriptedResponse(action: .hang))
        let client = try RawClient(port: server.port)
        try client.send("GET /hang HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await server.waitUntil(timeout: .seconds(3)) { $0.count == 1 })
        let closedAt = ContinuousClock.now
        client.close()
        #expect(await server.waitUntil(timeout: .seconds(2)) { $0.first?.abortedByClient == true })
        let logged = try #require(server.requests.first)
        #expect(try #require(logged.clientClosedAt) - closedAt < .milliseconds(200))
    }

    @Test func clientLeavingMidFastBodyIsRecordedAsAborted() async throws {
        let count = 200 * 1024 * 1024
        server.route("/huge", ScriptedResponse(body: .generated(prefix: Data(), count: count)))
        let client = try RawClient(port: server.port)
        try client.send("GET /huge HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await server.waitUntil(timeout: .seconds(3)) { ($0.first?.bodyBytesSent ?? 0) > 0 })
        let closedAt = ContinuousClock.now
        client.close()  // unread data pending: the kernel answers the server's writes with RST
        #expect(await server.waitUntil(timeout: .seconds(2)) { $0.first?.abortedByClient == true })
        let logged = try #require(server.requests.first)
        #expect(logged.bodyBytesSent < count)
        #expect(try #require(logged.clientClosedAt) - closedAt < .milliseconds(200))
    }

    @Test func a200MBGeneratedBodyStreamsQuickly() async throws {
        let count = 200 * 1024 * 1024
        server.route("/huge", ScriptedResponse(body: .generated(prefix: Data(), count: count)))
        let client = try RawClient(port: server.port)
        let start = ContinuousClock.now
        try client.send("GET /huge HTTP/1.1\r\nHost: x\r\n\r\n")
        let received = try client.countToEnd()
        let elapsed = ContinuousClock.now - start
        let logged = try #require(server.requests.first)
        #expect(logged.bodyBytesSent == count)
        #expect(received > count && received < count + 200)  // body plus a short head
        #expect(elapsed < .seconds(3), "200 MB took \(elapsed)")  // typically well under 1 s
    }
}

/// A blocking TCP client for the cases URLSession cannot express: exact hang-up timing,
/// reading after stop(), and raw throughput.
private final class RawClient {
    private var fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr = in_addr(s_addr: INADDR_LOOPBACK.bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close()  // via close(): deinit still runs after a throwing init and must not close twice
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        // A broken server must fail the test, not hang it.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close() }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw POSIXError(.EIO)
        }
    }

    /// Counts bytes until the server closes.
    func countToEnd() throws -> Int {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return total }
            if n < 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            total += n
        }
    }

    func readToEnd() throws -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return result }
            if n < 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            result += buffer[0..<n]
        }
    }

    func close() {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
    }
}
