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

    /// `14:05` (today) or `Mon 1 Dec 14:05`, in the local time zone.
    public static func describe(_ date: Date, now: Date = Date()) -> String {
        let calendar = Calendar.current
        let time = date.formatted(.dateTime.hour(.twoDigits(amPM: .omitted)).minute(.twoDigits))
        if calendar.isDate(date, inSameDayAs: now) { return time }
        return date.formatted(.dateTime.weekday(.abbreviated).day().month(.abbreviated)) + " " + time
    }
}
