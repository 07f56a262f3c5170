import FoundationEssentials

/// A feed's date in any form feeds use: RFC 822/1123 (RSS `pubDate`), ISO 8601 (Atom, JSON
/// Feed, `dc:date`), or a W3C-DTF date without a time (`2024-06-10`, read as midnight UTC).
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
        // The first bytes tell the families apart: ISO dates start with four digits and a dash.
        if end - start >= 10, trimmed[4] == UInt8(ascii: "-"), trimmed.prefix(4).allSatisfy({ (0x30...0x39).contains($0) }) {
            return ISO8601.parse(bytes: trimmed) ?? dateOnly(trimmed)
        }
        return RFC822Date.parse(bytes: trimmed) ?? ISO8601.parse(bytes: trimmed)
    }

    /// `YYYY-MM-DD` alone.
    private static func dateOnly(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 10 else { return nil }
        let midnight = Array(bytes) + Array("T00:00:00Z".utf8)
        return midnight.withUnsafeBufferPointer { ISO8601.parse(bytes: $0) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
