/// The single-byte encodings feeds still use, decoded by table to UTF-8. Foundation on Linux
/// has no KOI8-R, and these are small enough to own.
///
/// Following the WHATWG Encoding standard (what browsers do), the labels `iso-8859-1`, `latin1`
/// and `us-ascii` read as windows-1252: servers label windows-1252 text as latin-1 all the time,
/// and 0x80...0x9F would otherwise be C1 controls, which no feed means.
public enum SingleByteEncoding: Sendable, Equatable {
    case windows1252
    case koi8R

    /// The encoding an IANA charset label names, any case; nil for labels outside this table.
    public init?(label: String) {
        switch label.lowercased() {
        case "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1",
            "iso-ir-100", "ibm819", "cp819", "csisolatin1", "us-ascii", "ascii", "iso646-us", "ansi_x3.4-1968":
            self = .windows1252
        case "koi8-r", "koi8_r", "koi8", "koi", "cskoi8r":
            self = .koi8R
        default:
            return nil
        }
    }

    /// `bytes` as UTF-8. Every byte has a meaning, so this cannot fail.
    public func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let high: [UInt16]
        switch self {
        case .windows1252: high = Self.windows1252High
        case .koi8R: high = Self.koi8RHigh
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
                continue
            }
            let scalar = byte < 0xA0 || self == .koi8R ? high[Int(byte) - 0x80] : UInt16(byte)
            if scalar < 0x800 {
                output.append(0xC0 | UInt8(scalar >> 6))
                output.append(0x80 | UInt8(scalar & 0x3F))
            } else {
                output.append(0xE0 | UInt8(scalar >> 12))
                output.append(0x80 | UInt8((scalar >> 6) & 0x3F))
                output.append(0x80 | UInt8(scalar & 0x3F))
            }
        }
        return output
    }

    /// windows-1252 0x80...0x9F (0xA0...0xFF are ISO-8859-1's, the code points themselves). The
    /// five bytes it leaves undefined map to the C1 control of the same value, as WHATWG says.
    private static let windows1252High: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// KOI8-R 0x80...0xFF (RFC 1489).
    private static let koi8RHigh: [UInt16] = [
        0x2500, 0x2502, 0x250C, 0x2510, 0x2514, 0x2518, 0x251C, 0x2524, 0x252C, 0x2534, 0x253C, 0x2580, 0x2584, 0x2588, 0x258C, 0x2590,
        0x2591, 0x2592, 0x2593, 0x2320, 0x25A0, 0x2219, 0x221A, 0x2248, 0x2264, 0x2265, 0x00A0, 0x2321, 0x00B0, 0x00B2, 0x00B7, 0x00F7,
        0x2550, 0x2551, 0x2552, 0x0451, 0x2553, 0x2554, 0x2555, 0x2556, 0x2557, 0x2558, 0x2559, 0x255A, 0x255B, 0x255C, 0x255D, 0x255E,
        0x255F, 0x2560, 0x2561, 0x0401, 0x2562, 0x2563, 0x2564, 0x2565, 0x2566, 0x2567, 0x2568, 0x2569, 0x256A, 0x256B, 0x256C, 0x00A9,
        0x044E, 0x0430, 0x0431, 0x0446, 0x0434, 0x0435, 0x0444, 0x0433, 0x0445, 0x0438, 0x0439, 0x043A, 0x043B, 0x043C, 0x043D, 0x043E,
        0x043F, 0x044F, 0x0440, 0x0441, 0x0442, 0x0443, 0x0436, 0x0432, 0x044C, 0x044B, 0x0437, 0x0448, 0x044D, 0x0449, 0x0447, 0x044A,
        0x042E, 0x0410, 0x0411, 0x0426, 0x0414, 0x0415, 0x0424, 0x0413, 0x0425, 0x0418, 0x0419, 0x041A, 0x041B, 0x041C, 0x041D, 0x041E,
        0x041F, 0x042F, 0x0420, 0x0421, 0x0422, 0x0423, 0x0416, 0x0412, 0x042C, 0x042B, 0x0417, 0x0428, 0x042D, 0x0429, 0x0427, 0x042A,
    ]
}
