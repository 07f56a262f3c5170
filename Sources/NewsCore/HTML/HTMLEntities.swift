/// The one decoder of HTML character references, read straight from UTF-8 bytes the way browsers
/// read them (WHATWG "character reference state"): every HTML5 named reference, decimal and
/// hexadecimal numeric references, the legacy names that work without a semicolon (`&amp`,
/// `&copy`), and the longest-name rule (`&notit;` is `¬it;`). Numeric references to nothing
/// printable follow the standard: 0, surrogates and values past U+10FFFF become U+FFFD, and
/// 0x80...0x9F are read as windows-1252. Text, attribute values, titles and the references
/// `XMLPreparation` rewrites all go through here.
public enum HTMLEntities {
    /// Where references are read. In an attribute value a name without its `;` followed by `=`
    /// or a letter or digit is not a reference, so that `?a=1&not=2` in a link stays a query
    /// and does not become `?a=1¬=2`.
    enum Context {
        case text, attribute
    }

    /// `text` with every character reference replaced; returned as is when it has no `&`.
    public static func decode(_ text: String) -> String { decode(text, in: .text) }

    static func decode(_ text: String, in context: Context) -> String {
        var text = text
        let decoded: String? = text.withUTF8 { bytes in
            guard bytes.contains(UInt8(ascii: "&")) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            appendDecoded(bytes, in: context, to: &output)
            return String(decoding: output, as: UTF8.self)
        }
        return decoded ?? text
    }

    /// Appends `bytes` to `output` with every reference replaced.
    static func appendDecoded(_ bytes: UnsafeBufferPointer<UInt8>, in context: Context, to output: inout [UInt8]) {
        var index = 0
        while index < bytes.count {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "&") { index += 1 }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            guard index < bytes.count else { return }
            if let (replacement, end) = reference(bytes, after: index, in: context) {
                output.append(contentsOf: replacement.utf8)
                index = end
            } else {
                output.append(UInt8(ascii: "&"))  // "AT&T": text
                index += 1
            }
        }
    }

    /// The reference after the `&` at `ampersand`: its text and the offset just past it.
    static func reference(_ bytes: UnsafeBufferPointer<UInt8>, after ampersand: Int, in context: Context = .text) -> (String, Int)? {
        if let (value, end) = numeric(bytes, after: ampersand) { return (String(character(for: value)), end) }
        guard let (text, end) = named(bytes, after: ampersand) else { return nil }
        if context == .attribute, bytes[end - 1] != UInt8(ascii: ";"), end < bytes.count,
            bytes[end] == UInt8(ascii: "=") || isAlphanumeric(bytes[end])
        {
            return nil
        }
        return (text, end)
    }

    /// A numeric reference (`&#233;`, `&#xE9`) after the `&` at `ampersand`: the number as
    /// written (saturated past U+10FFFF) and the offset just past it, its `;` included when written.
    static func numeric(_ bytes: UnsafeBufferPointer<UInt8>, after ampersand: Int) -> (UInt32, Int)? {
        var index = ampersand + 1
        guard index < bytes.count, bytes[index] == UInt8(ascii: "#") else { return nil }
        index += 1
        let radix: UInt32 = index < bytes.count && bytes[index] | 0x20 == UInt8(ascii: "x") ? 16 : 10
        if radix == 16 { index += 1 }
        let digitsStart = index
        var value: UInt32 = 0
        while index < bytes.count, let digit = hexDigit(bytes[index]), digit < radix {
            value = min(value &* radix &+ digit, 0x11_0000)  // saturate: anything past U+10FFFF is invalid
            index += 1
        }
        guard index > digitsStart else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
        return (value, index)
    }

    /// The longest name in the table that the text after the `&` at `ampersand` starts with:
    /// its replacement and the offset just past it. A name written whole (`&name;`) is looked
    /// up once; only the rest (legacy names without `;`) tries shorter prefixes.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>, after ampersand: Int) -> (String, Int)? {
        let start = ampersand + 1
        guard start < bytes.count, isLetter(bytes[start]) else { return nil }
        let limit = min(bytes.count, start + HTMLEntityTable.longestName)
        var index = start
        while index < limit, isAlphanumeric(bytes[index]) { index += 1 }
        if index < limit, bytes[index] == UInt8(ascii: ";"), let value = entry(bytes, start..<index + 1) {
            return (value, index + 1)
        }
        var end = index
        while end > start {
            if let value = entry(bytes, start..<end) { return (value, end) }
            end -= 1
        }
        return nil
    }

    private static func entry(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        HTMLEntityTable.entries[Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))]
    }

    /// What a numeric reference stands for, with the standard's replacements.
    static func character(for value: UInt32) -> Unicode.Scalar {
        if (0x80...0x9F).contains(value), let mapped = windows1252[Int(value - 0x80)] { return mapped }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    /// windows-1252's meanings for 0x80...0x9F (nil where it has none: the C1 control stays).
    static let windows1252: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte & ~0x20) }

    static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || (0x30...0x39).contains(byte) }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        default: return nil
        }
    }
}
