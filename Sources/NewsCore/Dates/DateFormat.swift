import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#endif

/// A date written as a `strftime` pattern says (`datetime-format`, as newsboat's), in the local
/// time zone (`localtime_r`, as `LocalTime.system`). What comes out is cleaned of controls (`%n`,
/// `%t`) and capped, so a pattern cannot break a row.
public struct DateFormat: Sendable, Hashable {
    public let pattern: String

    /// The longest pattern taken, and the longest text it may make.
    static let maxPattern = 100
    static let maxOutput = 200

    /// Nil when the pattern is empty, too long, holds a control character, or makes nothing.
    public init?(_ pattern: String) {
        guard !pattern.isEmpty, pattern.utf8.count <= Self.maxPattern,
            !pattern.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        else { return nil }
        self.pattern = pattern
        guard !string(Date(timeIntervalSince1970: 0)).isEmpty else { return nil }
    }

    /// The date in this format, local time; empty when the C library cannot place it.
    public func string(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e14 else { return "" }
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return "" }
        var buffer = [CChar](repeating: 0, count: Self.maxOutput + 1)
        let written = strftime(&buffer, buffer.count, pattern, &parts)
        guard written > 0 else { return "" }
        let bytes = buffer.prefix(written).map { UInt8(bitPattern: $0) }
        return Sanitizer.clean(String(decoding: bytes, as: UTF8.self), maxLength: Self.maxOutput)
    }
}
