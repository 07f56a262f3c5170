/// The tasks that belong to one screen, like SwiftUI's `.task`: they start when the screen
/// opens and are all cancelled when it closes.
///
/// Work is started with `run`, keyed by a `TaskKey`. A new run for a key cancels the one still
/// running (latest wins), and only the current run may write its results: `apply` and
/// `update` check, on the main actor, that the run is neither cancelled nor superseded. A
/// result from an abandoned fetch therefore cannot reach the screen, by construction.
@MainActor
package final class TaskScope {
    /// Identifies one run of one key.
    package struct Token: Hashable, Sendable {
        package let key: TaskKey
        let serial: Int
    }

    private var running: [TaskKey: (token: Token, task: Task<Void, Never>)] = [:]
    private var nextSerial = 0
    package private(set) var isClosed = false

    package init() {}

    /// Whether `token` is still the live run for its key.
    package func isCurrent(_ token: Token) -> Bool {
        !isClosed && running[token.key]?.token == token
    }

    /// Whether a run for `key` is in progress.
    package func isRunning(_ key: TaskKey) -> Bool { running[key] != nil }

    /// Starts `work` for `key`, cancelling the run already in progress for it. When `work`
    /// finishes, `apply` gets its result only if this run is still current.
    @discardableResult
    package func run<Value: Sendable>(
        _ key: TaskKey,
        work: @escaping @Sendable () async throws -> Value,
        apply: @escaping @MainActor (Result<Value, any Error>) -> Void
    ) -> Token {
        run(key) { token in
            let result: Result<Value, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            self.update(token) { apply(result) }
        }
    }

    /// Like `run(_:work:apply:)`, for work that reports progress: `progress` sees each report
    /// on the main actor while the run is current, then `apply` sees the result.
    @discardableResult
    package func run<Value: Sendable, Progress: Sendable>(
        _ key: TaskKey,
        work: @escaping @Sendable (_ report: @escaping @Sendable (Progress) -> Void) async throws -> Value,
        progress: @escaping @MainActor (Progress) -> Void,
        apply: @escaping @MainActor (Result<Value, any Error>) -> Void
    ) -> Token {
        run(key) { token in
            // The newest report is enough: a slow screen skips to the latest figure.
            let (reports, continuation) = AsyncStream.makeStream(of: Progress.self, bufferingPolicy: .bufferingNewest(1))
            async let outcome: Result<Value, any Error> = {
                defer { continuation.finish() }
                do { return .success(try await work { continuation.yield($0) }) } catch { return .failure(error) }
            }()
            for await report in reports { self.update(token) { progress(report) } }
            let result = await outcome
            self.update(token) { apply(result) }
        }
    }

    /// Starts a main-actor body for `key` (latest wins). The body can await work off the
    /// main actor and must write state only through `update(token)`.
    @discardableResult
    package func run(_ key: TaskKey, _ body: @escaping @MainActor (Token) async -> Void) -> Token {
        running[key]?.task.cancel()
        nextSerial += 1
        let token = Token(key: key, serial: nextSerial)
        guard !isClosed else { return token }
        let task = Task { @MainActor in
            await body(token)
            self.finished(token)
        }
        running[key] = (token, task)
        return token
    }

    /// Runs `change` only if `token` is current and its task not cancelled.
    package func update(_ token: Token, _ change: () -> Void) {
        guard isCurrent(token), !Task.isCancelled else { return }
        change()
    }

    /// Cancels the run for `key`, if any. Its results will be dropped.
    package func cancel(_ key: TaskKey) {
        running.removeValue(forKey: key)?.task.cancel()
    }

    /// Cancels everything and refuses new work: the screen is closing.
    package func close() {
        isClosed = true
        for (_, entry) in running { entry.task.cancel() }
    }

    /// Waits until every task (or only `key`'s) has ended, or the deadline passes.
    package func drain(timeout: Duration, only key: TaskKey? = nil) async {
        await drain(timeout: timeout, only: key.map { [$0] })
    }

    /// Waits until every task of `keys` (nil: every task) has ended, or the deadline passes.
    package func drain(timeout: Duration, only keys: Set<TaskKey>?) async {
        let tasks = running.filter { keys?.contains($0.key) ?? true }.map(\.value.task)
        guard !tasks.isEmpty else { return }
        // Whichever comes first, the tasks' end or the deadline, ends the wait. Not a task
        // group: a group waits for all its children, including one awaiting a stuck task.
        let (signal, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        Task {
            for task in tasks { await task.value }
            continuation.yield()
        }
        let deadline = Task {
            try? await Task.sleep(for: timeout)  // cancelled once the tasks ended first: then the yield is not waited for
            continuation.yield()
        }
        for await _ in signal { break }
        deadline.cancel()
    }

    private func finished(_ token: Token) {
        if running[token.key]?.token == token { running.removeValue(forKey: token.key) }
    }
}
