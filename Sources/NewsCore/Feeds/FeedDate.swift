import FoundationEssentials

/// A feed's date in any form feeds use: RFC 822/1123 (RSS `pubDate`) and the other textual
/// forms `RFC822Date` reads, ISO 8601 (Atom, JSON Feed, `dc:date`), or a W3C-DTF date of
/// reduced precision (`2003`, `2003-12`, `2003-12-31`, `20031231`, read as the first midnight UTC
/// it names, as feedparser does).
/// Nil when none of them reads it: an undated item, never a made-up date.
enum FeedDate {
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard end > start else { return nil }
        let trimmed = UnsafeBufferPointer(rebasing: bytes[start..<end])
        // The first bytes tell the families apart: ISO dates start with a four-digit year.
        if end - start >= 4, trimmed.prefix(4).allSatisfy(isDigit) {
            return ISO8601.parse(bytes: trimmed) ?? calendarDate(trimmed)
        }
        return RFC822Date.parse(bytes: trimmed) ?? ISO8601.parse(bytes: trimmed)
    }

    /// `YYYY`, `YYYY-MM`, `YYYY-MM-DD` or `YYYYMMDD` alone, at midnight UTC.
    private static func calendarDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, bytes[range].allSatisfy(isDigit) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        let dash = UInt8(ascii: "-")
        guard let year = number(0..<4) else { return nil }
        let month: Int?, day: Int?
        switch bytes.count {
        case 4: (month, day) = (1, 1)
        case 7 where bytes[4] == dash: (month, day) = (number(5..<7), 1)
        case 8: (month, day) = (number(4..<6), number(6..<8))
        case 10 where bytes[4] == dash && bytes[7] == dash: (month, day) = (number(5..<7), number(8..<10))
        default: return nil
        }
        guard let month, let day, (1...12).contains(month), day >= 1, day <= ISO8601.daysInMonth(year: year, month: month) else {
            return nil
        }
        return Date(timeIntervalSince1970: Double(ISO8601.daysFromCivil(year: year, month: month, day: day) * 86_400))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
