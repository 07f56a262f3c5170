import Foundation

/// A real HTTP/1.1 server on 127.0.0.1 for tests: scripted answers per path, a live log
/// of requests, and prompt detection of clients that hang up. One accept thread plus one
/// thread per connection; everything they share lives in `ServerState`.
public final class LoopbackServer: @unchecked Sendable {
    public let port: Int
    /// The loopback address it listens on (127.0.0.1 unless another was asked for).
    public let host: String
    private let state: ServerState

    /// Binds `host` (127.0.0.1, or another 127.x.y.z address to stand for another server) on an
    /// ephemeral port, listens and starts accepting.
    public init(host: String = "127.0.0.1") throws {
        state = try ServerState()
        let (fd, port) = try Listener.open(host: host)
        self.port = port
        self.host = host
        Listener.startAccepting(on: fd, state: state)
    }

    deinit { state.stop() }

    /// http://<host>:<port>
    public var baseURL: URL { URL(string: "http://\(host):\(port)")! }

    /// baseURL + "/x?y"
    public func url(_ pathAndQuery: String) -> URL {
        let tail = pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery
        return URL(string: "http://\(host):\(port)\(tail)")!
    }

    /// Scripts the answer for a path (matched on the path only, query ignored). Several
    /// responses are served in order, the last one repeating. Routing a path again
    /// restarts its sequence; routing it with no responses removes it. Unrouted paths
    /// get 404 text/plain "not found".
    public func route(_ path: String, _ responses: ScriptedResponse...) {
        state.setRoute(path, responses)
    }

    /// Answers every request for `path` by calling `responder` with its query and body (read
    /// whole, up to 1 MiB): a server whose answer depends on what was asked (an API). Nil removes it.
    public func respond(_ path: String, with responder: LoopbackResponder?) {
        state.setResponder(path, responder)
    }

    /// Answers every request whose path starts with `prefix` (and has no responder of its own)
    /// by calling `responder`: an API whose paths hold ids (`/v1/entries/42/bookmark`). Nil removes it.
    public func respond(prefix: String, with responder: LoopbackResponder?) {
        state.setResponder(prefix: prefix, responder)
    }

    /// Snapshot of the log, in arrival order.
    public var requests: [RecordedRequest] { state.requests }

    public func requests(path: String) -> [RecordedRequest] {
        state.requests.filter { $0.path == path }
    }

    /// Highest number of connections that were open at the same time since start
    /// (or since resetStatistics()).
    public var maxConcurrentConnections: Int { state.maxConcurrentConnections }

    /// Highest number of requests in flight at once: from the server reading a request to its
    /// writing the last byte of the response. Each such span lies inside the client's own, so
    /// unlike open connections (counted until the server sees the client hang up, which can
    /// lag on a busy machine) this never counts more than the client had going at once.
    public var maxConcurrentRequests: Int { state.maxConcurrentRequests }

    /// Restarts both maxima from the numbers open now.
    public func resetStatistics() { state.resetStatistics() }

    /// Waits (polling, see `eventually`) until the condition on the request log holds or the
    /// timeout passes; returns whether it held.
    public func waitUntil(timeout: Duration, _ condition: @Sendable ([RecordedRequest]) -> Bool) async -> Bool {
        await eventually(timeout: timeout, interval: .milliseconds(2)) { condition(state.requests) }
    }

    /// Closes the listener and all connections; returns once they are closed. Idempotent.
    public func stop() { state.stop() }
}

/// A request as a responder sees it: its method, path, query, headers (names lowercased) and body.
public struct LoopbackRequest: Sendable {
    public let method: String
    public let path: String
    public let query: String?
    public let headers: [String: String]
    public let body: Data
}

/// Makes the answer to one request (called on the connection's thread, so it must be thread-safe).
public typealias LoopbackResponder = @Sendable (LoopbackRequest) -> ScriptedResponse
