import Synchronization

/// Work its callers share (a sync, a login, a write token), kept in an actor's state: the first
/// caller starts it, later ones join it while it runs, and it is cancelled only when the last
/// caller waiting for it is (one caller leaving never takes the work from the others).
struct SharedRun<Value: Sendable> {
    private(set) var task: Task<Value, any Error>?
    private var waiters = Waiters()

    /// Joins the run in progress; else starts one with `start`, given the run before it (a
    /// cancelled one, which the new run may wait out).
    mutating func join(_ start: (_ previous: Task<Value, any Error>?) -> Task<Value, any Error>) -> Ticket {
        if let task, !task.isCancelled {
            waiters.join()
            return Ticket(task: task, waiters: waiters)
        }
        let started = start(task)
        task = started
        waiters = Waiters()
        waiters.join()
        return Ticket(task: started, waiters: waiters)
    }

    /// Forgets `ended` once it is over, so that the next caller starts anew; true when it was
    /// still the current run (the first of its callers to hear it ended).
    @discardableResult
    mutating func end(_ ended: Task<Value, any Error>) -> Bool {
        guard task == ended else { return false }
        task = nil
        return true
    }

    /// One caller's place in a run.
    struct Ticket: Sendable {
        let task: Task<Value, any Error>
        fileprivate let waiters: Waiters

        /// The run's result. A caller cancelled meanwhile stops waiting; the last one cancels the run.
        func result() async -> Result<Value, any Error> {
            await withTaskCancellationHandler {
                await task.result
            } onCancel: {
                if waiters.leave() { task.cancel() }
            }
        }
    }
}

/// How many callers wait for one run, counted from their cancellation handlers (which run
/// synchronously, off the actor).
private final class Waiters: Sendable {
    private let count = Mutex(0)

    func join() { count.withLock { $0 += 1 } }

    /// One caller left; true when it was the last.
    func leave() -> Bool {
        count.withLock {
            $0 -= 1
            return $0 == 0
        }
    }
}
