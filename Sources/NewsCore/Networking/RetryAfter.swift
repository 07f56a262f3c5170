import FoundationEssentials

/// `Retry-After`: a number of seconds, or an HTTP date. Capped at a day, so that a hostile
/// server cannot silence a source for years.
public enum RetryAfter {
    public static let longest: TimeInterval = 24 * 3600

    /// When the server may be asked again; nil when the header is missing or unreadable.
    public static func date(_ value: String?, now: Date = Date()) -> Date? {
        guard let value = value?.trimmingSpaces(), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            guard let seconds = Double(value.prefix(9)) else { return nil }
            return now.addingTimeInterval(min(seconds, longest))
        }
        guard let date = RFC822Date.parse(value) else { return nil }
        return min(max(date, now), now.addingTimeInterval(longest))
    }

    /// `14:05` (today) or `Mon 1 Dec 14:05`, on a 24-hour clock in the local time zone.
    public static func describe(_ date: Date, now: Date = Date(), localTime: LocalTime = .system) -> String {
        guard let parts = localTime.parts(date) else { return ISO8601.formatUTC(date) }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let time = two(parts.hour) + ":" + two(parts.minute)
        if let today = localTime.parts(now), (today.year, today.month, today.day) == (parts.year, parts.month, parts.day) { return time }
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard (1...7).contains(parts.weekday), (1...12).contains(parts.month) else { return time }
        return "\(days[parts.weekday - 1]) \(parts.day) \(months[parts.month - 1]) \(time)"
    }
}
