import FoundationEssentials
import CSystem
import Glibc
import NewsCore

/// Runs a command with bytes on its standard input (`|`): no shell, the program found on the
/// PATH by `env`, the terminal its own for its output. The bytes are written on a thread of
/// their own, so a command that reads slowly (`less`) never blocks the main actor, and one that
/// stops reading early (`head`) only ends the write.
enum CommandPipe {
    struct Failure: ReadableError, Equatable {
        let message: String
    }

    /// Runs `words` (a program and its arguments) with `input`; returns when it has ended.
    static func run(_ words: [String], input: Data) async throws(Failure) {
        guard let program = words.first, !program.isEmpty else { throw Failure(message: "No command was given to pipe the article to.") }
        // A command that exits before reading everything must not take us with it.
        _ = sys_ignore_signal(SIGPIPE)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Failure(message: "Could not make a pipe for \(program).") }
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(["/usr/bin/env"] + words, detached: false, input: ends[0])
        } catch {
            close(ends[0])
            close(ends[1])
            throw Failure(message: "Could not start \(program).")
        }
        close(ends[0])
        async let written: Void = write(input, to: ends[1])
        let status = await ChildProcess.exitStatus(of: pid)
        await written
        if let complaint = ChildProcess.complaint(status: status, program: program, role: "command") { throw Failure(message: complaint) }
    }

    /// Writes `data` to `fd` and closes it (the reader then sees the end), on a thread of its own.
    private static func write(_ data: Data, to fd: Int32) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let body: @Sendable () -> Void = {
                _ = data.withUnsafeBytes { DescriptorWriter.writeAll(fd, $0) }  // EPIPE: the command stopped reading
                close(fd)
                continuation.resume()
            }
            if !DetachedThread.start(name: "headlines.pipe", body) { body() }  // no thread to spare: write here
        }
    }
}
