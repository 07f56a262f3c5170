import HeadlinesSession
import HeadlinesUI
import TestSupport
import HeadlinesKeys

/// Key presses at a brisk typing pace, each timed from the app receiving it to its finished
/// frame (wall clock, and the main thread's CPU, which the machine's other load does not
/// inflate), with the same screen rendered alone into a canvas as the reference: how much of
/// the tail is this machine's noise.
struct KeyPressTimings {
    var median: Duration
    var p99: Duration
    var cpuP99: Duration
    var referenceMedian: Duration
    var referenceP99: Duration

    /// Presses `keys` in turn, `presses` times in all, on `app` (whose frames `frames` counts).
    @MainActor
    static func measure(_ keys: [Key], presses: Int, app: App, frames: FrameWaiter, screen: any Screen, size: (width: Int, height: Int)) async throws
        -> KeyPressTimings
    {
        var samples: [Duration] = [], cpu: [Duration] = [], reference: [Duration] = []
        samples.reserveCapacity(presses)
        cpu.reserveCapacity(presses)
        reference.reserveCapacity(presses)
        for press in 0..<presses {
            // Between the background's redraws, at about 60 keys a second.
            try await Task.sleep(for: .milliseconds(17))
            let start = ContinuousClock.now
            let cpuStart = Timing.threadCPUTime()
            let frame = frames.count
            app.receive([keys[press % keys.count]])
            if frames.count == frame { await frames.next() }
            samples.append(ContinuousClock.now - start)
            cpu.append(Timing.threadCPUTime() - cpuStart)
            let referenceStart = ContinuousClock.now
            var canvas = Canvas(width: size.width, height: size.height)
            screen.render(into: &canvas)
            reference.append(ContinuousClock.now - referenceStart)
        }
        return KeyPressTimings(
            median: percentile(samples, 0.5), p99: percentile(samples, 0.99), cpuP99: percentile(cpu, 0.99),
            referenceMedian: percentile(reference, 0.5), referenceP99: percentile(reference, 0.99))
    }

    /// The figures in one line: "median …, p99 …, p99 of main-thread CPU …".
    var line: String {
        "median \(Self.ms(median)), p99 \(Self.ms(p99)), p99 of main-thread CPU \(Self.ms(cpuP99))"
    }

    var referenceLine: String {
        "(reference, render only: median \(Self.ms(referenceMedian)), p99 \(Self.ms(referenceP99)))"
    }

    static func ms(_ duration: Duration) -> String { Format.milliseconds(duration, decimals: 3) + " ms" }

    private static func percentile(_ values: [Duration], _ fraction: Double) -> Duration {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }
}

/// Resumes the benchmark at the next finished frame.
@MainActor
final class FrameWaiter {
    private var waiting: CheckedContinuation<Void, Never>?
    private(set) var count = 0
    /// Checked as each frame is finished, on the state it was drawn from, until it holds.
    private var condition: (() -> Bool)?
    /// When the first frame drawn with `condition` holding was finished.
    private(set) var conditionMet: ContinuousClock.Instant?

    func frame() {
        count += 1
        if let condition, conditionMet == nil, condition() { conditionMet = .now }
        waiting?.resume()
        waiting = nil
    }

    /// Starts watching the frames for the first one drawn while `condition` holds.
    func watch(_ condition: @escaping () -> Bool) {
        self.condition = condition
        conditionMet = nil
    }

    /// Waits for the frame `watch` looks for; its time.
    func untilConditionMet() async -> ContinuousClock.Instant {
        while conditionMet == nil { await next() }
        condition = nil
        return conditionMet ?? .now
    }

    func next() async {
        await withCheckedContinuation { waiting = $0 }
    }
}

enum BenchmarkWait {
    /// Waits until `condition` holds, or fails the benchmark naming `what` after `timeout`.
    @MainActor
    static func until(_ what: String, timeout: Duration = .seconds(20), _ condition: () -> Bool) async throws {
        // A closure literal, so the condition runs on the main actor: handing `condition` itself
        // over converts it to a nonisolated async function, which trapped on the isolation check.
        guard await eventually(timeout: timeout, { condition() }) else { throw BenchmarkFailure("timed out waiting until \(what)") }
    }
}
