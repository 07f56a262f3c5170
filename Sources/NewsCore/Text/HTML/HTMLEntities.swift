/// Decodes HTML character references the way browsers do (WHATWG "character reference state"):
/// every HTML5 named reference, decimal and hexadecimal numeric references, the legacy names
/// that work without a semicolon (`&amp`, `&copy`), and the longest-name rule (`&notit;` is
/// `¬it;`). Numeric references to nothing printable follow the standard: 0, surrogates and
/// values past U+10FFFF become U+FFFD, and 0x80...0x9F are read as windows-1252.
public enum HTMLEntities {
    /// `text` with every character reference replaced; returned as is when it has no `&`.
    public static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var scalars = text.unicodeScalars[...]
        while let ampersand = scalars.firstIndex(of: "&") {
            output.unicodeScalars.append(contentsOf: scalars[..<ampersand])
            let afterAmpersand = scalars.index(after: ampersand)
            if let (replacement, end) = reference(in: scalars[afterAmpersand...]) {
                output.unicodeScalars.append(contentsOf: replacement.unicodeScalars)
                scalars = scalars[end...]
            } else {
                output.unicodeScalars.append("&")
                scalars = scalars[afterAmpersand...]
            }
        }
        output.unicodeScalars.append(contentsOf: scalars)
        return output
    }

    /// The reference at the start of `rest` (just after `&`): its text and where it ends.
    static func reference(in rest: Substring.UnicodeScalarView) -> (String, String.Index)? {
        guard let first = rest.first else { return nil }
        if first == "#" { return numeric(in: rest.dropFirst()) }
        guard ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return nil }
        // The longest name in the table that `rest` starts with.
        var name = ""
        var best: (String, String.Index)?
        var index = rest.startIndex
        while index < rest.endIndex, name.unicodeScalars.count < HTMLEntityTable.longestName {
            let scalar = rest[index]
            guard scalar.isASCII, scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == ";" else { break }
            name.unicodeScalars.append(scalar)
            index = rest.index(after: index)
            if let value = HTMLEntityTable.entries[Substring(name)] { best = (value, index) }
            if scalar == ";" { break }
        }
        return best
    }

    private static func numeric(in rest: Substring.UnicodeScalarView) -> (String, String.Index)? {
        var index = rest.startIndex
        var radix: UInt32 = 10
        if index < rest.endIndex, rest[index] == "x" || rest[index] == "X" {
            radix = 16
            index = rest.index(after: index)
        }
        var value: UInt32 = 0
        var digits = 0
        while index < rest.endIndex, let digit = digitValue(rest[index], radix: radix) {
            value = min(value &* radix &+ digit, 0x11_0000)  // saturate: anything past U+10FFFF is invalid
            digits += 1
            index = rest.index(after: index)
        }
        guard digits > 0 else { return nil }
        if index < rest.endIndex, rest[index] == ";" { index = rest.index(after: index) }
        return (String(character(for: value)), index)
    }

    private static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 0x30
        case "a"..."f" where radix == 16: return scalar.value - 0x61 + 10
        case "A"..."F" where radix == 16: return scalar.value - 0x41 + 10
        default: return nil
        }
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
}
