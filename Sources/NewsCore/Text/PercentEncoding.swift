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

    /// A link as a feed or server wrote it, made parseable without changing what it already
    /// says: bytes no URL may hold raw (a space, `[` in a path, non-ASCII) become `%XX`, and so
    /// does a `%` that starts no escape, but `%XX` escapes stay as written (escaping them again
    /// turned `caf%C3%A9` into `caf%25C3%25A9`, another address). The brackets of an IPv6 host
    /// stay too.
    static func repairLink(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        let bytes = Array(text.utf8)
        let authority = authorityRange(bytes)
        var repaired: [UInt8] = []
        repaired.reserveCapacity(bytes.count + 16)
        for (index, byte) in bytes.enumerated() {
            let kept: Bool
            if byte == UInt8(ascii: "%") {
                kept = index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") {
                kept = authority.contains(index)
            } else {
                kept = isURLCharacter(byte)
            }
            if kept {
                repaired.append(byte)
            } else {
                repaired += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: repaired, as: UTF8.self)
    }

    /// Where the authority (`host:port`) of `scheme://authority/...` is; empty for a relative link.
    private static func authorityRange(_ bytes: [UInt8]) -> Range<Int> {
        var index = 0
        while index < bytes.count, isASCIIAlphanumeric(bytes[index]) || "+-.".utf8.contains(bytes[index]) { index += 1 }
        guard index > 0, index + 2 < bytes.count, bytes[index] == UInt8(ascii: ":"),
            bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
        else { return 0..<0 }
        let start = index + 3
        let end = bytes[start...].firstIndex { "/?#".utf8.contains($0) } ?? bytes.count
        return start..<end
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static let urlPunctuation = Set("-._~!$&'()*+,;=:@/?%#".utf8)
}
