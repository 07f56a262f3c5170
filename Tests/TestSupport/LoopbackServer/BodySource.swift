import Foundation

/// Hands out a response body in pieces without materialising it, so a 200 MB
/// `.generated` body costs one shared 1 MiB buffer instead of 200 MB of memory.
struct BodySource: Sendable {
    let body: ScriptedResponse.Body
    let count: Int

    init(_ body: ScriptedResponse.Body) {
        self.body = body
        switch body {
        case .data(let data): count = data.count
        case .generated(_, let count): self.count = max(0, count)
        }
    }

    /// Calls `consume` with the bytes starting at `offset`, at most `length` of them
    /// (possibly fewer, e.g. at the end of a prefix), and returns what it returns.
    func withBytes<R>(from offset: Int, upTo length: Int, _ consume: (UnsafeRawBufferPointer) -> R) -> R {
        let length = min(length, count - offset)
        switch body {
        case .data(let data):
            return data.withUnsafeBytes { all in
                consume(UnsafeRawBufferPointer(rebasing: all[offset..<(offset + length)]))
            }
        case .generated(let prefix, _):
            if offset < prefix.count {
                let end = offset + min(length, prefix.count - offset)
                return prefix.withUnsafeBytes { all in
                    consume(UnsafeRawBufferPointer(rebasing: all[(all.startIndex + offset)..<(all.startIndex + end)]))
                }
            }
            // The filler depends only on i mod 256, so any run of it is a slice of the
            // shared pattern starting at offset % 256.
            let start = offset % 256
            let run = min(length, FillerPattern.window)
            return FillerPattern.bytes.withUnsafeBytes { all in
                consume(UnsafeRawBufferPointer(rebasing: all[start..<(start + run)]))
            }
        }
    }
}

/// filler(i) = UInt8(truncatingIfNeeded: i &* 31 &+ 7), laid out once for i in 0..<window+256.
/// Built by doubling (memcpy) rather than a per-byte loop, which is slow in debug builds.
enum FillerPattern {
    static let window = 1 << 20

    static let bytes: [UInt8] = {
        var bytes = (0..<256).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        while bytes.count < window + 256 { bytes += bytes }
        return bytes
    }()
}
