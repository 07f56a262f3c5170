import Synchronization

/// A gate that tasks wait at until the test opens it. Lets a test decide when work ends,
/// instead of guessing with sleeps.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Lets every waiter (present and future) through.
    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: false) }
    }

    /// Waits until the gate opens, whatever happens to the waiting task (ignores cancellation).
    func wait() async {
        _ = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.isOpen { return true }
                state.nextID += 1
                state.waiters[state.nextID] = continuation
                return false
            }
            if ready { continuation.resume(returning: false) }
        }
    }

    /// Waits until the gate opens or the waiting task is cancelled; true when cancelled.
    func waitOrCancel() async -> Bool {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let immediate = state.withLock { state -> Bool? in
                    if state.isOpen { return false }
                    if Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: true)
        }
    }
}

/// A first-in first-out mailbox: any task posts, the test awaits the next message.
final class Mailbox<Message: Sendable>: Sendable {
    private struct State {
        var messages: [Message] = []
        var waiter: CheckedContinuation<Message, Never>?
    }

    private let state = Mutex(State())

    func post(_ message: Message) {
        let waiter = state.withLock { state -> CheckedContinuation<Message, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.messages.append(message)
            return nil
        }
        waiter?.resume(returning: message)
    }

    /// The next message, waiting for it if need be (one reader at a time).
    func next() async -> Message {
        await withCheckedContinuation { (continuation: CheckedContinuation<Message, Never>) in
            let message = state.withLock { state -> Message? in
                if !state.messages.isEmpty { return state.messages.removeFirst() }
                precondition(state.waiter == nil, "one reader at a time")
                state.waiter = continuation
                return nil
            }
            if let message { continuation.resume(returning: message) }
        }
    }

    /// Messages posted and not yet read.
    var pending: [Message] { state.withLock { $0.messages } }
}

/// A value whose release is observable: work returns one, and its `deinit` tells the test
/// that the run which produced it has finished with it (after the point where `apply` runs).
final class Probe: Sendable {
    let name: String
    private let released: @Sendable () -> Void

    init(_ name: String, released: @escaping @Sendable () -> Void) {
        self.name = name
        self.released = released
    }

    deinit { released() }
}

/// What main-actor callbacks saw, in order; a test can wait for a number of entries.
@MainActor
final class Log {
    private(set) var entries: [String] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func append(_ entry: String) {
        entries.append(entry)
        let ready = waiters.filter { $0.count <= entries.count }
        waiters.removeAll { $0.count <= entries.count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once at least `count` entries were logged.
    func wait(forCount count: Int) async {
        if entries.count >= count { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}
