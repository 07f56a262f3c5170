/// Whether bytes are well-formed UTF-8 (no overlong forms, no surrogates, nothing past
/// U+10FFFF), checked in place: a feed of several megabytes is checked before it is parsed, and
/// copying it into a `String` just to ask would double the cost.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstInvalidIndex(bytes) == nil
    }

    /// Where the first ill-formed sequence starts, or nil when there is none.
    static func firstInvalidIndex(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        while index < count {
            // Sixteen ASCII bytes at a time: most of a feed is markup.
            if index + 16 <= count {
                let raw = UnsafeRawPointer(base + index)
                let words = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                if words & 0x8080_8080_8080_8080 == 0 {
                    index += 16
                    continue
                }
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the allowed range of the second byte
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE, 0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return index
            }
            guard index + length <= count, (low...high).contains(bytes[index + 1]) else { return index }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }
}
