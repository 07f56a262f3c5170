import FoundationEssentials

/// `application/x-www-form-urlencoded` (a query, a form body): every byte but the unreserved ones
/// as `%XX`. The Google Reader API, Miniflux and Nextcloud News clients write their queries with it.
enum FormEncoding {
    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
