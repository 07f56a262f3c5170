import FoundationEssentials

/// A fast ISO-8601 date-time parser and a UTC formatter.
///
/// FoundationEssentials' `Date.ISO8601FormatStyle` (Foundation's `ISO8601DateFormatter`, at 70 to
/// 100 µs a call, would load Foundation and ICU) reads strict RFC 3339 only, not what feeds also
/// write (a space for the `T`, a zone name, the basic form, no seconds), and is 3.4x slower than
/// this on NewsAPI's dates (the `decode` benchmark). This reads the UTF-8 bytes directly, and
/// agrees with it on strict input (`ISO8601 against Foundation`).
public enum ISO8601 {
    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fraction]][Z|±HH:MM|±HHMM|±HH]`, or the basic form without
    /// separators (`20050103T120000Z`). A missing zone is read as UTC. As feeds write them, the
    /// `T` may be a space, a space may come before the zone, and the zone may be a name
    /// (`2005-01-03 12:00:00 GMT`, read by `DateZone`).
    /// Returns nil for anything else, including impossible dates such as February 30.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = DateCursor(bytes: bytes)
        reader.skipSpaces()
        guard let year = reader.digits(4) else { return nil }
        // The extended form has its separators throughout; the basic form has none.
        let extended = reader.take(0x2D)
        guard let month = reader.digits(2), !extended || reader.take(0x2D),
            let day = reader.digits(2)
        else { return nil }
        guard reader.take(0x54) || reader.take(0x74) || reader.take(0x20),
            let hour = reader.digits(2), !extended || reader.take(0x3A),
            let minute = reader.digits(2)
        else { return nil }
        var second = 0
        var nanoseconds = 0
        if extended ? reader.take(0x3A) : reader.atDigit {
            guard let value = reader.digits(2) else { return nil }
            second = value
            if reader.take(0x2E) || reader.take(0x2C) {
                guard let fraction = reader.fraction() else { return nil }
                nanoseconds = fraction
            }
        }
        reader.skipSpaces()
        var offsetSeconds = 0
        if reader.take(0x5A) || reader.take(0x7A) {
            offsetSeconds = 0
        } else if let sign = reader.sign(allowsMinusSign: true) {
            guard let offset = numericOffset(&reader, sign: sign) else { return nil }
            offsetSeconds = offset
        } else if let name = reader.zoneName() {
            // Only names that are known: an ISO date is not expected to carry one at all.
            guard let offset = DateZone.knownOffset(name: name) else { return nil }
            offsetSeconds = offset
            if let sign = reader.sign(allowsMinusSign: true) {  // "GMT+01:00"
                guard let offset = numericOffset(&reader, sign: sign) else { return nil }
                offsetSeconds += offset
            }
        }
        reader.skipSpaces()
        guard reader.atEnd,
            (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    /// `HH`, `HH:MM` or `HHMM` after the zone's sign, in seconds east of UTC.
    private static func numericOffset(_ reader: inout DateCursor, sign: Int) -> Int? {
        guard let hours = reader.digits(2), hours <= 23 else { return nil }
        var minutes = 0
        if reader.take(0x3A) {
            guard let value = reader.digits(2) else { return nil }
            minutes = value
        } else if let value = reader.digits(2) {
            minutes = value
        }
        guard minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC, the fraction dropped, whatever the local time zone.
    /// Dates more than 3 million years away (a hand-edited cache's 1e300, say) are written as
    /// that bound rather than trapping on the conversion to `Int`; NaN as the epoch.
    public static func formatUTC(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let clamped = seconds.isNaN ? 0 : min(max(seconds, -1e14), 1e14)
        let total = Int(clamped.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondsOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
            + "\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2))Z"
    }

    // MARK: - Calendar arithmetic (Howard Hinnant's days-from-civil)

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
