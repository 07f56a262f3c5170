import Foundation
import TestSupport

/// Valid images, and ways to damage them, for the hostile-input tests.
enum HostileFixtures {
    static let width = 96, height = 64

    static func png() throws -> Data {
        try PNGFixture.rgb(SyntheticImage.gradient(width: width, height: height), width: width, height: height).encode()
    }

    static func jpeg(progressive: Bool = false, fullChroma: Bool = false) throws -> Data {
        try JPEGFixture(
            width: width, height: height, pixels: SyntheticImage.photo(width: width, height: height),
            progressive: progressive, fullChroma: fullChroma
        ).encode()
    }

    static func gif() -> Data {
        let frame = GIFFixture.Frame(width: width, height: height, indices: (0..<width * height).map { UInt8($0 % 7) })
        return Data(GIFFixture(width: width, height: height, globalColours: [UInt8](0..<24), frames: [frame]).encode())
    }

    /// The PNG with its IHDR claiming another size (the CRC rewritten so libpng believes it).
    static func png(_ data: Data, claiming width: Int, _ height: Int) -> Data {
        var bytes = [UInt8](data)
        bytes.replaceSubrange(16..<24, with: ByteFields.be32(width) + ByteFields.be32(height))
        bytes.replaceSubrange(29..<33, with: ByteFields.be32(Int(CRC32.checksum(bytes[12..<29]))))
        return Data(bytes)
    }

    /// The JPEG with its start-of-frame marker claiming another size.
    static func jpeg(_ data: Data, claiming width: Int, _ height: Int) -> Data {
        var bytes = [UInt8](data)
        var index = 2
        while index + 9 < bytes.count {
            let marker = bytes[index + 1], length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xC0 || marker == 0xC2 {
                bytes.replaceSubrange((index + 5)..<(index + 9), with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
                return Data(bytes)
            }
            index += 2 + length
        }
        return data
    }

    /// The GIF with its logical screen claiming another size.
    static func gif(_ data: Data, claiming width: Int, _ height: Int) -> Data {
        var bytes = [UInt8](data)
        bytes.replaceSubrange(6..<10, with: [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)])
        return Data(bytes)
    }
}
