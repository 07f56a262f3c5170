import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#endif

/// The local day and time of the dates on screen. The system's comes from the C library's
/// `localtime_r` (the zone in `TZ`, else `/etc/localtime`), as other terminal programs read it:
/// Foundation's `Calendar.current` loads ICU's locale, calendar and zone data for that, a
/// seventh of the program's memory at start, to learn an offset from UTC.
public struct LocalTime: Sendable {
    public struct Parts: Equatable, Sendable {
        public var year: Int, month: Int, day: Int
        /// 1 is Sunday, as in `Calendar` and `struct tm` plus one.
        public var weekday: Int
        public var hour: Int, minute: Int
    }

    private let convert: @Sendable (Date) -> Parts?

    public init(_ convert: @escaping @Sendable (Date) -> Parts?) { self.convert = convert }

    /// The date's local parts; nil for a date no calendar can place (far outside ±3 million years).
    public func parts(_ date: Date) -> Parts? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e14 else { return nil }
        return convert(date)
    }

    /// The machine's zone, through `localtime_r`.
    public static let system = LocalTime { date in
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        return Parts(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            weekday: Int(parts.tm_wday) + 1, hour: Int(parts.tm_hour), minute: Int(parts.tm_min))
    }

    /// The zone of a given calendar (tests; a zone other than the machine's).
    public static func calendar(_ calendar: Calendar) -> LocalTime {
        LocalTime { date in
            let parts = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute], from: date)
            guard let year = parts.year, let month = parts.month, let day = parts.day, let weekday = parts.weekday,
                let hour = parts.hour, let minute = parts.minute
            else { return nil }
            return Parts(year: year, month: month, day: day, weekday: weekday, hour: hour, minute: minute)
        }
    }
}
