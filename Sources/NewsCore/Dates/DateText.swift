import FoundationEssentials

/// Dates as a reader wants them: an age in the list, a full local date on the article.
public enum DateText {
    /// `now`, `5m`, `3h`, `2d`, `27 Nov` for older dates of this year, `27 Nov 2024` for those of
    /// another (and for future dates, the same); `—` when undated.
    public static func age(_ date: Date?, now: Date, localTime: LocalTime = .system) -> String {
        guard let date else { return "—" }
        let seconds = now.timeIntervalSince(date)
        if seconds >= 0 && seconds < 60 { return "now" }
        if seconds >= 0 && seconds < 3600 { return "\(Int(seconds / 60))m" }
        if seconds >= 0 && seconds < 86_400 { return "\(Int(seconds / 3600))h" }
        if seconds >= 0 && seconds < 7 * 86_400 { return "\(Int(seconds / 86_400))d" }
        guard let parts = localTime.parts(date), (1...12).contains(parts.month) else { return "—" }
        let day = "\(parts.day) \(months[parts.month - 1])"
        return parts.year == localTime.parts(now)?.year ? day : day + " \(parts.year)"
    }

    /// A list's date: `format`'s (`datetime-format`) for every dated row when the config gives one,
    /// else the age.
    public static func listDate(_ date: Date?, now: Date, localTime: LocalTime = .system, format: DateFormat?) -> String {
        guard let format, let date else { return age(date, now: now, localTime: localTime) }
        let text = format.string(date)
        return text.isEmpty ? "—" : text
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun 29 Nov 2026, 21:40` in the local time zone.
    public static func full(_ date: Date, localTime: LocalTime = .system) -> String {
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        guard let parts = localTime.parts(date), (1...7).contains(parts.weekday), (1...12).contains(parts.month)
        else { return ISO8601.formatUTC(date) }
        return "\(days[parts.weekday - 1]) \(parts.day) \(months[parts.month - 1]) \(parts.year), "
            + "\(twoDigits(parts.hour)):\(twoDigits(parts.minute))"
    }

    /// `14:32` local time, for "updated at".
    public static func time(_ date: Date, localTime: LocalTime = .system) -> String {
        guard let parts = localTime.parts(date) else { return "--:--" }
        return "\(twoDigits(parts.hour)):\(twoDigits(parts.minute))"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
