import Foundation

/// Runs a command, capturing its stdout and stderr, with a timeout; or starts one and leaves it
/// running (`start`). The one way the tests and the benchmarks start other programs.
///
/// The command is started with `posix_spawn` (arguments as they are, no shell), standard input
/// /dev/null, default signal handling with nothing blocked, no inherited descriptors beyond
/// 0–2, and a process group of its own. Both pipes are drained together by one `poll` loop, so
/// a process that writes a lot to either never blocks. On timeout (or task cancellation) the
/// whole process group gets SIGKILL. Once the process has exited, its pipes are drained for at
/// most `drainGrace` more (a daemonized grandchild may keep them open).
///
/// Why not Foundation's `Process`: on Linux (swift-corelibs-foundation) the child inherits the
/// signal mask of the spawning thread, and on a concurrency-pool thread that blocks SIGTERM,
/// SIGINT, SIGHUP, SIGCHLD... (a tmux server started that way ignores `kill-server`); and it
/// notices a child's exit only when a socket it hands the child closes, which never happens
/// while a daemon the child started (the tmux server) holds it.
public struct ProcessRunner: Sendable {
    static let drainGrace: Duration = .seconds(1)

    /// As given: a path, or a name looked up in PATH when the command starts.
    public let executable: String
    public let arguments: [String]
    /// The whole environment of the process.
    public let environment: [String: String]
    public let currentDirectory: String?

    /// `executable` (a path, or a name looked up in PATH) with `arguments`.
    /// - Parameters:
    ///   - environment: the whole environment of the process; nil inherits this process's.
    ///   - extraEnvironment: variables set on top of `environment` (or of the inherited one).
    public init(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        extraEnvironment: [String: String] = [:],
        currentDirectory: String? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = (environment ?? ProcessInfo.processInfo.environment).merging(extraEnvironment) { _, new in new }
        self.currentDirectory = currentDirectory
    }

    /// Runs the command to completion. The blocking work happens on a dedicated thread, not on
    /// the Swift concurrency pool; cancelling the task kills the process group.
    public func run(timeout: Duration = .seconds(30)) async throws -> ProcessResult {
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ProcessResult, any Error>) in
                let thread = Thread {
                    continuation.resume(with: Result { try execute(timeout: timeout, cancellation: cancellation) })
                }
                thread.name = "ProcessRunner"
                thread.start()
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// The same as `run`, blocking the calling thread: for synchronous callers (such as
    /// `deinit`), short commands, and the benchmarks' timed runs of other programs.
    public func runSynchronously(timeout: Duration = .seconds(30)) throws -> ProcessResult {
        try execute(timeout: timeout, cancellation: nil)
    }

    /// Starts the command and leaves it running, its standard input a pipe it can wait on and
    /// its standard error this process's (see `RunningProcess`).
    public func start() throws -> RunningProcess {
        let path = try resolvedPath()
        let child = try SpawnedChild(
            path: path, arguments: [executable] + arguments, environment: environment,
            currentDirectory: currentDirectory, streams: .interactive
        )
        return RunningProcess(child, command: [path] + arguments)
    }

    /// The full path of `name`: itself when it contains a slash, else the first executable
    /// match in PATH; nil when there is none.
    public static func find(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let searchPath = environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    func resolvedPath() throws -> String {
        if executable.contains("/") { return executable }
        guard let path = Self.find(executable, environment: environment) else {
            throw ProcessRunnerError.executableNotFound(executable)
        }
        return path
    }

    private enum KillReason { case timedOut, cancelled }

    func execute(timeout: Duration, cancellation: CancellationFlag?) throws -> ProcessResult {
        let path = try resolvedPath()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        let child = try SpawnedChild(
            path: path, arguments: [executable] + arguments, environment: environment,
            currentDirectory: currentDirectory, streams: .captured
        )
        defer { child.closePipes() }

        var drain = PipeDrain(stdout: child.stdout, stderr: child.stderr)
        var waitStatus: Int32?
        var exitedAt: ContinuousClock.Instant?
        var killedBecause: KillReason?
        while true {
            let now = clock.now
            if waitStatus == nil, let status = child.reap() {
                waitStatus = status
                exitedAt = now
            }
            if let exitedAt, drain.isFinished || now - exitedAt >= Self.drainGrace { break }
            if killedBecause == nil, waitStatus == nil {
                if cancellation?.isCancelled == true {
                    killedBecause = .cancelled
                } else if now >= deadline {
                    killedBecause = .timedOut
                }
                if killedBecause != nil { child.killGroup() }
            }
            // Both pipes closed: the process is exiting, so look again soon (the benchmarks time it).
            drain.pump(waitingAtMost: drain.isFinished ? 1 : 20)
        }

        switch killedBecause {
        case .cancelled:
            throw CancellationError()
        case .timedOut:
            throw ProcessRunnerError.timedOut(
                command: [path] + arguments, timeout: timeout, stdout: Data(drain.stdout), stderr: Data(drain.stderr)
            )
        case nil:
            return ProcessResult(waitStatus: waitStatus ?? 0, stdout: Data(drain.stdout), stderr: Data(drain.stderr))
        }
    }
}
