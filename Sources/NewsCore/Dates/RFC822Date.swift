import FoundationEssentials

/// A fast, lenient parser for the RFC 822 / RFC 1123 dates that RSS uses, in every form feeds
/// send: `Tue, 10 Jun 2003 04:00:00 GMT`, `UT`, `UTC`, `Z`, `+0000`, `+00:00`, named zones
/// (`DateZone`), two- and three-digit years, no seconds, no weekday, a wrong weekday (ignored),
/// full month names, a trailing `(comment)`. The month may come first, with the year before or
/// after the time, as in the other textual forms feeds are seen to use: asctime
/// (`Sun Jan  4 16:29:06 2004`), Unix `date` (`Mon Jan 03 12:00:00 EST 2005`), Twitter
/// (`Wed Aug 27 17:00:00 +0000 2014`) and JavaScript (`Thu Aug 30 2012 17:26:16 GMT+0200 (CEST)`).
///
/// `DateFormatter` costs about 67 µs a call on Linux and needs one format per form; this reads
/// the UTF-8 bytes once. A date it cannot read is nil, never a guess.
public enum RFC822Date {
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = DateCursor(bytes: bytes)
        reader.skipWhitespace()
        // An optional weekday ("Tue," "Tuesday"), never checked against the date: feeds get it wrong.
        var word = reader.word()
        if let weekdayWord = word, weekday(weekdayWord) {
            reader.skipWhitespace()
            _ = reader.take(UInt8(ascii: ","))
            reader.skipWhitespace()
            word = reader.word()
        }
        // "10 Jun" (RFC 822) or "Jun 10" (asctime, Unix, JavaScript).
        let day: Int, month: Int
        if let monthWord = word {
            guard let value = Self.month(monthWord) else { return nil }
            month = value
            reader.skipWhitespace()
            guard let value = reader.number(maxDigits: 2), !reader.atDigit else { return nil }
            day = value
        } else {
            guard let value = reader.number(maxDigits: 2), !reader.atDigit else { return nil }
            day = value
            reader.skipSeparators()
            guard let monthWord = reader.word(), let value = Self.month(monthWord) else { return nil }
            month = value
            reader.skipSeparators()
        }
        // Then the year, the time and the zone, each at most once, in the orders the forms above use.
        var year: Int?, time: (hour: Int, minute: Int, second: Int)?, offset: Int?
        while true {
            reader.skipWhitespace()
            if reader.take(UInt8(ascii: ",")) { reader.skipWhitespace() }  // "13 Feb, 2012"
            guard !reader.atEnd else { break }
            if reader.take(UInt8(ascii: "(")) {  // "(UTC)", "(Pacific Daylight Time)": the end
                reader.index = bytes.count
                break
            }
            let start = reader.index
            if let value = reader.number(maxDigits: 4) {
                if reader.take(UInt8(ascii: ":")) {
                    guard time == nil, reader.index - start <= 3, let rest = clock(hour: value, &reader) else { return nil }
                    time = rest
                } else {
                    guard year == nil, let value = fullYear(value, digits: reader.index - start) else { return nil }
                    year = value
                }
            } else {
                guard offset == nil, time != nil, let value = zoneOffset(&reader) else { return nil }
                offset = value
            }
        }
        let (hour, minute, second) = time ?? (0, 0, 0)
        guard let year, reader.atEnd,
            (1...12).contains(month), day >= 1, day <= ISO8601.daysInMonth(year: year, month: month),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        let days = ISO8601.daysFromCivil(year: year, month: month, day: day)
        // A missing zone is read as UTC, as `ISO8601.parse` does.
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - (offset ?? 0)
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// Two- and three-digit years as RFC 2822 §4.3 reads them; nil for one digit.
    private static func fullYear(_ value: Int, digits: Int) -> Int? {
        switch digits {
        case 2: return value < 50 ? 2000 + value : 1900 + value
        case 3: return 1900 + value
        case 4: return value
        default: return nil
        }
    }

    /// The rest of `hh:mm[:ss[.fraction]]` once the hour and its colon are read.
    private static func clock(hour: Int, _ reader: inout DateCursor) -> (hour: Int, minute: Int, second: Int)? {
        guard let minute = reader.number(maxDigits: 2, minDigits: 2) else { return nil }
        var second = 0
        if reader.take(UInt8(ascii: ":")) {
            guard let value = reader.number(maxDigits: 2, minDigits: 2) else { return nil }
            second = value
            if reader.take(UInt8(ascii: ".")) { _ = reader.number(maxDigits: 9) }  // a fraction, ignored
        }
        return (hour, minute, second)
    }

    /// The zone's offset east of UTC in seconds: nil when one is written that cannot be read.
    private static func zoneOffset(_ reader: inout DateCursor) -> Int? {
        if let sign = reader.sign() { return numericOffset(&reader, sign: sign) }
        guard let name = reader.zoneName() else { return nil }
        let named = DateZone.offset(name: name)
        // "GMT+0200", "UTC-5": a name followed by an offset from it.
        if let sign = reader.sign() {
            guard let extra = numericOffset(&reader, sign: sign) else { return nil }
            return named + extra
        }
        return named
    }

    /// `hhmm`, `hh:mm` or `hh` after the sign.
    private static func numericOffset(_ reader: inout DateCursor, sign: Int) -> Int? {
        let start = reader.index
        guard let value = reader.number(maxDigits: 4) else { return nil }
        let hours: Int, minutes: Int
        switch reader.index - start {
        case 4: (hours, minutes) = (value / 100, value % 100)
        case 1, 2:
            hours = value
            if reader.take(UInt8(ascii: ":")) {
                guard let value = reader.number(maxDigits: 2, minDigits: 2) else { return nil }
                minutes = value
            } else {
                minutes = 0
            }
        default: return nil
        }
        guard hours <= 23, minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    private static let monthPrefixes: [(UInt8, UInt8, UInt8)] = [
        (0x6A, 0x61, 0x6E), (0x66, 0x65, 0x62), (0x6D, 0x61, 0x72), (0x61, 0x70, 0x72),
        (0x6D, 0x61, 0x79), (0x6A, 0x75, 0x6E), (0x6A, 0x75, 0x6C), (0x61, 0x75, 0x67),
        (0x73, 0x65, 0x70), (0x6F, 0x63, 0x74), (0x6E, 0x6F, 0x76), (0x64, 0x65, 0x63),
    ]
    private static let weekdayPrefixes: [(UInt8, UInt8, UInt8)] = [
        (0x6D, 0x6F, 0x6E), (0x74, 0x75, 0x65), (0x77, 0x65, 0x64), (0x74, 0x68, 0x75),
        (0x66, 0x72, 0x69), (0x73, 0x61, 0x74), (0x73, 0x75, 0x6E),
    ]

    /// 1...12 for a month name or its first three (or more) letters, any case.
    private static func month(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
        guard word.count >= 3, word.count <= 9 else { return nil }
        let prefix = (word[0] | 0x20, word[1] | 0x20, word[2] | 0x20)
        guard let index = monthPrefixes.firstIndex(where: { $0 == prefix }) else { return nil }
        return index + 1
    }

    private static func weekday(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard word.count >= 3, word.count <= 9 else { return false }
        let prefix = (word[0] | 0x20, word[1] | 0x20, word[2] | 0x20)
        return weekdayPrefixes.contains { $0 == prefix }
    }
}
