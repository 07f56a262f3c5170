import FoundationEssentials
import Synchronization

/// At most `limit` holders at once; others wait in order. Waiting honours cancellation (a
/// cancelled waiter leaves the queue and throws `CancellationError`) and never blocks a thread.
public final class AsyncLimiter: @unchecked Sendable {
    private let lock = Mutex(())  // guards the mutable state below
    private let limit: Int
    private var active = 0
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextID: UInt64 = 0
    private var holds = 0

    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `body` once a slot is free.
    public func withSlot<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async throws {
        try Task.checkCancellation()
        let id: UInt64 = lock.withLock { _ in
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let granted: Bool = lock.withLock { _ in
                    if active < limit && waiters.isEmpty && holds == 0 {
                        active += 1
                        return true
                    }
                    waiters.append((id, continuation))
                    return false
                }
                if granted { continuation.resume() }
            }
        } onCancel: {
            let removed: CheckedContinuation<Void, any Error>? = lock.withLock { _ in
                guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return waiters.remove(at: index).continuation
            }
            removed?.resume(throwing: CancellationError())
        }
    }

    private func release() {
        let next: CheckedContinuation<Void, any Error>? = lock.withLock { _ in
            if waiters.isEmpty || holds > 0 {
                active -= 1
                return nil
            }
            return waiters.removeFirst().continuation  // the slot passes straight on
        }
        next?.resume()
    }

    /// Runs `body` with no slot handed to a waiter meanwhile. Cancelling many holders and
    /// waiters inside `body` then cannot let a waiter slip through a freed slot before its own
    /// cancellation arrives. Slots freed meanwhile go to the remaining waiters afterwards.
    public func withGrantsHeld(_ body: () -> Void) {
        lock.withLock { _ in holds += 1 }
        body()
        let granted: [CheckedContinuation<Void, any Error>] = lock.withLock { _ in
            holds -= 1
            guard holds == 0 else { return [] }
            var granted: [CheckedContinuation<Void, any Error>] = []
            while active < limit, !waiters.isEmpty {
                active += 1
                granted.append(waiters.removeFirst().continuation)
            }
            return granted
        }
        for continuation in granted { continuation.resume() }
    }
}
