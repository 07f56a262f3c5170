/// A JSON string literal, as `--print --json` writes it and the benchmarks' documents hold it:
/// quotes, backslashes and control characters (and DEL, U+2028, U+2029, which some readers
/// take for line ends) escaped; the rest as UTF-8, or with `asciiOnly` as `\u` escapes
/// (surrogate pairs beyond the BMP), as NewsAPI writes them.
public enum JSONStringLiteral {
    public static func quoted(_ text: String, asciiOnly: Bool = false) -> String {
        var output = "\""
        output.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{2028}", "\u{2029}", "\u{7F}", "\u{0}"..<"\u{20}": unicodeEscape(scalar.value, into: &output)
            case "\u{20}"..<"\u{7F}": output.unicodeScalars.append(scalar)
            default:
                if !asciiOnly {
                    output.unicodeScalars.append(scalar)
                } else if scalar.value > 0xFFFF {
                    let value = scalar.value - 0x10000
                    unicodeEscape(0xD800 + (value >> 10), into: &output)
                    unicodeEscape(0xDC00 + (value & 0x3FF), into: &output)
                } else {
                    unicodeEscape(scalar.value, into: &output)
                }
            }
        }
        return output + "\""
    }

    private static func unicodeEscape(_ value: UInt32, into output: inout String) {
        let hex = String(value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
