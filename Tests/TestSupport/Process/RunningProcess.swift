import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process left running while this one talks to it (a server in a child process, say): its
/// stdout read line by line, its stdin held open, its stderr this process's own. Made by
/// `ProcessRunner.start()`.
///
/// `end()` (or deinit) closes its stdin, which a well-behaved child takes as the sign to stop,
/// waits a moment for it, then kills its process group. If this process dies first, the child
/// sees its stdin close all the same. Read what it writes: a full pipe would stall it.
public final class RunningProcess {
    public let pid: Int32
    private let child: SpawnedChild
    private let command: [String]
    private var unread: [UInt8] = []
    private var stdoutClosed = false
    private var result: ProcessResult?

    init(_ child: SpawnedChild, command: [String]) {
        self.child = child
        self.command = command
        pid = child.pid
    }

    deinit { end() }

    /// The next line the process writes (without its newline), or nil once its stdout is closed
    /// with nothing left. Blocks the calling thread; throws `noLine` after `timeout`.
    public func readLine(timeout: Duration = .seconds(30)) throws -> String? {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            if let newline = unread.firstIndex(of: UInt8(ascii: "\n")) {
                defer { unread.removeSubrange(...newline) }
                return String(decoding: unread[..<newline], as: UTF8.self)
            }
            if stdoutClosed {
                defer { unread.removeAll() }
                return unread.isEmpty ? nil : String(decoding: unread, as: UTF8.self)
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                throw ProcessRunnerError.noLine(command: command, timeout: timeout, stdout: Data(unread))
            }
            var descriptor = pollfd(fd: child.stdout, events: Int16(POLLIN), revents: 0)
            let waitMilliseconds = Int32(min(1_000, max(1, (left / .milliseconds(1)).rounded(.up))))
            guard poll(&descriptor, 1, waitMilliseconds) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(child.stdout, $0.baseAddress, $0.count) }
            if count > 0 {
                unread += buffer[..<count]
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                stdoutClosed = true
            }
        }
    }

    /// Closes the process's stdin, gives it `grace` to exit, then kills its process group; returns
    /// how it ended (stdout and stderr empty: what it wrote was for `readLine`). Idempotent.
    @discardableResult
    public func end(grace: Duration = .seconds(5)) -> ProcessResult {
        if let result { return result }
        if child.stdin >= 0 { close(child.stdin) }
        // Its stdout closes as it exits: wait for that, dropping what it still writes. (try?: a
        // timeout means it still runs, which the kill below deals with.)
        let deadline = ContinuousClock.now + grace
        while (try? readLine(timeout: max(.zero, deadline - ContinuousClock.now))) != nil {}
        var status = child.reap()
        if status == nil {
            child.killGroup()
            status = child.waitForExit()
        }
        close(child.stdout)
        let ended = ProcessResult(waitStatus: status ?? 0, stdout: Data(), stderr: Data())
        result = ended
        return ended
    }
}
