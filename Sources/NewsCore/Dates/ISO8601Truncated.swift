import FoundationEssentials

/// ISO 8601's truncated and ordinal forms, and the near-misses of the extended form that feeds
/// write, as feedparser's `_parse_date_iso8601` reads them; tried only after `ISO8601.parse` and
/// `RFC822Date.parse` have failed, so the common forms never pay for it:
/// - two-digit years (the current century, as feedparser): `031231`, `03-12-31`, `-0312`,
///   `-03-12` (year and month), `03335` and `03-335` (ordinal day);
/// - ordinal days: `2005-001`, `2005001`;
/// - Google's extra zero in the month: `2003-012-31`;
/// - one-digit months, days, hours and seconds: `2005-1-3T1:02:3Z`, `12:35:9+01:00`;
/// - `T24:00` (the end of the day: the next midnight), a decimal mark with no digits
///   (`12:00:00.Z`).
///
/// Refused on purpose, where feedparser is wrong:
/// - week dates (`2005-W01-1`): feedparser reads the first of December of the year before;
/// - `2005/01/03` alone: feedparser reads 1 December; with a time it is Perforce's form, read
///   by `FeedDate`;
/// - bare numbers of other lengths (`1104753600`, epoch seconds): feedparser reads some as a
///   year and month; a count of seconds says nothing of its epoch;
/// - impossible dates (`2005-02-30`, `2005-366`): feedparser rolls them over into the next month.
enum ISO8601Truncated {
    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count <= 64 else { return nil }
        var reader = DateCursor(bytes: bytes)
        guard let (year, dayOfYear) = date(&reader) else { return nil }
        var seconds = 0
        var offset = 0
        if !reader.atEnd {
            guard reader.take(0x54) || reader.take(0x74) || reader.take(0x20) else { return nil }
            guard let hour = reader.digits(1...2), reader.take(0x3A), let minute = reader.digits(2...2) else { return nil }
            var second = 0
            if reader.take(0x3A) {
                guard let value = reader.digits(1...2) else { return nil }
                second = value
                if reader.take(0x2E) || reader.take(0x2C) { reader.skipDigits() }  // a fraction, digits or none
            }
            guard hour < 24 || (hour == 24 && minute == 0 && second == 0), minute <= 59, second <= 60 else { return nil }
            seconds = hour * 3600 + minute * 60 + min(second, 59)
            while reader.take(0x20) {}
            if reader.take(0x5A) || reader.take(0x7A) {
            } else if let sign = reader.sign() {
                let zoneStart = reader.index
                guard var hours = reader.digits(2...4) else { return nil }
                var minutes = 0
                if reader.index - zoneStart == 4 {
                    (hours, minutes) = (hours / 100, hours % 100)
                } else if reader.index - zoneStart == 2, reader.take(0x3A) {
                    guard let value = reader.digits(2...2) else { return nil }
                    minutes = value
                } else if reader.index - zoneStart != 2 {
                    return nil
                }
                guard hours <= 23, minutes <= 59 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            }
            guard reader.atEnd else { return nil }
        }
        let days = ISO8601.daysFromCivil(year: year, month: 1, day: 1) + dayOfYear - 1
        return Date(timeIntervalSince1970: Double(days * 86_400 + seconds - offset))
    }

    /// The year and the day of the year (1-based), checked; the cursor past the date.
    private static func date(_ reader: inout DateCursor) -> (Int, Int)? {
        let century = 2000
        if reader.take(0x2D) {  // "-YYMM", "-YY-MM"
            let start = reader.index
            guard let first = reader.digits(2...4) else { return nil }
            if reader.index - start == 4 {
                guard reader.atEnd else { return nil }
                return ordinal(century + first / 100, first % 100, 1)
            }
            guard reader.index - start == 2, reader.take(0x2D), let month = reader.digits(2...2), reader.atEnd else { return nil }
            return ordinal(century + first, month, 1)
        }
        let start = reader.index
        guard let first = reader.digits(2...7) else { return nil }
        let length = reader.index - start
        if !reader.take(0x2D) {  // the basic forms
            guard reader.atEnd || reader.peek == 0x54 || reader.peek == 0x74 else { return nil }
            switch length {
            case 5: return ordinalDay(century + first / 1000, first % 1000)  // YYDDD
            case 6: return ordinal(century + first / 10000, first / 100 % 100, first % 100)  // YYMMDD
            case 7: return ordinalDay(first / 1000, first % 1000)  // YYYYDDD
            default: return nil
            }
        }
        guard length == 2 || length == 4 else { return nil }
        let year = length == 2 ? century + first : first
        let partStart = reader.index
        guard let second = reader.digits(1...3) else { return nil }
        let secondLength = reader.index - partStart
        guard reader.take(0x2D) else {
            // "2005-001": an ordinal day (three digits); "2005-1" alone is not a date.
            guard secondLength == 3, reader.atEnd || reader.peek == 0x54 || reader.peek == 0x74 else { return nil }
            return ordinalDay(year, second)
        }
        // A three-digit month only with Google's extra zero: "2003-012-31".
        guard secondLength < 3 || reader.bytes[partStart] == 0x30, let day = reader.digits(1...2) else { return nil }
        return ordinal(year, second, day)
    }

    private static func ordinal(_ year: Int, _ month: Int, _ day: Int) -> (Int, Int)? {
        guard (1...12).contains(month), day >= 1, day <= ISO8601.daysInMonth(year: year, month: month) else { return nil }
        let days = ISO8601.daysFromCivil(year: year, month: month, day: day) - ISO8601.daysFromCivil(year: year, month: 1, day: 1)
        return (year, days + 1)
    }

    private static func ordinalDay(_ year: Int, _ day: Int) -> (Int, Int)? {
        let length = ISO8601.daysInMonth(year: year, month: 2) == 29 ? 366 : 365
        guard day >= 1, day <= length else { return nil }
        return (year, day)
    }
}
