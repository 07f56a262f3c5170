import Foundation

/// A zstd frame that decodes to `mebibytes` MiB of zeros while weighing 4 bytes per 128 KiB
/// (32,768 to 1): a frame header with a 128 KiB window, then RLE blocks, each "repeat this one
/// byte 131,072 times". libcurl decodes zstd whatever `Accept-Encoding` offered, so 400 KB of
/// this stands for 12.5 GiB.
public enum ZstdBomb {
    public static func body(mebibytes: Int) -> Data {
        // Magic, then a descriptor with no content size, checksum or dictionary, and a window
        // descriptor of 2^17 bytes (exponent 7, mantissa 0).
        var body = Data([0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x38])
        let blocks = max(1, mebibytes) * 8
        // Block header, 3 bytes little-endian: last-block bit, type 1 (RLE), size 2^17; then the byte.
        let block: [UInt8] = [0x02, 0x00, 0x10, 0x00]
        let last: [UInt8] = [0x03, 0x00, 0x10, 0x00]
        body.reserveCapacity(body.count + blocks * 4)
        for _ in 0..<(blocks - 1) { body.append(contentsOf: block) }
        body.append(contentsOf: last)
        return body
    }
}
