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
            return ISO8601.parse(bytes: trimmed) ?? calendarDate(trimmed) ?? perforce(trimmed)
                ?? ISO8601Truncated.parse(bytes: trimmed)
        }
        return RFC822Date.parse(bytes: trimmed) ?? ISO8601.parse(bytes: trimmed) ?? ISO8601Truncated.parse(bytes: trimmed)
            ?? perforce(trimmed) ?? otherLanguage(trimmed)
    }

    /// Perforce's `2006/09/15 08:19:53 EDT`, after an optional weekday (`Fri, `): the slashes
    /// read as dashes. Only with a time: `2005/01/03` alone is refused, as feedparser misreads it
    /// (1 December) and a slashed date with no time is as often day-first as month-first.
    private static func perforce(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var start = 0
        if let comma = bytes.prefix(12).firstIndex(of: UInt8(ascii: ",")), bytes[..<comma].allSatisfy({ isLetter($0) }) {
            start = comma + 1
            while start < bytes.count, isSpace(bytes[start]) { start += 1 }
        }
        let slash = UInt8(ascii: "/")
        guard bytes.count - start > 11, bytes[start + 4] == slash, bytes[start + 7] == slash, bytes[start + 10] == 0x20 else {
            return nil
        }
        var rewritten = Array(bytes[start...])
        (rewritten[4], rewritten[7]) = (UInt8(ascii: "-"), UInt8(ascii: "-"))
        return rewritten.withUnsafeBufferPointer { ISO8601.parse(bytes: $0) }
    }

    /// A date with month and weekday names in another language (Greek: `Κυρ, 11 Ιούλ 2004`).
    private static func otherLanguage(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.contains(where: { $0 >= 0x80 }), let english = DateNames.english(String(decoding: bytes, as: UTF8.self)) else {
            return nil
        }
        return RFC822Date.parse(english)
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

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte & ~0x20) }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
