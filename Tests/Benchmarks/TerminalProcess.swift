import CPseudoTerminal
import Foundation
import Synchronization
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// Another program run on a pseudo-terminal of its own, as a person would start it in a
/// terminal: its output is read on a thread, kept, and searched for a text whose first
/// appearance is timed from the spawn (the start benchmark's "first headline on screen").
final class TerminalProcess: Sendable {
    let pid: pid_t
    /// Just before `posix_spawn`.
    let started: ContinuousClock.Instant
    private let master: Int32
    private let output = SharedOutput()

    private struct Output {
        var bytes: [UInt8] = []
        var seen: ContinuousClock.Instant?
        /// The reader has closed the master (the program and its terminal are gone).
        var closed = false
    }

    private final class SharedOutput: Sendable {
        let state = Mutex(Output())
    }

    /// Starts `path` with `arguments` (without the program name) and exactly `environment`, on
    /// a `width`×`height` pseudo-terminal, watching its output for `needle`.
    init(_ path: String, _ arguments: [String], environment: [String: String], width: Int, height: Int, watchingFor needle: String) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard pty_open(&master, &slave, UInt16(height), UInt16(width)) == 0 else {
            throw BenchmarkFailure("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        self.master = master
        let output = self.output
        let fd = master
        let needle = Array(needle.utf8)
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var answered = false
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                let now = ContinuousClock.now
                let asked = output.state.withLock { output in
                    let searchFrom = max(0, output.bytes.count - max(needle.count - 1, 0))
                    let askFrom = max(0, output.bytes.count - (Self.deviceAttributesQuery.count - 1))
                    output.bytes += buffer[0..<count]
                    if output.seen == nil, Self.contains(output.bytes[searchFrom...], needle) { output.seen = now }
                    return !answered && Self.contains(output.bytes[askFrom...], Self.deviceAttributesQuery)
                }
                // A terminal answers DA1 at once (Headlines asks it at start what pictures it
                // shows): answered as xterm does without sixel, so the start is not timed waiting.
                if asked {
                    answered = true
                    _ = write(fd, Self.deviceAttributesAnswer, Self.deviceAttributesAnswer.count)
                }
            }
            output.state.withLock { output in
                output.closed = true
                Glibc.close(fd)
            }
        }
        thread.start()

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        started = ContinuousClock.now
        let result = pty_spawn(master, path, argv, envp, &pid)
        // The child has its own slave now (or none): with ours closed, the master reads EIO once
        // the child is gone, and the reader ends and closes it.
        Glibc.close(slave)
        guard result == 0 else {
            throw BenchmarkFailure("could not start \(path): \(String(cString: strerror(result)))")
        }
        self.pid = pid
    }

    /// DA1, the primary device attributes query, and xterm's answer to it (no sixel).
    private static let deviceAttributesQuery: [UInt8] = Array("\u{1B}[c".utf8)
    private static let deviceAttributesAnswer: [UInt8] = Array("\u{1B}[?64;1;2;6;9;15;18;21;22c".utf8)

    /// When `needle` first appeared in the output, if it has.
    var seen: ContinuousClock.Instant? { output.state.withLock { $0.seen } }

    /// Everything the program wrote so far, as text (for error messages).
    var text: String { output.state.withLock { String(decoding: $0.bytes, as: UTF8.self) } }

    /// Types `text` at the program's terminal.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = output.state.withLock { output in output.closed ? -1 : write(master, bytes, bytes.count) }
    }

    func signal(_ signo: Int32) { kill(pid, signo) }

    /// How a program ended, and its peak memory.
    struct Exit {
        var status: Int32
        /// The highest `VmHWM` of the program's own memory, read while it ran (the last read
        /// comes at most a couple of milliseconds before it exits).
        var peakBytes: Int
        /// `ru_maxrss` from `wait4`. Not the program's own peak: Linux carries the memory of
        /// the process that spawned it (this benchmark's) into it across `exec`.
        var maxRSS: Int
    }

    /// Waits (polling) until the program exits and reaps it; nil when it is still running at
    /// `timeout`.
    func reap(timeout: Duration) async -> Exit? {
        var exit: Exit?
        var peak = 0
        _ = await eventually(timeout: timeout, interval: .milliseconds(1)) {
            // Read before wait4: a reaped program's memory figures are gone.
            if let mark = Self.highWaterMark(pid) { peak = max(peak, mark) }
            var status: Int32 = 0
            var usage = rusage()
            guard wait4(pid, &status, WNOHANG, &usage) == pid else { return false }
            exit = Exit(status: status, peakBytes: peak, maxRSS: usage.ru_maxrss * 1024)
            return true
        }
        return exit
    }

    /// `VmHWM` of a running process in bytes: the high-water mark of its resident memory since
    /// its `exec` (nil once it has exited).
    static func highWaterMark(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }  // gone: no figure
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    /// A running process's resident memory by what is mapped: each file's pages under its name
    /// without the version (`libcurl.so`), and the rest (heap, stacks, anonymous maps) as
    /// "anonymous"; largest first. Empty once it has exited.
    static func residentByMapping(_ pid: pid_t) -> [(name: String, bytes: Int)] {
        guard let maps = readWhole("/proc/\(pid)/smaps") else { return [] }  // gone: no figure
        var bytes: [String: Int] = [:]
        var current = "anonymous"
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if line.hasPrefix("Rss:"), fields.count >= 2, let kilobytes = Int(fields[1]) {
                bytes[current, default: 0] += kilobytes * 1024
            } else if let first = fields.first, first.contains("-"), fields.count >= 5, first.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                // A mapping's header: address, perms, offset, device, inode, then the path if any.
                let path = fields.count >= 6 ? String(fields[5]) : ""
                current = path.hasPrefix("/") ? Self.libraryName(path) : "anonymous"
            }
        }
        return bytes.map { (name: $0.key, bytes: $0.value) }.sorted { $0.bytes > $1.bytes }
    }

    /// A file read to its end by `read(2)`: a `/proc` file says its size is 0, and reading by
    /// that size gets its first page only.
    static func readWhole(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    /// `/usr/lib/x86_64-linux-gnu/libcurl.so.4.8.0` as `libcurl.so`; a program as its name.
    static func libraryName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let range = file.range(of: ".so") else { return file }
        return String(file[..<range.upperBound])
    }

    /// Ends a program that would not quit (SIGTERM, then SIGKILL) and reaps it.
    func stop() async -> Exit? {
        signal(SIGTERM)
        if let reaped = await reap(timeout: .seconds(5)) { return reaped }
        signal(SIGKILL)
        return await reap(timeout: .seconds(5))
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return needle.isEmpty }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
