import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a finished process left behind.
public struct ProcessResult: Sendable {
    /// The exit status, or `128 + N` when the process was killed by signal N (as a shell reports it).
    public let status: Int32
    /// The signal that killed the process, or nil when it exited.
    public let uncaughtSignal: Int32?
    public let stdout: Data
    public let stderr: Data

    public init(status: Int32, uncaughtSignal: Int32? = nil, stdout: Data, stderr: Data) {
        self.status = status
        self.uncaughtSignal = uncaughtSignal
        self.stdout = stdout
        self.stderr = stderr
    }

    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

public enum ProcessRunnerError: Error, CustomStringConvertible {
    case executableNotFound(String)
    case spawnFailed(String, errno: Int32)
    /// The process outlived its timeout and was killed; what it had written so far is kept.
    case timedOut(command: [String], timeout: Duration, stdout: Data, stderr: Data)

    public var description: String {
        switch self {
        case .executableNotFound(let name):
            return "executable not found: \(name)"
        case .spawnFailed(let what, let code):
            return "\(what) failed: \(String(cString: strerror(code)))"
        case .timedOut(let command, let timeout, let stdout, let stderr):
            return """
                process timed out after \(timeout) and was killed: \(command.joined(separator: " "))
                --- stdout so far ---
                \(String(decoding: stdout, as: UTF8.self))
                --- stderr so far ---
                \(String(decoding: stderr, as: UTF8.self))
                """
        }
    }
}

/// Runs a command to completion, capturing its stdout and stderr, with a timeout.
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
public enum ProcessRunner {
    static let drainGrace: Duration = .seconds(1)

    /// Runs `executable` (a path, or a name looked up in PATH) with `arguments`.
    ///
    /// The blocking work happens on a dedicated thread, not on the Swift concurrency pool.
    /// - Parameters:
    ///   - environment: the whole environment of the process; nil inherits this process's.
    ///   - extraEnvironment: variables set on top of `environment` (or of the inherited one).
    public static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        extraEnvironment: [String: String] = [:],
        currentDirectory: String? = nil,
        timeout: Duration = .seconds(30)
    ) async throws -> ProcessResult {
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ProcessResult, any Error>) in
                let thread = Thread {
                    continuation.resume(with: Result {
                        try execute(
                            executable, arguments,
                            environment: environment, extraEnvironment: extraEnvironment,
                            currentDirectory: currentDirectory, timeout: timeout,
                            cancellation: cancellation
                        )
                    })
                }
                thread.name = "ProcessRunner"
                thread.start()
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// The same as `run`, blocking the calling thread: for synchronous callers (such as
    /// `deinit`) and short commands.
    public static func runSynchronously(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        extraEnvironment: [String: String] = [:],
        currentDirectory: String? = nil,
        timeout: Duration = .seconds(30)
    ) throws -> ProcessResult {
        try execute(
            executable, arguments,
            environment: environment, extraEnvironment: extraEnvironment,
            currentDirectory: currentDirectory, timeout: timeout,
            cancellation: nil
        )
    }

    private enum KillReason { case timedOut, cancelled }

    static func execute(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]?,
        extraEnvironment: [String: String],
        currentDirectory: String?,
        timeout: Duration,
        cancellation: CancellationFlag?
    ) throws -> ProcessResult {
        let effectiveEnvironment = (environment ?? ProcessInfo.processInfo.environment)
            .merging(extraEnvironment) { _, new in new }
        let path = try resolve(executable, environment: effectiveEnvironment)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        let child = try SpawnedChild(
            path: path, arguments: [executable] + arguments,
            environment: effectiveEnvironment, currentDirectory: currentDirectory
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
            if let exitedAt, drain.isFinished || now - exitedAt >= drainGrace { break }
            if killedBecause == nil, waitStatus == nil {
                if cancellation?.isCancelled == true {
                    killedBecause = .cancelled
                } else if now >= deadline {
                    killedBecause = .timedOut
                }
                if killedBecause != nil { child.killGroup() }
            }
            drain.pump(waitingAtMost: 20)
        }

        switch killedBecause {
        case .cancelled:
            throw CancellationError()
        case .timedOut:
            throw ProcessRunnerError.timedOut(
                command: [path] + arguments, timeout: timeout, stdout: Data(drain.stdout), stderr: Data(drain.stderr)
            )
        case nil:
            break
        }
        let status = waitStatus ?? 0
        let signal = status & 0x7f
        return ProcessResult(
            status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
            uncaughtSignal: signal == 0 ? nil : signal,
            stdout: Data(drain.stdout),
            stderr: Data(drain.stderr)
        )
    }

    /// A path as given when it contains a slash, else the first executable match in PATH.
    static func resolve(_ executable: String, environment: [String: String]) throws -> String {
        if executable.contains("/") { return executable }
        let searchPath = environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(executable)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ProcessRunnerError.executableNotFound(executable)
    }
}

/// Set from a task-cancellation handler, read by the thread that runs the process.
final class CancellationFlag: Sendable {
    private let cancelled = Mutex(false)

    var isCancelled: Bool { cancelled.withLock { $0 } }
    func cancel() { cancelled.withLock { $0 = true } }
}

/// A child started with `posix_spawn`, its stdout and stderr on pipes whose read ends we hold.
struct SpawnedChild {
    let pid: pid_t
    let stdout: Int32
    let stderr: Int32

    init(path: String, arguments: [String], environment: [String: String], currentDirectory: String?) throws {
        let outPipe = try Self.makePipe()
        let errPipe: (read: Int32, write: Int32)
        do { errPipe = try Self.makePipe() } catch {
            close(outPipe.read); close(outPipe.write)
            throw error
        }
        defer { close(outPipe.write); close(errPipe.write) }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe.write, 2)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        if let currentDirectory { posix_spawn_file_actions_addchdir_np(&actions, currentDirectory) }
        #else
        // Without this a long-lived child (the tmux server) would keep any descriptor of ours
        // that lacks close-on-exec, such as another test's pipe, open for good.
        guard let closeFrom = GNUExtensions.addCloseFrom else {
            close(outPipe.read); close(errPipe.read)
            throw ProcessRunnerError.spawnFailed("posix_spawn_file_actions_addclosefrom_np", errno: ENOSYS)
        }
        _ = closeFrom(&actions, 3)
        if let currentDirectory {
            guard let addChdir = GNUExtensions.addChdir else {
                close(outPipe.read); close(errPipe.read)
                throw ProcessRunnerError.spawnFailed("posix_spawn_file_actions_addchdir_np", errno: ENOSYS)
            }
            _ = addChdir(&actions, currentDirectory)
        }
        #endif

        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var pid: pid_t = 0
        let environmentStrings = environment.map { "\($0.key)=\($0.value)" }
        let result = withCStringArray(arguments) { argv in
            withCStringArray(environmentStrings) { envp in
                posix_spawn(&pid, path, &actions, &attributes, argv, envp)
            }
        }
        guard result == 0 else {
            close(outPipe.read); close(errPipe.read)
            throw ProcessRunnerError.spawnFailed("posix_spawn \(path)", errno: result)
        }
        self.pid = pid
        self.stdout = outPipe.read
        self.stderr = errPipe.read
    }

    /// The raw wait status once the child has exited (reaping it), nil while it runs.
    func reap() -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return status }
            if result == -1, errno == EINTR { continue }
            return nil
        }
    }

    /// SIGKILL to the child's process group: the child and whatever it started in its group.
    func killGroup() {
        if kill(-pid, SIGKILL) != 0 { kill(pid, SIGKILL) }
    }

    func closePipes() {
        close(stdout)
        close(stderr)
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        #if canImport(Darwin)
        guard pipe(&fds) == 0 else { throw ProcessRunnerError.spawnFailed("pipe", errno: errno) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #else
        guard let pipe2 = GNUExtensions.pipe2 else { throw ProcessRunnerError.spawnFailed("pipe2", errno: ENOSYS) }
        guard pipe2(&fds, O_CLOEXEC) == 0 else { throw ProcessRunnerError.spawnFailed("pipe2", errno: errno) }
        #endif
        return (fds[0], fds[1])
    }
}

#if !canImport(Darwin)
/// glibc functions that Swift's Glibc module leaves out (they need _GNU_SOURCE), looked up at run
/// time: glibc 2.34 or later has them all.
enum GNUExtensions {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    static let addCloseFrom = symbol("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)
    static let addChdir = symbol("posix_spawn_file_actions_addchdir_np", as: AddChdir.self)
    static let pipe2 = symbol("pipe2", as: Pipe2.self)

    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: type)
    }
}
#endif

/// Calls `body` with a NULL-terminated C array of copies of `strings`.
private func withCStringArray<Result>(
    _ strings: [String],
    _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}

/// Reads two pipes together until both reach end-of-file.
struct PipeDrain {
    private var descriptors: [Int32]
    private(set) var stdout: [UInt8] = []
    private(set) var stderr: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    init(stdout: Int32, stderr: Int32) {
        descriptors = [stdout, stderr]
    }

    var isFinished: Bool { descriptors.allSatisfy { $0 < 0 } }

    /// Waits up to `milliseconds` for data, reads what is there, and notes pipes that closed.
    mutating func pump(waitingAtMost milliseconds: Int32) {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&fds, nfds_t(fds.count), milliseconds) > 0 else { return }
        for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
            let count = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
            if count > 0 {
                if index == 0 {
                    stdout.append(contentsOf: buffer[0..<count])
                } else {
                    stderr.append(contentsOf: buffer[0..<count])
                }
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                descriptors[index] = -1
            }
        }
    }
}
