import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Shared helpers for the benchmarks: timing, external commands, peak memory, tables.
// Each benchmark lives in its own file and is listed in `BenchmarkRegistry` (main.swift).

// MARK: - Benchmark outcome

/// What one benchmark reports back to the harness.
struct BenchmarkOutcome: Sendable {
    /// One line, e.g. "decode: 212.4 ms vs python 120.3 ms (1.77x), goal ≤ 1.5x: MISS".
    var summary: String
    /// Whether the benchmark's goal was met; nil when it has no goal.
    var goalMet: Bool?
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Timing

/// Samples of one measured operation, with the usual statistics.
struct Samples: Sendable {
    private(set) var durations: [Duration] = []

    init(_ durations: [Duration] = []) { self.durations = durations }

    mutating func append(_ duration: Duration) { durations.append(duration) }

    var count: Int { durations.count }
    var isEmpty: Bool { durations.isEmpty }

    /// The median; for an even count, the mean of the two middle samples.
    var median: Duration {
        precondition(!durations.isEmpty, "no samples")
        let sorted = durations.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var min: Duration {
        precondition(!durations.isEmpty, "no samples")
        return durations.min()!
    }

    var max: Duration {
        precondition(!durations.isEmpty, "no samples")
        return durations.max()!
    }
}

/// One timed run: wall-clock time, and the CPU time of the calling thread (user and system,
/// page faults included). CPU time hardly moves when other processes share the machine.
struct TimedRun: Sendable {
    var wall: Duration
    var cpu: Duration
}

/// Measurements of one operation over several rounds.
struct Series: Sendable {
    var wall = Samples()
    var cpu = Samples()

    mutating func append(_ measurement: TimedRun) {
        wall.append(measurement.wall)
        cpu.append(measurement.cpu)
    }
}

enum Timing {
    static let clock = ContinuousClock()

    /// CPU time used so far by the calling thread.
    static func threadCPUTime() -> Duration {
        var spec = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0 else { return .zero }
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }

    /// Keeps the CPU busy for a moment. After waiting on another process the first timed work
    /// here ran 20–30% slower (clock ramp-up, cold caches); a comparison program, by contrast,
    /// starts its own clock hot, just after starting up.
    static func warmUpCPU(for duration: Duration = .milliseconds(100)) {
        let end = clock.now + duration
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        while clock.now < end {
            for _ in 0..<10_000 { state = state &* 6_364_136_223_846_793_005 &+ 1 }
        }
        if state == 42 { report("") }  // keeps the loop from being optimised away
    }

    /// Runs `body` once and returns its result with its wall and CPU time.
    static func measure<T>(_ body: () throws -> T) rethrows -> (result: T, time: TimedRun) {
        let cpuStart = threadCPUTime()
        let start = clock.now
        let result = try body()
        let wall = clock.now - start
        let cpu = threadCPUTime() - cpuStart
        return (result, TimedRun(wall: wall, cpu: cpu))
    }

    /// Runs `body` once and returns its result and how long it took.
    static func time<T>(_ body: () throws -> T) rethrows -> (result: T, duration: Duration) {
        let start = clock.now
        let result = try body()
        let duration = clock.now - start
        return (result, duration)
    }

    /// Runs `body` `warmup` times untimed, then `rounds` times timed. `check` sees each
    /// result outside the timing (use it to prove the work was done and to keep the result alive
    /// until after the clock stops).
    static func measure<T>(
        rounds: Int, warmup: Int = 1,
        _ body: () throws -> T,
        check: (T) throws -> Void = { _ in }
    ) throws -> Samples {
        for _ in 0..<warmup { try check(try body()) }
        var samples = Samples()
        for _ in 0..<rounds {
            let (result, duration) = try time(body)
            try check(result)
            samples.append(duration)
        }
        return samples
    }
}

extension Duration {
    /// The duration in (fractional) milliseconds.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    /// A duration from (fractional) seconds, as printed by other programs.
    static func fractionalSeconds(_ value: Double) -> Duration {
        .nanoseconds(Int64((value * 1e9).rounded()))
    }
}

// MARK: - External commands

/// The result of running another program to completion.
struct CommandResult: Sendable {
    var status: Int32
    var standardOutput: String
    var standardError: String
    /// Wall time from launch to exit, including the program's start-up.
    var wallTime: Duration
}

enum ExternalCommand {
    /// The full path of `name` found on PATH, or nil. A name with a slash is taken as a path.
    static func find(_ name: String) -> String? {
        let fileManager = FileManager.default
        if name.contains("/") { return fileManager.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if fileManager.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `executable` (a path, or a name looked up on PATH) with `arguments` and waits for it.
    /// Output goes to temporary files rather than pipes, so a chatty program cannot deadlock us.
    static func run(_ executable: String, _ arguments: [String]) throws -> CommandResult {
        guard let path = find(executable) else { throw BenchmarkFailure("\(executable): not found on PATH") }
        let directory = FileManager.default.temporaryDirectory
        let token = UUID().uuidString
        let outURL = directory.appendingPathComponent("bench-\(token).out")
        let errURL = directory.appendingPathComponent("bench-\(token).err")
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
              FileManager.default.createFile(atPath: errURL.path, contents: nil)
        else { throw BenchmarkFailure("cannot create temporary files in \(directory.path)") }
        defer {  // best effort: temporary files
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = errHandle
        let start = Timing.clock.now
        try process.run()
        process.waitUntilExit()
        let wallTime = Timing.clock.now - start
        try outHandle.close()
        try errHandle.close()

        let output = try Data(contentsOf: outURL)
        let error = try Data(contentsOf: errURL)
        return CommandResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: error, as: UTF8.self),
            wallTime: wallTime
        )
    }

    /// Runs a command that must succeed and returns its standard output.
    static func output(_ executable: String, _ arguments: [String]) throws -> String {
        let result = try run(executable, arguments)
        guard result.status == 0 else {
            throw BenchmarkFailure("\(executable) exited \(result.status): \(result.standardError.suffix(2_000))")
        }
        return result.standardOutput
    }
}

// MARK: - Peak memory (Linux)

/// Peak resident set size from /proc. On systems without /proc these return nil / false.
enum PeakMemory {
    /// VmHWM, the peak resident set size, in bytes.
    static func peakResident() -> Int? { statusField("VmHWM:") }

    /// VmRSS, the current resident set size, in bytes.
    static func currentResident() -> Int? { statusField("VmRSS:") }

    /// Resets the peak to the current RSS by writing "5" to /proc/self/clear_refs (Linux ≥ 4.0).
    /// Returns false where that is not allowed (some containers, other systems).
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }  // the write below already told whether it worked
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    /// Hands memory that malloc keeps after `free` back to the system (glibc's `malloc_trim`),
    /// so that the current RSS, and a peak measured from it, reflect live memory.
    static func releaseFreeMemory() {
        #if canImport(Glibc)
        // malloc_trim is a glibc extension that the Glibc module does not export; look it up.
        typealias MallocTrim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(nil, "malloc_trim") {
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        }
        #endif
    }

    /// Runs `body` and returns its result and the peak RSS reached while it ran, when the peak
    /// could be reset first; otherwise the process's lifetime peak, flagged as such.
    static func measurePeak<T>(_ body: () throws -> T) rethrows -> (result: T, peakBytes: Int?, wasReset: Bool) {
        releaseFreeMemory()
        let wasReset = resetPeak()
        let result = try body()
        return (result, peakResident(), wasReset)
    }

    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            // "VmHWM:\t  123456 kB"
            let fields = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let number = fields.first.flatMap({ Int($0) }) else { return nil }
            let unit = fields.count > 1 ? fields[1].lowercased() : "kb"
            return unit == "kb" ? number * 1_024 : number
        }
        return nil
    }
}

// MARK: - Formatting

enum Format {
    static func milliseconds(_ duration: Duration, decimals: Int = 1) -> String {
        String(format: "%.\(decimals)f", duration.milliseconds)
    }

    static func bytes(_ count: Int) -> String {
        if count >= 1 << 20 { return String(format: "%.2f MiB", Double(count) / Double(1 << 20)) }
        if count >= 1 << 10 { return String(format: "%.1f KiB", Double(count) / Double(1 << 10)) }
        return "\(count) B"
    }

    static func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }

    /// A plain text table: the first column left-aligned, the rest right-aligned.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in all {
            for (column, cell) in row.enumerated() { widths[column] = Swift.max(widths[column], cell.count) }
        }
        func line(_ row: [String]) -> String {
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}

/// Writes a line to standard output at once (benchmarks print progress while they run).
func report(_ line: String = "") {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
