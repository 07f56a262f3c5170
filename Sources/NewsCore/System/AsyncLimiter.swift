import FoundationEssentials
import Synchronization

/// At most `limit` holders at once; others wait in order. Waiting honours cancellation (a
/// cancelled waiter leaves the queue and throws `CancellationError`) and never blocks a thread.
public final class AsyncLimiter: Sendable {
    private let limit: Int
    private let state = Mutex(State())

    private struct State: ~Copyable {
        var active = 0
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID: UInt64 = 0
        /// How many `withGrantsHeld` bodies run now: while any does, no slot is handed on.
        var holds = 0

        /// The continuations of the waiters that may take a free slot now (their slots taken).
        mutating func grantFreeSlots(limit: Int) -> [CheckedContinuation<Void, any Error>] {
            var granted: [CheckedContinuation<Void, any Error>] = []
            while holds == 0, active < limit, !waiters.isEmpty {
                active += 1
                granted.append(waiters.removeFirst().continuation)
            }
            return granted
        }
    }

    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `body` once a slot is free.
    public func withSlot<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await body()
    }

    /// Takes a slot once one is free; the caller must `release()` it (for a slot held across
    /// scopes, as an edition's from its fetch to its merge).
    public func acquire() async throws {
        try Task.checkCancellation()
        let id: UInt64 = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let granted: Bool = state.withLock { state in
                    if state.active < limit && state.waiters.isEmpty && state.holds == 0 {
                        state.active += 1
                        return true
                    }
                    state.waiters.append((id, continuation))
                    return false
                }
                if granted { continuation.resume() }
            }
        } onCancel: {
            let removed: CheckedContinuation<Void, any Error>? = state.withLock { state in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            removed?.resume(throwing: CancellationError())
        }
    }

    /// Frees a slot taken by `acquire()`.
    public func release() {
        let next: CheckedContinuation<Void, any Error>? = state.withLock { state in
            if state.waiters.isEmpty || state.holds > 0 {
                state.active -= 1
                return nil
            }
            return state.waiters.removeFirst().continuation  // the slot passes straight on
        }
        next?.resume()
    }

    /// Runs `body` with no slot handed to a waiter meanwhile. Cancelling many holders and
    /// waiters inside `body` then cannot let a waiter slip through a freed slot before its own
    /// cancellation arrives. Slots freed meanwhile go to the remaining waiters afterwards.
    public func withGrantsHeld(_ body: () -> Void) {
        state.withLock { $0.holds += 1 }
        body()
        let granted = state.withLock { state in
            state.holds -= 1
            return state.grantFreeSlots(limit: limit)
        }
        for continuation in granted { continuation.resume() }
    }
}
