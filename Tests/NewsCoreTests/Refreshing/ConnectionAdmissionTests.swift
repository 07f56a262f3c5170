import Foundation
import Synchronization
import Testing
@testable import NewsCore

/// Loads wait at the door (`ConnectionLimits.admitted`) before their work starts: four times the
/// connections in all, twice a host's per host, so that thousands of queued loads hold no work's
/// memory, and a host with many feeds never keeps another host's loads out.
@Suite("Loads let in", .timeLimit(.minutes(1)))
struct ConnectionAdmissionTests {
    /// Which loads are inside, by host, and the most of each host at once.
    final class Inside: Sendable {
        let now = Mutex<[String: Int]>([:])
        let most = Mutex<[String: Int]>([:])
        let open = Atomic(false)

        func enter(_ host: String) {
            let count = now.withLock { now in
                now[host, default: 0] += 1
                return now[host]!
            }
            most.withLock { $0[host] = max($0[host] ?? 0, count) }
        }

        func leave(_ host: String) { now.withLock { $0[host, default: 0] -= 1 } }
        var total: Int { now.withLock { $0.values.reduce(0, +) } }
    }

    /// Polls `condition` for up to 10 s.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(2))  // polling: a cancelled wait just looks again
        }
        return condition()
    }

    @Test func loadsAreLetInFourTimesTheConnectionsAndTwiceAHostsSlots() async throws {
        // 2 connections, 1 a host: 8 let in at once, 2 a host.
        let limits = ConnectionLimits(maxConnections: 2, maxPerHost: 1)
        let inside = Inside()
        // Twenty loads of one site first, as a config with its feeds together lists them, then one of each of six others.
        let hosts = Array(repeating: "big.example", count: 20) + (1...6).map { "site\($0).example" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for host in hosts {
                group.addTask {
                    try await limits.admitted(host: host) {
                        inside.enter(host)
                        while !inside.open.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(1)) }
                        inside.leave(host)
                    }
                }
            }
            // The big site's twenty take two places, and each other site one: eight in all.
            #expect(await eventually { inside.total == 8 })
            #expect(inside.now.withLock { $0["big.example"] } == 2)
            #expect(inside.now.withLock { $0.count { $0.key != "big.example" && $0.value == 1 } } == 6)
            inside.open.store(true, ordering: .releasing)
            try await group.waitForAll()
        }
        #expect(inside.most.withLock { $0["big.example"] } == 2)
        #expect(inside.total == 0)
    }
}
