import Foundation
@testable import NewsCore
import TestSupport
import Testing

/// Broken GIFs: each gives a one-line reason, never a crash or a read out of bounds.
@Suite struct GIFMalformedTests {
    static let header: [UInt8] = Array("GIF89a".utf8) + [4, 0, 2, 0, 0x81, 0, 0] + [0, 0, 0, 255, 255, 255, 9, 9, 9, 90, 90, 90]
    static let descriptor: [UInt8] = [0x2C, 0, 0, 0, 0, 4, 0, 2, 0, 0]

    /// A GIF of a 4×2 frame whose image data is these raw LZW bytes (minimum code size 2).
    static func gif(codeSize: UInt8 = 2, lzw: [UInt8]) -> Data {
        Data(header + descriptor + [codeSize] + GIFFixture.subBlocks(lzw) + [0x3B])
    }

    /// Packs codes least significant bit first, `width` bits each.
    static func codes(_ values: [Int], width: Int = 3) -> [UInt8] {
        var bytes: [UInt8] = [], buffer = 0, count = 0
        for value in values {
            buffer |= value << count
            count += width
            while count >= 8 { bytes.append(UInt8(buffer & 0xFF)); buffer >>= 8; count -= 8 }
        }
        return count > 0 ? bytes + [UInt8(buffer & 0xFF)] : bytes
    }

    static let good = gif(lzw: GIFFixture.lzw([0, 1, 2, 3, 3, 2, 1, 0], minimumCodeSize: 2))

    @Test func theWellFormedBaselineDecodes() throws {
        let image = try PreviewTesting.decode(Self.good)
        #expect(image.size == PixelSize(width: 4, height: 2))
    }

    static let broken: [(String, Data, String)] = [
        // Clear is 4, end 5, the first free code 6: code 7 does not exist yet.
        ("a code beyond the table", gif(lzw: codes([4, 0, 7, 1, 1, 1, 1, 1, 5])), "GIF has an invalid LZW code"),
        ("a table code right after a clear", gif(lzw: codes([4, 6, 0, 0, 0, 0, 0, 0, 0, 5])), "GIF has an invalid LZW code"),
        ("the end code before the frame is full", gif(lzw: codes([4, 0, 1, 5])), "GIF data ends early"),
        ("no image data at all", gif(lzw: []), "GIF data ends early"),
        ("a code size of 0", gif(codeSize: 0, lzw: codes([4, 0, 5])), "GIF has an invalid LZW code size (0)"),
        ("a code size of 12", gif(codeSize: 12, lzw: codes([4, 0, 5])), "GIF has an invalid LZW code size (12)"),
        ("sub-blocks cut off", Data(Array(good.dropLast(4))), "GIF data ends early"),
        ("a sub-block longer than the file", Data(header + descriptor + [2, 200, 1, 2, 3]), "GIF data ends early"),
        ("a colour table cut off", Data(Array(header.prefix(16))), "GIF data ends early"),
        ("a trailer and no image", Data(header + [0x3B]), "GIF has no image"),
        ("an unknown block", Data(header + [0x99]), "GIF has an unknown block (0x99)"),
        ("an extension cut off", Data(header + [0x21, 0xF9, 4, 1]), "GIF data ends early"),
        ("a descriptor cut off", Data(header + [0x2C, 0, 0, 0]), "GIF data ends early"),
    ]

    @Test(arguments: broken)
    func brokenDataGivesItsReason(_ label: String, _ data: Data, _ reason: String) {
        #expect(PreviewTesting.error(data) == .damaged(reason: reason), "\(label)")
    }

    @Test func aZeroSizedFrameIsRefused() {
        let data = Data(Self.header + [0x2C, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3B])
        #expect(PreviewTesting.error(data) == .damaged(reason: "the image has no pixels"))
    }

    /// Every prefix and 400 single-byte corruptions of a real GIF: an error or a picture, never a crash.
    @Test func everyTruncationAndManyCorruptionsAreSafe() throws {
        var frame = GIFFixture.Frame(width: 12, height: 9, indices: (0..<108).map { UInt8($0 % 4) })
        frame.interlaced = true
        let bytes = GIFFixture(width: 12, height: 9, globalColours: Array(Self.header[13...]), frames: [frame]).encode()
        for length in 0..<bytes.count {
            if let image = try? PreviewTesting.decode(Data(bytes.prefix(length))) {  // only crashing would be wrong
                #expect(image.size == PixelSize(width: 12, height: 9))
            }
        }
        var random = SplitMix64(seed: 0x6769_6621)
        for _ in 0..<400 {
            var corrupt = bytes
            corrupt[random.int(6...(bytes.count - 1))] = UInt8(random.int(0...255))
            _ = try? PreviewTesting.decode(Data(corrupt))  // any outcome but a crash is right
        }
    }
}
