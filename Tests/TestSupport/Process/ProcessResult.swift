import Foundation

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

    /// A result from a raw `waitpid` status.
    init(waitStatus: Int32, stdout: Data, stderr: Data) {
        let signal = waitStatus & 0x7f
        self.init(
            status: signal == 0 ? (waitStatus >> 8) & 0xff : 128 + signal,
            uncaughtSignal: signal == 0 ? nil : signal,
            stdout: stdout, stderr: stderr
        )
    }

    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

public enum ProcessRunnerError: Error, CustomStringConvertible {
    case executableNotFound(String)
    case spawnFailed(String, errno: Int32)
    /// The process outlived its timeout and was killed; what it had written so far is kept.
    case timedOut(command: [String], timeout: Duration, stdout: Data, stderr: Data)
    /// A running process wrote no complete line within the time allowed.
    case noLine(command: [String], timeout: Duration, stdout: Data)

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
        case .noLine(let command, let timeout, let stdout):
            return "no line within \(timeout) from \(command.joined(separator: " ")); it wrote: "
                + String(decoding: stdout, as: UTF8.self)
        }
    }
}
