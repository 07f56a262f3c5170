import Dispatch

/// Runs the store actor's jobs on a serial dispatch queue of its own, so that waiting on the
/// disk or on another instance's lock (the busy timeout) never holds a thread of Swift's
/// small cooperative pool, which the interface and the network share.
final class StoreExecutor: SerialExecutor {
    private let queue = DispatchQueue(label: "headlines.store", qos: .userInitiated)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
