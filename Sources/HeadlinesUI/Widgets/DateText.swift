import NewsCore
import Foundation

/// Dates as a reader wants them: an age in the list, a full local date on the article.
public enum DateText {
    /// `now`, `5m`, `3h`, `2d`, or `27 Nov` for older (and future) dates; `—` when undated.
    public static func age(_ date: Date?, now: Date, calendar: Calendar = .current) -> String {
        guard let date else { return "—" }
        let seconds = now.timeIntervalSince(date)
        if seconds >= 0 && seconds < 60 { return "now" }
        if seconds >= 0 && seconds < 3600 { return "\(Int(seconds / 60))m" }
        if seconds >= 0 && seconds < 86_400 { return "\(Int(seconds / 3600))h" }
        if seconds >= 0 && seconds < 7 * 86_400 { return "\(Int(seconds / 86_400))d" }
        // Day and month by arithmetic on the local offset: a calendar lookup per row costs more
        // than the rest of the row's drawing.
        let local = date.timeIntervalSince1970 + Double(calendar.timeZone.secondsFromGMT(for: date))
        guard local.isFinite, abs(local) < 1e14 else { return "—" }
        let (_, month, day) = ISO8601.civilFromDays(Int((local / 86_400).rounded(.down)))
        return "\(day) \(months[month - 1])"
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun 29 Nov 2026, 21:40` in the local time zone.
    public static func full(_ date: Date, calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        guard let weekday = parts.weekday, let day = parts.day, let month = parts.month, let year = parts.year,
              let hour = parts.hour, let minute = parts.minute, (1...7).contains(weekday), (1...12).contains(month)
        else { return ISO8601.formatUTC(date) }
        return "\(days[weekday - 1]) \(day) \(months[month - 1]) \(year), \(twoDigits(hour)):\(twoDigits(minute))"
    }

    /// `14:32` local time, for "updated at".
    public static func time(_ date: Date, calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return "\(twoDigits(parts.hour ?? 0)):\(twoDigits(parts.minute ?? 0))"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
