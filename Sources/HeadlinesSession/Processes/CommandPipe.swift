import FoundationEssentials
import CSystem
import Glibc
import NewsCore

/// Runs a program in the terminal, without a shell (found on the PATH by `env`), with bytes on
/// its standard input (`|`) or none (`p`'s player). The bytes are written on a thread of their
/// own, so a command that reads slowly (`less`) never blocks the main actor, and one that stops
/// reading early (`head`) only ends the write. How it failed is one sentence naming it.
package enum CommandPipe {
    package struct Failure: ReadableError, Equatable {
        package let message: String
    }

    /// Runs `words` (a program and its arguments), with `input` when there is some; returns
    /// when it has ended well. `name` is the program as the messages call it; `role`, what it is
    /// to the reader ("command", "player").
    package static func run(_ words: [String], input: Data?, name: String, role: String) async throws(Failure) {
        guard let program = words.first, !program.isEmpty else { throw Failure(message: "No \(role) was given.") }
        var ends: [Int32] = [-1, -1]
        if input != nil {
            // A command that exits before reading everything must not take us with it.
            _ = sys_ignore_signal(SIGPIPE)
            guard pipe(&ends) == 0 else { throw Failure(message: "Could not make a pipe for \(name).") }
        }
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(["/usr/bin/env"] + words, detached: false, input: input == nil ? nil : ends[0])
        } catch {
            if input != nil {
                close(ends[0])
                close(ends[1])
            }
            throw Failure(message: "Could not start \(name).")
        }
        if input != nil { close(ends[0]) }
        async let written: Void = write(input, to: ends[1])
        let status = await ChildProcess.exitStatus(of: pid)
        await written
        if let complaint = ChildProcess.complaint(status: status, program: name, role: role) { throw Failure(message: complaint) }
    }

    /// Writes `data` to `fd` and closes it (the reader then sees the end), on a thread of its own.
    private static func write(_ data: Data?, to fd: Int32) async {
        guard let data else { return }  // no input: no pipe was made
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
