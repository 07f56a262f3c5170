/// Waiting for the screen or the program, by polling with a deadline (`eventually`): never a fixed sleep.
extension TmuxSession {
    static let pollInterval: Duration = .milliseconds(20)
    /// After the program exits, how long the screen is still watched (tmux may not have read the
    /// program's last output yet) before a wait gives up early.
    static let settleAfterExit: Duration = .milliseconds(300)

    /// Polls the screen every ~20 ms until `condition` holds, and returns that screen.
    /// Throws, with the last screen, on timeout, or shortly after the program exited without
    /// the condition holding.
    @discardableResult
    public func waitForScreen(
        timeout: Duration = .seconds(10),
        _ condition: (String) -> Bool
    ) async throws -> String {
        try await waitForScreen(describedAs: "the screen to match a condition", timeout: timeout, condition)
    }

    /// Waits until `text` appears on the screen and returns that screen.
    @discardableResult
    public func waitForText(_ text: String, timeout: Duration = .seconds(10)) async throws -> String {
        try await waitForScreen(describedAs: "text \(text.debugDescription)", timeout: timeout) {
            $0.contains(text)
        }
    }

    /// `waitForScreen`, with `description` naming what was awaited in the error.
    @discardableResult
    public func waitForScreen(
        describedAs description: String,
        timeout: Duration = .seconds(10),
        _ condition: (String) -> Bool
    ) async throws -> String {
        var screen = ""
        var exitSeenAt: ContinuousClock.Instant?
        let held = try await eventually(timeout: timeout, interval: Self.pollInterval) {
            let exited = exitStatus
            screen = try capture()
            if condition(screen) { return true }
            if let exited {
                let seenAt = exitSeenAt ?? .now
                exitSeenAt = seenAt
                if ContinuousClock.now - seenAt >= Self.settleAfterExit {
                    throw TmuxSessionError.programExited(status: exited, waitingFor: description, lastScreen: screen)
                }
            }
            return false
        }
        guard held else { throw TmuxSessionError.timedOut(waitingFor: description, timeout: timeout, lastScreen: screen) }
        return screen
    }

    /// Waits until the program exited and returns its status (0...255; 128+N after signal N).
    public func waitForExit(timeout: Duration = .seconds(10)) async throws -> Int32 {
        try await poll(describedAs: "the program to exit", timeout: timeout) { exitStatus }
    }

    /// Waits until the program has started (the wrapper has handed over to it) and returns its
    /// pid. Throws if it exits first.
    @discardableResult
    public func waitForProgramStart(timeout: Duration = .seconds(10)) async throws -> Int32 {
        try await poll(describedAs: "the program to start", timeout: timeout) {
            if let status = exitStatus {
                throw TmuxSessionError.programExited(
                    status: status, waitingFor: "the program to start", lastScreen: (try? capture()) ?? ""
                )
            }
            return runningProgramPID()
        }
    }

    private func poll<Value>(
        describedAs description: String,
        timeout: Duration,
        _ probe: () throws -> Value?
    ) async throws -> Value {
        var value: Value?
        let held = try await eventually(timeout: timeout, interval: Self.pollInterval) {
            guard !isClosed else { throw TmuxSessionError.closed }
            value = try probe()
            return value != nil
        }
        guard held, let value else {
            throw TmuxSessionError.timedOut(waitingFor: description, timeout: timeout, lastScreen: try? capture())  // closed: no screen
        }
        return value
    }
}
