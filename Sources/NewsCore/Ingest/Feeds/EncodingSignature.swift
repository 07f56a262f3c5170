import FoundationEssentials

/// What a document's first four bytes say of its encoding, as the XML specification's
/// appendix F reads them: a byte order mark, or the way `<` (or the whitespace before it) is
/// written. Only the ASCII-compatible family needs its declaration or a charset to say more.
enum EncodingSignature: Equatable {
    /// EF BB BF: UTF-8 with a byte order mark.
    case utf8ByteOrderMark
    case utf16(bigEndian: Bool, byteOrderMark: Bool)
    case utf32(bigEndian: Bool, byteOrderMark: Bool)
    /// UCS-4 in the 2143 or 3412 byte order, which no decoder here (nor iconv) reads.
    case unusualUCS4
    /// `<?xm` in EBCDIC: the declaration, read in EBCDIC, names the code page.
    case ebcdic
    /// UTF-8, ASCII, ISO-8859-x, Shift_JIS...: the declaration or a charset says which.
    case asciiCompatible

    init(_ data: Data) {
        var head: [UInt8] = Array(data.prefix(4))
        if head.count < 4 { head += repeatElement(0xFF, count: 4 - head.count) }
        // An XML character is never U+0000, so two or three zero bytes in four can only be a
        // wide encoding writing ASCII.
        switch (head[0], head[1], head[2], head[3]) {
        case (0x00, 0x00, 0xFE, 0xFF): self = .utf32(bigEndian: true, byteOrderMark: true)
        case (0xFF, 0xFE, 0x00, 0x00): self = .utf32(bigEndian: false, byteOrderMark: true)
        case (0x00, 0x00, 0xFF, 0xFE), (0xFE, 0xFF, 0x00, 0x00): self = .unusualUCS4
        case (0xFE, 0xFF, _, _): self = .utf16(bigEndian: true, byteOrderMark: true)
        case (0xFF, 0xFE, _, _): self = .utf16(bigEndian: false, byteOrderMark: true)
        case (0xEF, 0xBB, 0xBF, _): self = .utf8ByteOrderMark
        case (0x00, 0x00, 0x00, let last) where last != 0: self = .utf32(bigEndian: true, byteOrderMark: false)
        case (let first, 0x00, 0x00, 0x00) where first != 0: self = .utf32(bigEndian: false, byteOrderMark: false)
        case (0x00, 0x00, let third, 0x00) where third != 0: self = .unusualUCS4
        case (0x00, let second, 0x00, 0x00) where second != 0: self = .unusualUCS4
        case (0x00, let second, 0x00, let fourth) where second != 0 && fourth != 0: self = .utf16(bigEndian: true, byteOrderMark: false)
        case (let first, 0x00, let third, 0x00) where first != 0 && third != 0: self = .utf16(bigEndian: false, byteOrderMark: false)
        case (0x4C, 0x6F, 0xA7, 0x94): self = .ebcdic
        default: self = .asciiCompatible
        }
    }

    /// Whether the bytes read as ASCII (with or without a UTF-8 byte order mark) far enough to
    /// find a declaration, so that the parser may be tried on them as they are.
    var isASCIICompatible: Bool { self == .asciiCompatible || self == .utf8ByteOrderMark }
}
