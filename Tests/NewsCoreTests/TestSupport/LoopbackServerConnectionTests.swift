import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import Testing
import TestSupport

/// Self-tests of the loopback server's connections, driven by a raw socket: stopping while
/// clients wait, clients that hang up, and throughput.
@Suite struct LoopbackServerConnectionTests {
    let server: LoopbackServer

    init() throws { server = try LoopbackServer() }

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
        #expect(ContinuousClock.now - start < .seconds(2))
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
        #expect(try #require(logged.clientClosedAt) - closedAt < .seconds(1))
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
        #expect(try #require(logged.clientClosedAt) - closedAt < .seconds(1))
    }

    @Test func a200MBGeneratedBodyStreamsQuickly() async throws {
        let count = 200 * 1024 * 1024
        server.route("/huge", ScriptedResponse(body: .generated(prefix: Data(), count: count)))
        let client = try RawClient(port: server.port)
        let start = ContinuousClock.now
        try client.send("GET /huge HTTP/1.1\r\nHost: x\r\n\r\n")
        let received = try client.countToEnd()
        let elapsed = ContinuousClock.now - start
        // The server counts a send once it returns, which can be after the client has read it.
        #expect(await server.waitUntil(timeout: .seconds(5)) { $0.first?.bodyBytesSent == count })
        #expect(received > count && received < count + 200)  // body plus a short head
        #expect(elapsed < .seconds(10), "200 MB took \(elapsed)")  // typically well under 1 s
    }
}

/// A blocking TCP client for the cases URLSession cannot express: exact hang-up timing,
/// reading after stop(), and raw throughput.
final class RawClient {
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
        var total = 0
        try receiveToEnd { total += $0.count }
        return total
    }

    func readToEnd() throws -> [UInt8] {
        var result: [UInt8] = []
        try receiveToEnd { result += $0 }
        return result
    }

    /// Hands each piece received to `consume` until the server closes.
    private func receiveToEnd(_ consume: (ArraySlice<UInt8>) -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return }
            if n < 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            consume(buffer[0..<n])
        }
    }

    func close() {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
    }
}
