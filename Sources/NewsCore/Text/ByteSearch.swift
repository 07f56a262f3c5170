/// Finding and replacing by UTF-8 bytes, for escaping hostile text. The standard library's
/// `contains` and `replacing` compare whole characters, so a `"` followed by a combining mark,
/// or `--` after a prepended U+0600, is not found there, and would slip through an escape.
/// A needle that is a whole string always starts and ends on scalar boundaries, so replacing
/// its bytes leaves valid UTF-8.
extension String {
    public func containsBytes(of needle: String) -> Bool {
        Self.firstOffset(of: Array(needle.utf8), in: Array(utf8), from: 0) != nil
    }

    public func replacingBytes(of target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        let bytes = Array(utf8)
        guard !needle.isEmpty, var found = Self.firstOffset(of: needle, in: bytes, from: 0) else { return self }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var start = 0
        while true {
            result += bytes[start..<found]
            result += replacement.utf8
            start = found + needle.count
            guard let next = Self.firstOffset(of: needle, in: bytes, from: start) else { break }
            found = next
        }
        result += bytes[start...]
        return String(decoding: result, as: UTF8.self)
    }

    private static func firstOffset(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count - start >= needle.count else { return needle.isEmpty ? start : nil }
        let first = needle[0]
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
