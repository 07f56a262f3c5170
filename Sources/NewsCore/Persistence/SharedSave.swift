import FoundationEssentials
import Synchronization

/// One transfer that several callers can wait for. The transfer's task is owned here: it is
/// cancelled when the last waiter leaves, so a save nobody wants stops at once.
final class SharedSave: @unchecked Sendable {
    private let lock = Mutex(())  // guards the mutable state below
    private var task: Task<Void, Never>?
    private var result: Result<SavedImage, any Error>?
    private var waiters: [UInt64: (continuation: CheckedContinuation<SavedImage, any Error>, progress: @Sendable (TransferProgress) -> Void)] = [:]
    private var nextID: UInt64 = 0
    private var lastProgress: TransferProgress?
    /// The last waiter left and the transfer was cancelled.
    private var abandoned = false

    /// Whether a new caller may join: the transfer still runs and someone still wants it. A
    /// finished one (its result may be stale: a failure, or "not already saved") or one being
    /// torn down after its last waiter left must not be joined; the caller starts afresh.
    var isJoinable: Bool { lock.withLock { _ in result == nil && !abandoned } }

    func start(
        _ work: @escaping @Sendable (_ report: @escaping @Sendable (TransferProgress) -> Void) async throws -> SavedImage,
        onEnd: @escaping @Sendable () -> Void
    ) {
        let task = Task {
            let outcome: Result<SavedImage, any Error>
            do { outcome = .success(try await work { self.broadcast($0) }) } catch { outcome = .failure(error) }
            self.complete(outcome)
            onEnd()
        }
        lock.withLock { _ in self.task = task }
    }

    /// Waits until the transfer has wound down (its temporary file removed or committed),
    /// even when every waiter has already left.
    func settled() async {
        let running = lock.withLock { _ in task }
        await running?.value
    }

    /// Waits for the shared result; cancelling the waiting task leaves (and may stop the transfer).
    func join(progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> SavedImage {
        let id: UInt64 = lock.withLock { _ in
            nextID += 1
            return nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<SavedImage, any Error>) in
                let (ready, last): (Result<SavedImage, any Error>?, TransferProgress?) = lock.withLock { _ in
                    if let result { return (result, nil) }
                    waiters[id] = (continuation, progress)
                    return (nil, lastProgress)
                }
                if let ready {
                    continuation.resume(with: ready)
                } else if let last {
                    progress(last)
                }
                if Task.isCancelled { leave(id) }
            }
        } onCancel: {
            leave(id)
        }
    }

    private func leave(_ id: UInt64) {
        let (waiter, orphaned): (CheckedContinuation<SavedImage, any Error>?, Task<Void, Never>?) = lock.withLock { _ in
            guard let waiter = waiters.removeValue(forKey: id) else { return (nil, nil) }
            guard waiters.isEmpty && result == nil else { return (waiter.continuation, nil) }
            abandoned = true
            return (waiter.continuation, task)
        }
        waiter?.resume(throwing: CancellationError())
        orphaned?.cancel()
    }

    private func broadcast(_ progress: TransferProgress) {
        let handlers = lock.withLock { _ in
            lastProgress = progress
            return waiters.values.map(\.progress)
        }
        for handler in handlers { handler(progress) }
    }

    private func complete(_ outcome: Result<SavedImage, any Error>) {
        let waiting = lock.withLock { _ in
            result = outcome
            let all = waiters.values.map(\.continuation)
            waiters.removeAll()
            return all
        }
        for continuation in waiting { continuation.resume(with: outcome) }
    }
}
