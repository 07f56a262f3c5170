/// Percent-encoding by bytes, as `addingPercentEncoding(withAllowedCharacters:)` did, without
/// loading Foundation's NSString for it: every UTF-8 byte outside the kept set becomes `%XX`.
enum PercentEncoding {
    static func encode(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keep(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A byte that may stand unescaped somewhere in a URL (RFC 3986's unreserved characters,
    /// sub-delimiters, `:`, `@`, `/` and `?`), plus `%` and `#`: what a link a feed wrote with
    /// raw spaces or non-ASCII keeps when it is encoded to be read again.
    static func isURLCharacter(_ byte: UInt8) -> Bool {
        isASCIIAlphanumeric(byte) || urlPunctuation.contains(byte)
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static let urlPunctuation = Set("-._~!$&'()*+,;=:@/?%#".utf8)
}
