/// Bytes received so far against the total, when the total is known.
public struct TransferProgress: Sendable, Equatable {
    public var received: Int64
    public var expected: Int64?

    public init(received: Int64, expected: Int64?) {
        self.received = received
        self.expected = expected
    }

    /// 0...1, or nil when the size is unknown (an indeterminate bar).
    public var fraction: Double? {
        guard let expected, expected > 0 else { return nil }
        return min(1, Double(received) / Double(expected))
    }
}

/// Limits progress reports to one per percent and 30 a second (unknown sizes: 30 a second).
struct ProgressThrottle {
    private var lastPercent = -1
    private var lastTime: ContinuousClock.Instant?

    mutating func shouldReport(_ progress: TransferProgress, now: ContinuousClock.Instant) -> Bool {
        if let lastTime, now - lastTime < .milliseconds(33) { return false }
        if let fraction = progress.fraction {
            let percent = Int(fraction * 100)
            guard percent > lastPercent else { return false }
            lastPercent = percent
        }
        lastTime = now
        return true
    }
}
