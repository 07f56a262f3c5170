import Foundation
#if canImport(Glibc)
    import Glibc
#endif

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
    static func threadCPUTime() -> Duration { cpuTime(CLOCK_THREAD_CPUTIME_ID) }

    /// CPU time used so far by every thread of this process.
    static func processCPUTime() -> Duration { cpuTime(CLOCK_PROCESS_CPUTIME_ID) }

    private static func cpuTime(_ clock: clockid_t) -> Duration {
        var spec = timespec()
        guard clock_gettime(clock, &spec) == 0 else { return .zero }
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
