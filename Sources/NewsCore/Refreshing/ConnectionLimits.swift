import FoundationEssentials
import Synchronization

/// How many loads run at once: at most `maxConnections` in all and `maxPerHost` against one
/// host, so that a long list of one site's feeds is fetched politely (newsboat's users were
/// banned for less). Waiting honours cancellation and blocks no thread.
public final class ConnectionLimits: Sendable {
    public let maxConnections: Int
    public let maxPerHost: Int
    private let connections: HostSlots
    /// Loads let in to start their work, four times the connections in all and twice a host's
    /// per host: the others wait at the door, in a task holding nothing but itself. A refresh of
    /// 5,000 feeds held 38 MiB of task stacks in loads that waited deep in their work for a
    /// connection. Per host, so that a config with each site's feeds together still keeps every
    /// site's connections busy.
    private let admission: HostSlots
    /// Editions fetched and not yet merged into the cache, at most twice the connections: a
    /// fetch waits (holding its connection slots) while that many wait for the cache. Without
    /// it, fetches outran the merges, and a refresh of 5,000 feeds held 200 MiB of editions
    /// queued for the store.
    public let unmergedEditions: AsyncLimiter

    public init(maxConnections: Int = ConfigSettings.defaultMaxConnections, maxPerHost: Int = ConfigSettings.defaultMaxPerHost) {
        self.maxConnections = max(1, maxConnections)
        self.maxPerHost = max(1, maxPerHost)
        connections = HostSlots(total: self.maxConnections, perHost: self.maxPerHost)
        admission = HostSlots(total: 4 * self.maxConnections, perHost: 2 * self.maxPerHost)
        unmergedEditions = AsyncLimiter(limit: 2 * self.maxConnections)
    }

    /// Runs `body` once a slot for `host` (nil: a local file, no host limit) and a slot in all are free.
    public func withSlot<T: Sendable>(host: String?, _ body: () async throws -> T) async throws -> T {
        try await connections.withSlot(host: host, body)
    }

    /// Runs `body`, a whole load (which takes its connection inside), once the load is let in;
    /// see `admission`. Call it from a function whose own frame is small: what waits is the frame.
    public func admitted<T: Sendable>(host: String?, _ body: () async throws -> T) async throws -> T {
        try await admission.withSlot(host: host, body)
    }
}

/// Slots in all and slots a host.
private final class HostSlots: Sendable {
    private let total: AsyncLimiter
    private let perHost: Int
    private let hosts = Mutex<[String: AsyncLimiter]>([:])

    init(total: Int, perHost: Int) {
        self.total = AsyncLimiter(limit: total)
        self.perHost = perHost
    }

    func withSlot<T: Sendable>(host: String?, _ body: () async throws -> T) async throws -> T {
        guard let host else { return try await total.withSlot(body) }
        // The host's slot first: loads queued behind a busy host hold none of the shared slots.
        return try await limiter(for: host).withSlot { try await total.withSlot(body) }
    }

    private func limiter(for host: String) -> AsyncLimiter {
        hosts.withLock { hosts in
            if let limiter = hosts[host] { return limiter }
            let limiter = AsyncLimiter(limit: perHost)
            hosts[host] = limiter
            return limiter
        }
    }
}
