/// `~`: whether a text holds another, ignoring case. One function for the Swift evaluation and
/// the SQL one (an SQLite function calls it), so both agree on every text: ASCII is folded
/// byte by byte, anything else through Swift's `lowercased()`; bytes are compared, not
/// canonical equivalents (as SQL's `=` compares them).
enum FilterText {
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        var haystack = haystack, needle = needle
        return haystack.withUTF8 { hay in needle.withUTF8 { pin in contains(hay, pin) } }
    }

    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        if needle.isEmpty { return true }
        if haystack.allSatisfy({ $0 < 0x80 }) && needle.allSatisfy({ $0 < 0x80 }) {
            return search(haystack, needle, fold: asciiLower)
        }
        let hay = Array(String(decoding: haystack, as: UTF8.self).lowercased().utf8)
        let pin = Array(String(decoding: needle, as: UTF8.self).lowercased().utf8)
        return hay.withUnsafeBufferPointer { h in pin.withUnsafeBufferPointer { p in search(h, p, fold: { $0 }) } }
    }

    /// `=`: the same bytes.
    static func equal(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    @inline(__always)
    private static func asciiLower(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

    @inline(__always)
    private static func search(
        _ hay: UnsafeBufferPointer<UInt8>, _ pin: UnsafeBufferPointer<UInt8>, fold: (UInt8) -> UInt8
    ) -> Bool {
        guard pin.count <= hay.count else { return false }
        let first = fold(pin[0])
        var start = 0
        let last = hay.count - pin.count
        while start <= last {
            if fold(hay[start]) == first {
                var matched = 1
                while matched < pin.count, fold(hay[start + matched]) == fold(pin[matched]) { matched += 1 }
                if matched == pin.count { return true }
            }
            start += 1
        }
        return false
    }
}
