/// Time zones written as names in feed dates (`GMT`, `EST`, `CEST`, `Etc/GMT`), shared by the
/// RFC 822 and ISO 8601 readers.
///
/// A name that is not known, or that means different offsets in different places (`IST` is
/// India, Ireland or Israel), is read as UTC, as feedparser does:
/// the day and time are still right to within hours, where no date at all would sort the
/// article last.
enum DateZone {
    /// True for the bytes a zone name is made of: ASCII letters, and `/` and `_` for names such
    /// as `Etc/GMT` or `America/New_York`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte & ~0x20) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "_")
    }

    /// Seconds east of UTC for a zone name (any case); 0 for a name that is not known. Military
    /// letters are among those: RFC 1123 §5.2.14 says RFC 822 gave them the wrong signs, so they
    /// "carry no information", and RFC 2822 reads them as -0000, that is UTC.
    static func offset(name: UnsafeBufferPointer<UInt8>) -> Int {
        knownOffset(name: name) ?? 0
    }

    /// Seconds east of UTC for a name in the table below (any case), else nil.
    static func knownOffset(name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard name.count <= 8 else { return nil }
        var key = ""
        for byte in name { key.unicodeScalars.append(Unicode.Scalar(byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte)) }
        return hours[key].map { $0 * 3600 }
    }

    private static let hours: [String: Int] = [
        "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "ETC/GMT": 0, "ETC/UTC": 0,
        "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
        // The US zones without their season (Disney's feeds), read as standard time as feedparser
        // does: within an hour in summer, where UTC would be four to eight hours off.
        "AT": -4, "ET": -5, "CT": -6, "MT": -7, "PT": -8,
        // Other unambiguous abbreviations that feeds are seen to use.
        "AKST": -9, "AKDT": -8, "HST": -10, "AST": -4, "ADT": -3,
        "WET": 0, "WEST": 1, "BST": 1, "CET": 1, "CEST": 2, "MET": 1, "MEST": 2, "EET": 2, "EEST": 3,
        "MSK": 3, "JST": 9, "KST": 9, "HKT": 8, "SGT": 8, "AWST": 8, "AEST": 10, "AEDT": 11,
        "NZST": 12, "NZDT": 13,
    ]
}
