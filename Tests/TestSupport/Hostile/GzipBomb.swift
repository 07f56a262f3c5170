import Foundation

/// A gzip body that inflates to `mebibytes` MiB of zeros while weighing about 1 KiB per MiB:
/// the ratio of a real bomb (deflate's best, about 1,000 to 1). Built from one deflate segment
/// that zlib emits for 1 MiB of zeros when each MiB ends with a full flush: after a full flush
/// the compressor starts afresh, so every MiB after the first is the same bytes.
public enum GzipBomb {
    public static func body(mebibytes: Int) -> Data {
        var body = Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03])  // gzip header: deflate, no name, Unix
        var segment = Data([0xEC, 0xC1, 0x31, 0x01, 0x00, 0x00, 0x00, 0xC2, 0xA0, 0xF5, 0x4F, 0x6D, 0x08, 0x5F, 0xA0])
        segment.append(Data(count: 1016))
        segment.append(contentsOf: [0x3E, 0x03, 0x00, 0x00, 0xFF, 0xFF])
        for _ in 0..<max(1, mebibytes) { body.append(segment) }
        body.append(contentsOf: [0x03, 0x00])  // the final, empty block
        let size = UInt32(truncatingIfNeeded: max(1, mebibytes) << 20)
        // CRC-32 of the zeros: only a reader that inflates it all checks it; this one is right for 1 GiB.
        let crc: UInt32 = mebibytes == 1024 ? 0x5B64_C2B0 : 0
        for value in [crc, size] { withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) } }
        return body
    }
}
