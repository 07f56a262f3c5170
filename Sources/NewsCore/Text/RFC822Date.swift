import FoundationEssentials

/// A fast, lenient parser for the RFC 822 / RFC 1123 dates that RSS uses, in every form feeds
/// send: `Tue, 10 Jun 2003 04:00:00 GMT`, `UT`, `UTC`, `Z`, `+0000`, `+00:00`, the North
/// American zones (`EST`, `PDT`...), military letters, two- and three-digit years, no seconds,
/// no weekday, a wrong weekday (ignored), full month names, a trailing `(comment)`.
///
/// `DateFormatter` costs about 67 µs a call on Linux and needs one format per form; this reads
/// the UTF-8 bytes once. A date it cannot read is nil, never a guess.
public enum RFC822Date {
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = DateScanner(bytes: bytes)
        reader.skipSpaces()
        // An optional weekday ("Tue," "Tuesday"), never checked against the date: feeds get it wrong.
        if let word = reader.word() {
            guard weekday(word) else { return nil }
            reader.skipSpaces()
            _ = reader.take(UInt8(ascii: ","))
            reader.skipSpaces()
        }
        guard let day = reader.number(maxDigits: 2) else { return nil }
        reader.skipSeparators()
        guard let monthWord = reader.word(), let month = month(monthWord) else { return nil }
        reader.skipSeparators()
        let yearStart = reader.index
        guard let rawYear = reader.number(maxDigits: 4) else { return nil }
        let year: Int
        switch reader.index - yearStart {
        case 2: year = rawYear < 50 ? 2000 + rawYear : 1900 + rawYear  // RFC 2822 §4.3
        case 3: year = 1900 + rawYear
        default: year = rawYear
        }
        reader.skipSpaces()
        var hour = 0, minute = 0, second = 0
        if let value = reader.number(maxDigits: 2) {
            guard reader.take(UInt8(ascii: ":")), let minutes = reader.number(maxDigits: 2, minDigits: 2) else { return nil }
            (hour, minute) = (value, minutes)
            if reader.take(UInt8(ascii: ":")) {
                guard let seconds = reader.number(maxDigits: 2, minDigits: 2) else { return nil }
                second = seconds
                if reader.take(UInt8(ascii: ".")) { _ = reader.number(maxDigits: 9) }  // a fraction, ignored
            }
        }
        reader.skipSpaces()
        guard let offset = zoneOffset(&reader) else { return nil }
        reader.skipSpaces()
        if reader.take(UInt8(ascii: "(")) { reader.index = bytes.count }  // "(UTC)", "(Pacific Daylight Time)"
        guard reader.atEnd,
              (1...12).contains(month), day >= 1, day <= ISO8601.daysInMonth(year: year, month: month),
              hour <= 23, minute <= 59, second <= 60
        else { return nil }
        let days = ISO8601.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offset
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// The zone's offset east of UTC in seconds: nil when one is written that cannot be read.
    /// A missing zone is read as UTC, as `ISO8601.parse` does.
    private static func zoneOffset(_ reader: inout DateScanner) -> Int? {
        if let sign = reader.sign() { return numericOffset(&reader, sign: sign) }
        guard let word = reader.word() else { return 0 }
        guard let hours = namedZone(word) else { return nil }
        // "GMT+0200", "UTC-5": a name followed by an offset from it.
        if let sign = reader.sign() {
            guard let extra = numericOffset(&reader, sign: sign) else { return nil }
            return hours * 3600 + extra
        }
        return hours * 3600
    }

    /// `hhmm`, `hh:mm` or `hh` after the sign.
    private static func numericOffset(_ reader: inout DateScanner, sign: Int) -> Int? {
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

    /// Hours east of UTC for a zone name (ASCII letters, any case).
    private static func namedZone(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
        var key = ""
        for byte in word { key.unicodeScalars.append(Unicode.Scalar(byte & ~0x20)) }  // upper case
        if key.utf8.count == 1 {
            // Military letters. RFC 1123 §5.2.14: RFC 822 gave them the wrong signs, so they "carry
            // no information"; RFC 2822 reads them as -0000, that is UTC. J is not a zone.
            return key == "J" ? nil : 0
        }
        return zones[key]
    }

    private static let zones: [String: Int] = [
        "GMT": 0, "UT": 0, "UTC": 0, "Z": 0,
        "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
        // Other unambiguous abbreviations that feeds are seen to use.
        "AKST": -9, "AKDT": -8, "HST": -10, "AST": -4, "ADT": -3,
        "WET": 0, "WEST": 1, "BST": 1, "CET": 1, "CEST": 2, "MET": 1, "MEST": 2, "EET": 2, "EEST": 3,
        "MSK": 3, "JST": 9, "KST": 9, "HKT": 8, "SGT": 8, "AWST": 8, "AEST": 10, "AEDT": 11,
        "NZST": 12, "NZDT": 13,
    ]

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

/// A cursor over the ASCII bytes of a date.
private struct DateScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var atEnd: Bool { index >= bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    /// Spaces, or one dash between them ("10-Jun-2003").
    mutating func skipSeparators() {
        skipSpaces()
        if take(UInt8(ascii: "-")) { skipSpaces() }
    }

    /// A run of ASCII letters, or nil when none starts here.
    mutating func word() -> UnsafeBufferPointer<UInt8>? {
        let start = index
        while index < bytes.count, (0x41...0x5A).contains(bytes[index] & ~0x20) { index += 1 }
        guard index > start else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[start..<index])
    }

    mutating func number(maxDigits: Int, minDigits: Int = 1) -> Int? {
        let start = index
        var value = 0
        while index < bytes.count, index - start < maxDigits, (0x30...0x39).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        guard index - start >= minDigits else {
            index = start
            return nil
        }
        return value
    }

    mutating func sign() -> Int? {
        if take(UInt8(ascii: "+")) { return 1 }
        if take(UInt8(ascii: "-")) { return -1 }
        return nil
    }
}
