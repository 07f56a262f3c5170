/// Writes compact JSON as NewsAPI does: raw UTF-8, control characters escaped, and optionally
/// everything outside ASCII as `\u` escapes (surrogate pairs beyond the BMP).
struct JSONWriter {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(10 << 20) }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func string(_ text: String?, asciiOnly: Bool = false) {
        guard let text else { raw("null"); return }
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x00..<0x20: unicodeEscape(scalar.value)
            case 0x20..<0x80: bytes.append(UInt8(scalar.value))
            default:
                if !asciiOnly {
                    bytes.append(contentsOf: String(scalar).utf8)
                } else if scalar.value > 0xFFFF {
                    let value = scalar.value - 0x10000
                    unicodeEscape(0xD800 + (value >> 10))
                    unicodeEscape(0xDC00 + (value & 0x3FF))
                } else {
                    unicodeEscape(scalar.value)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func unicodeEscape(_ value: UInt32) {
        let hex = String(value, radix: 16)
        raw("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
    }
}

