import FoundationEssentials
import Synchronization

/// A one-shot switch a person flips (`c` on a download row). `wait()` returns when it is
/// flipped or when the waiting task is cancelled, so it can race real work in a task group.
final class CancelSwitch: @unchecked Sendable {
    private let lock = Mutex(())  // guards the state below
    private var flipped = false
    private var waiter: CheckedContinuation<Void, Never>?

    var isFlipped: Bool { lock.withLock { _ in flipped } }

    func flip() {
        let waiting: CheckedContinuation<Void, Never>? = lock.withLock { _ in
            flipped = true
            defer { waiter = nil }
            return waiter
        }
        waiting?.resume()
    }

    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready: Bool = lock.withLock { _ in
                    if flipped || Task.isCancelled { return true }
                    waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiting: CheckedContinuation<Void, Never>? = lock.withLock { _ in
                defer { waiter = nil }
                return waiter
            }
            waiting?.resume()
        }
    }
}
