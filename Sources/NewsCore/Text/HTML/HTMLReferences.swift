/// HTML character references read straight from UTF-8 bytes, by `HTMLEntities`' rules and
/// table: a reference written whole (`&name;`, `&#...;`) is looked up once rather than letter by
/// letter, and only the rest (legacy names without `;`, the longest-prefix rule) goes through
/// `HTMLEntities.reference`. Several times faster on the titles and summaries of a big feed.
enum HTMLReferences {
    /// The reference after the `&` at `ampersand`: its text and the offset just past it.
    static func reference(_ bytes: UnsafeBufferPointer<UInt8>, after ampersand: Int) -> (String, Int)? {
        var index = ampersand + 1
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            let radix: UInt32 = index < bytes.count && bytes[index] | 0x20 == UInt8(ascii: "x") ? 16 : 10
            if radix == 16 { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            while index < bytes.count, let digit = hexDigit(bytes[index]), digit < radix {
                value = min(value &* radix &+ digit, 0x11_0000)
                index += 1
            }
            guard index > digitsStart else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
            return (String(HTMLEntities.character(for: value)), index)
        }
        guard HTMLTagScanner.isLetter(bytes[index]) else { return nil }
        while index < bytes.count, index - ampersand <= HTMLEntityTable.longestName,
            HTMLTagScanner.isLetter(bytes[index]) || (0x30...0x39).contains(bytes[index])
        {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ";") {
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(ampersand + 1)...index]), as: UTF8.self)
            if let value = HTMLEntityTable.entries[Substring(name)] { return (value, index + 1) }
        }
        // Legacy names without ";" and the longest-prefix rule: the general, slower path.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(ampersand + 1)...]).prefix(HTMLEntityTable.longestName + 1), as: UTF8.self)
        guard let (value, end) = HTMLEntities.reference(in: text.unicodeScalars[...]) else { return nil }
        return (value, ampersand + 1 + text.utf8.distance(from: text.startIndex, to: end))
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        default: return nil
        }
    }
}
