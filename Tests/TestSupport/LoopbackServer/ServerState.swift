import Foundation

/// Everything the accept and connection threads share with the test, behind one lock.
/// Threads hold this object rather than the `LoopbackServer`, so dropping the server
/// still runs its deinit (and so stop()).
final class ServerState: @unchecked Sendable {
    private struct Route {
        var responses: [ScriptedResponse]
        var served = 0
    }

    let stopSignal: StopSignal
    private let condition = NSCondition()  // guards everything below
    private var routes: [String: Route] = [:]
    private var responders: [String: LoopbackResponder] = [:]
    /// Responders for every path under a prefix (an API whose paths hold ids), longest first.
    private var prefixResponders: [(prefix: String, responder: LoopbackResponder)] = []
    private var log: [RecordedRequest] = []
    private var openConnections = 0
    private var maxOpenConnections = 0
    private var openRequests = 0
    private var maxOpenRequests = 0
    private var liveThreads = 0
    private var stopped = false

    init() throws {
        stopSignal = try StopSignal()
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    // MARK: Script and log

    func setRoute(_ path: String, _ responses: [ScriptedResponse]) {
        locked { routes[path] = responses.isEmpty ? nil : Route(responses: responses) }
    }

    func setResponder(_ path: String, _ responder: LoopbackResponder?) {
        locked { responders[path] = responder }
    }

    func setResponder(prefix: String, _ responder: LoopbackResponder?) {
        locked {
            prefixResponders.removeAll { $0.prefix == prefix }
            if let responder { prefixResponders.append((prefix, responder)) }
            prefixResponders.sort { $0.prefix.count > $1.prefix.count }
        }
    }

    /// Logs a parsed request and picks its response in one step, so the n-th arrival
    /// gets the n-th scripted response. A path with a responder answers once the body is read.
    func admit(_ head: RequestHead) -> (id: Int, response: ScriptedResponse, responder: LoopbackResponder?) {
        locked {
            let id = log.count
            log.append(RecordedRequest(id: id, head: head, receivedAt: .now))
            openRequests += 1
            maxOpenRequests = max(maxOpenRequests, openRequests)
            if let responder = responders[head.path] ?? prefixResponders.first(where: { head.path.hasPrefix($0.prefix) })?.responder {
                return (id, .notFound, responder)
            }
            let key = routes[head.path] != nil ? head.path : (head.path.removingPercentEncoding ?? head.path)
            guard var route = routes[key] else { return (id, .notFound, nil) }
            let response = route.responses[min(route.served, route.responses.count - 1)]
            route.served += 1
            routes[key] = route
            return (id, response, nil)
        }
    }

    /// Ends what `admit` counted: the response was sent whole, or the exchange ended early.
    func requestEnded() { locked { openRequests -= 1 } }

    func update(_ id: Int, _ change: (inout RecordedRequest) -> Void) {
        locked { change(&log[id]) }
    }

    var requests: [RecordedRequest] { locked { log } }

    // MARK: Connections and threads

    /// Counts a freshly accepted connection and its thread; false once stopped.
    func connectionOpened() -> Bool {
        locked {
            guard !stopped else { return false }
            openConnections += 1
            maxOpenConnections = max(maxOpenConnections, openConnections)
            liveThreads += 1
            return true
        }
    }

    func connectionClosed() {
        locked {
            openConnections -= 1
            liveThreads -= 1
            condition.broadcast()
        }
    }

    /// The listening socket, open until the accept thread closes it.
    private var listener: Int32?

    func acceptThreadStarted(listening fd: Int32) {
        locked {
            liveThreads += 1
            listener = fd
        }
    }

    /// The accept thread's end: it closes the listener here, under the lock `stop` shuts it
    /// down under, so the descriptor is never shut down after it was closed (and reused).
    func acceptThreadEnded() {
        locked {
            if let listener { close(listener) }
            listener = nil
            liveThreads -= 1
            condition.broadcast()
        }
    }

    var maxConcurrentConnections: Int { locked { maxOpenConnections } }

    var maxConcurrentRequests: Int { locked { maxOpenRequests } }

    func resetStatistics() {
        locked {
            maxOpenConnections = openConnections
            maxOpenRequests = openRequests
        }
    }

    /// Wakes every thread and waits (bounded, so it can never hang) until they have
    /// closed their sockets.
    func stop() {
        // The listener refuses new connections from now on, whenever the accept thread runs
        // (on a loaded machine it may run seconds later): a test that stops its server expects
        // the next connection refused, not accepted into the backlog and left unanswered.
        locked {
            stopped = true
            if let listener { shutdown(listener, Int32(SHUT_RDWR)) }
        }
        stopSignal.fire()
        let deadline = Date(timeIntervalSinceNow: 5)
        condition.lock()
        while liveThreads > 0, condition.wait(until: deadline) {}
        condition.unlock()
    }
}
