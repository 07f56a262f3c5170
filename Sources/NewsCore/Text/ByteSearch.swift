/// Finding and replacing by UTF-8 bytes, for escaping hostile text. The standard library's
/// `contains` and `replacing` compare whole characters, so a `"` followed by a combining mark,
/// or `--` after a prepended U+0600, is not found there, and would slip through an escape.
/// A needle that is a whole string always starts and ends on scalar boundaries, so replacing
/// its bytes leaves valid UTF-8.
extension String {
    public func containsBytes(of needle: String) -> Bool {
        ByteSearch.firstOffset(of: Array(needle.utf8), in: Array(utf8)) != nil
    }

    public func replacingBytes(of target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        let bytes = Array(utf8)
        guard !needle.isEmpty, var found = ByteSearch.firstOffset(of: needle, in: bytes) else { return self }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var start = 0
        while true {
            result += bytes[start..<found]
            result += replacement.utf8
            start = found + needle.count
            guard let next = ByteSearch.firstOffset(of: needle, in: bytes, from: start) else { break }
            found = next
        }
        result += bytes[start...]
        return String(decoding: result, as: UTF8.self)
    }
}

/// The one search for a run of bytes in others: the escapes above, the list filter (a key costs
/// a search per heading, so it walks the buffers without bounds checks), image headers.
public enum ByteSearch {
    /// Where `needle` first starts in `bytes` at or after `start`; an empty needle is found at `start`.
    public static func firstOffset(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        bytes.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { firstOffset(of: $0, in: hay, from: start) }
        }
    }

    /// The same in a buffer, for scanners that walk one (`HTMLScanner`, `XMLPreparation`).
    static func firstOffset(of needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        firstOffset(of: UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount), in: bytes, from: start)
    }

    /// The same over buffers, for callers that search many slices of one buffer (the `/` filter).
    public static func firstOffset(of pin: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = pin.first else { return start }
        guard start >= 0, hay.count - start >= pin.count else { return nil }
        let last = hay.count - pin.count
        var index = start
        while index <= last {
            if hay[index] == first {
                var matched = 1
                while matched < pin.count, hay[index + matched] == pin[matched] { matched += 1 }
                if matched == pin.count { return index }
            }
            index += 1
        }
        return nil
    }
}
