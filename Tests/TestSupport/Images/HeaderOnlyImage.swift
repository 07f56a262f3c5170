import Foundation

/// Image files that are a signature and a header giving a pixel size, then filler: enough to be
/// recognised and measured (`ImageFormat`, `ImageInfo`), nothing a decoder could draw. For a
/// picture that really decodes, use `PNGFixture`, `JPEGFixture` or `GIFFixture`.
public enum HeaderOnlyImage {
    public static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    /// The PNG signature and a complete IHDR chunk (CRC included) of an 8-bit RGBA image: 33 bytes.
    public static func png(width: Int, height: Int) -> Data {
        let chunk =
            ByteFields.ascii("IHDR") + ByteFields.be32(width) + ByteFields.be32(height)
            + [8, 6, 0, 0, 0]  // bit depth 8, RGBA, deflate, adaptive filter, no interlace
        return pngSignature + ByteFields.be32(13) + chunk + ByteFields.be32(Int(CRC32.checksum(chunk)))
    }

    /// A JFIF marker, then a baseline start-of-frame giving the size.
    public static func jpeg(width: Int, height: Int) -> Data {
        Data(
            [0xFF, 0xD8, 0xFF, 0xE0] + ByteFields.be16(16) + ByteFields.ascii("JFIF") + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
                + [0xFF, 0xC0] + ByteFields.be16(17) + [8] + ByteFields.be16(height) + ByteFields.be16(width)
                + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
    }

    /// A GIF89a logical screen of the size, with a global colour table flagged.
    public static func gif(width: Int, height: Int) -> Data {
        Data(ByteFields.ascii("GIF89a") + ByteFields.le16(width) + ByteFields.le16(height) + [0xF7, 0, 0])
    }

    /// A RIFF header for a file of `fileSize` bytes and an extended (VP8X) WebP chunk with the size.
    public static func webp(width: Int, height: Int, fileSize: Int) -> Data {
        Data(
            ByteFields.ascii("RIFF") + ByteFields.le32(fileSize - 8) + ByteFields.ascii("WEBPVP8X") + ByteFields.le32(10)
                + [0, 0, 0, 0] + ByteFields.le24(width - 1) + ByteFields.le24(height - 1))
    }

    /// An AVIF `ftyp` box, then an `ispe` (image spatial extents) box with the size.
    public static func avif(width: Int, height: Int) -> Data {
        Data(
            ByteFields.be32(28) + ByteFields.ascii("ftypavif") + ByteFields.be32(0) + ByteFields.ascii("avifmif1miaf")
                + ByteFields.be32(20) + ByteFields.ascii("ispe") + ByteFields.be32(0) + ByteFields.be32(width) + ByteFields.be32(height))
    }

    /// `header` then filler, `size` bytes in all: byte i is `i * 7 + seed` (truncated), so files
    /// padded with other seeds differ.
    public static func padded(_ header: Data, to size: Int, seed: Int = 3) -> Data {
        header + Data((header.count..<max(header.count, size)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ seed) })
    }
}
