import Foundation

/// `Retry-After`: a number of seconds, or an HTTP date. Capped at a day, so that a hostile
/// server cannot silence a source for years.
public enum RetryAfter {
    public static let longest: TimeInterval = 24 * 3600

    /// When the server may be asked again; nil when the header is missing or unreadable.
    public static func date(_ value: String?, now: Date = Date()) -> Date? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            guard let seconds = Double(value.prefix(9)) else { return nil }
            return now.addingTimeInterval(min(seconds, longest))
        }
        guard let date = RFC822Date.parse(value) else { return nil }
        return min(max(date, now), now.addingTimeInterval(longest))
    }

    /// `14:05` (today) or `Mon 1 Dec 14:05`, on a 24-hour clock in the local time zone.
    public static func describe(_ date: Date, now: Date = Date(), calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.weekday, .day, .month, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let time = two(parts.hour) + ":" + two(parts.minute)
        if calendar.isDate(date, inSameDayAs: now) { return time }
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard let weekday = parts.weekday, let month = parts.month, (1...7).contains(weekday), (1...12).contains(month) else { return time }
        return "\(days[weekday - 1]) \(parts.day ?? 0) \(months[month - 1]) \(time)"
    }
}
