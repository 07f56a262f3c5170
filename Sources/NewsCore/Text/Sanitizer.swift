/// Makes untrusted text safe to store and to draw in a terminal. Every string that comes
/// from a feed, a server or a file passes through here once, at decoding.
///
/// Rules: escape sequences (ESC- or C1-introduced; CSI, OSC, DCS and friends with their
/// parameters and terminators) are removed whole; other C0/C1 controls and Unicode
/// bidirectional controls (marks, embeddings, overrides, isolates, and the Arabic letter mark) are removed; tabs, newlines and line separators become a space;
/// runs of spaces collapse to one; both ends are trimmed.
public enum Sanitizer {
    /// Cleans `text`; returns it unchanged (without copying) when it is already clean.
    public static func clean(_ text: String, maxLength: Int = Int.max) -> String {
        // Native strings (all that the parsers make) are contiguous UTF-8 already; any other
        // is copied into that form once, so the rules live in one byte-level implementation.
        var text = text
        text.makeContiguousUTF8()
        let cleaned =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                isClean(bytes) ? text : cleanBytes(bytes)
            } ?? text
        return truncate(cleaned, to: maxLength)
    }

    /// The fast check over any string (tests use it on literals).
    static func isClean(_ bytes: String.UTF8View) -> Bool {
        var text = String(bytes)
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { isClean($0) } ?? false
    }

    /// Cleans and turns the empty result into nil.
    public static func cleanOptional(_ text: String?, maxLength: Int = Int.max) -> String? {
        guard let text else { return nil }
        let cleaned = clean(text, maxLength: maxLength)
        return cleaned.isEmpty ? nil : cleaned
    }

    // MARK: - Fast path

    /// The check over contiguous bytes. Eight bytes at a time while none of them is a
    /// control, DEL, or a C2 or E2 lead byte (the leads of the characters the rules remove),
    /// spaces checked with a mask; one character at a time through anything else.
    static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else { return true }
        guard bytes[0] != 0x20, bytes[count - 1] != 0x20 else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        /// The high bit of each byte that is zero, exactly.
        @inline(__always) func zeroBytes(_ word: UInt64) -> UInt64 { ~(((word & lows) &+ lows) | word | lows) }
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                // No byte below 0x20 (a borrow only starts at one), no DEL, no C2, D8 or E2: only
                // double spaces can be wrong. (A C2, D8 or E2 sequence is stepped over whole below,
                // so a word never starts inside one.)
                let suspect =
                    ((word &- ones &* 0x20) & ~word & highs) | zeroBytes(word ^ (ones &* 0x7F))
                    | zeroBytes(word ^ (ones &* 0xC2)) | zeroBytes(word ^ (ones &* 0xE2)) | zeroBytes(word ^ (ones &* 0xD8))
                if suspect == 0 {
                    let spaces = zeroBytes(word ^ (ones &* 0x20))
                    if spaces & (spaces >> 8) != 0 { return false }
                    // A pair across the edges of the word (the last byte is never a space).
                    if spaces & 0x80 != 0, index > 0, bytes[index - 1] == 0x20 { return false }
                    if spaces >> 63 != 0, bytes[index + 8] == 0x20 { return false }
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            switch byte {
            case 0x21..<0x7F:
                index += 1
            case 0x20:
                if bytes[index + 1] == 0x20 { return false }  // not the last byte: checked above
                index += 1
            case 0xC2:
                // C1 controls are C2 80...C2 9F.
                guard index + 1 < count, bytes[index + 1] >= 0xA0 else { return false }
                index += 2
            case 0xD8:
                // U+061C, the Arabic letter mark (a bidi control), is D8 9C.
                guard index + 1 < count, bytes[index + 1] != 0x9C else { return false }
                index += 2
            case 0xE2:
                // U+200E/F, U+2028...U+202E and U+2066...U+2069: separators and bidi controls.
                guard index + 2 < count else { return false }
                if isSeparatorOrBidi(bytes[index + 1], bytes[index + 2]) { return false }
                index += 3
            case 0x00..<0x20, 0x7F:
                return false
            default:
                index += 1  // other UTF-8 bytes
            }
        }
        return true
    }

    // MARK: - Slow path over bytes

    /// The rules over the UTF-8 bytes of a valid string: every byte that the rules look at is
    /// ASCII or starts a two- or three-byte sequence, so whole scalars are kept or dropped and
    /// the output stays valid UTF-8.
    static func cleanBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { output in
            var written = 0
            var index = 0
            var pendingSpace = false
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                var length = 1
                switch byte {
                case 0x1B:
                    index = skipEscape(bytes, from: index + 1)
                    continue
                case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20:
                    pendingSpace = true
                case 0x00...0x1F, 0x7F:
                    break  // other controls vanish
                case 0xC2 where index + 1 < count && bytes[index + 1] < 0xA0:
                    // U+0080...U+009F, the C1 controls.
                    switch bytes[index + 1] {
                    case 0x9B:
                        index = skipControlSequence(bytes, from: index + 2)
                        continue
                    case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                        index = skipString(bytes, from: index + 2)
                        continue
                    case 0x85:
                        pendingSpace = true  // NEL
                    default:
                        break
                    }
                    length = 2
                case 0xD8 where index + 1 < count && bytes[index + 1] == 0x9C:
                    length = 2  // U+061C, the Arabic letter mark
                case 0xE2 where index + 2 < count && isSeparatorOrBidi(bytes[index + 1], bytes[index + 2]):
                    if bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) {
                        pendingSpace = true  // U+2028, U+2029
                    }
                    length = 3
                default:
                    if pendingSpace && written > 0 {
                        output[written] = 0x20
                        written += 1
                    }
                    pendingSpace = false
                    // This scalar, then the printable ASCII after it, in one go.
                    var end = min(index + scalarLength(byte), count)
                    while end < count, bytes[end] > 0x20, bytes[end] < 0x7F { end += 1 }
                    let run = end - index
                    UnsafeMutableRawPointer(output.baseAddress! + written)
                        .copyMemory(from: bytes.baseAddress! + index, byteCount: run)
                    written += run
                    length = run
                }
                index += length
            }
            return written
        }
    }

    private static func isSeparatorOrBidi(_ second: UInt8, _ third: UInt8) -> Bool {
        (second == 0x80 && (third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)))
            || (second == 0x81 && (0xA6...0xA9).contains(third))
    }

    /// The length of the UTF-8 sequence that `lead` starts (1 for anything unexpected).
    private static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: return 4
        case 0xE0...0xEF: return 3
        case 0xC0...0xDF: return 2
        default: return 1
        }
    }

    /// Where the escape sequence whose ESC is just before `start` ends (for XML preparation,
    /// which must remove raw escapes before the XML parser refuses them).
    static func escapeSequenceEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        skipEscape(bytes, from: start)
    }

    /// Skips an escape sequence after ESC. Parameters and final bytes are all ASCII, so a
    /// non-ASCII lead byte ends a sequence exactly where a non-ASCII scalar would.
    private static func skipEscape(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count else { return start }
        switch bytes[start] {
        case UInt8(ascii: "["): return skipControlSequence(bytes, from: start + 1)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            return skipString(bytes, from: start + 1)
        default:
            var index = start
            while index < bytes.count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
            if index < bytes.count, (0x30...0x7E).contains(bytes[index]) { index += 1 }
            return index
        }
    }

    private static func skipControlSequence(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        if index < bytes.count, (0x40...0x7E).contains(bytes[index]) { index += 1 }
        return index
    }

    /// Steps scalar by scalar so that a continuation byte 0x9C is never taken for ST.
    private static func skipString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x07:
                return index + 1
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x9C:
                return index + 2
            case 0x1B:
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") { return index + 2 }
                return index  // a new escape aborts the string and is handled on its own
            default:
                index += scalarLength(bytes[index])
            }
        }
        return bytes.count
    }

    /// Cuts to at most `maxLength` characters, at a character boundary, with an ellipsis.
    private static func truncate(_ text: String, to maxLength: Int) -> String {
        guard maxLength < Int.max, text.utf8.count > maxLength else { return text }
        guard text.count > maxLength else { return text }
        return String(text.prefix(max(0, maxLength - 1))) + "…"
    }
}
