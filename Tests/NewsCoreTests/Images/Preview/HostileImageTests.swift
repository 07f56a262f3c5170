import Foundation
@testable import NewsCore
import TestSupport
import Testing

/// Truncated, corrupt and oversized images: an error with a reason, never a crash or an exit.
@Suite struct HostileImageTests {
    static let fractions = [0.0, 0.02, 0.3, 0.6, 0.9]

    @Test(arguments: fractions)
    func aTruncatedPNGSaysItsDataEndsEarly(_ fraction: Double) throws {
        let data = try HostileFixtures.png()
        let cut = max(8, Int(Double(data.count) * fraction))  // keep the signature: it is still "a PNG"
        let error = PreviewTesting.error(data.prefix(cut))
        #expect(error == .damaged(reason: "PNG data ends early"))
        #expect(error?.message == "The image is damaged (PNG data ends early).")
    }

    @Test(arguments: [false, true], fractions)
    func aTruncatedJPEGSaysItsDataEndsEarly(_ progressive: Bool, _ fraction: Double) throws {
        let data = try HostileFixtures.jpeg(progressive: progressive)
        let cut = max(3, Int(Double(data.count) * fraction))
        let error = PreviewTesting.error(data.prefix(cut))
        #expect(error == .damaged(reason: "JPEG data ends early"))
        #expect(error?.message == "The image is damaged (JPEG data ends early).")
    }

    @Test(arguments: fractions)
    func aTruncatedGIFSaysItsDataEndsEarly(_ fraction: Double) {
        let data = HostileFixtures.gif()
        #expect(PreviewTesting.error(data.prefix(max(6, Int(Double(data.count) * fraction)))) == .damaged(reason: "GIF data ends early"))
    }

    @Test func aPNGWithACorruptImageChunkIsDamaged() throws {
        var bytes = [UInt8](try HostileFixtures.png())
        bytes[bytes.count / 2] ^= 0x5A  // inside IDAT: its CRC no longer matches
        let error = try #require(PreviewTesting.error(Data(bytes)))
        #expect(error.isDamaged && error.message.hasPrefix("The image is damaged (PNG: IDAT"), "\(error.message)")
    }

    @Test func aPNGWithAnImpossibleHeaderIsDamaged() throws {
        var bytes = [UInt8](try HostileFixtures.png())
        bytes[24] = 3  // bit depth 3
        bytes.replaceSubrange(29..<33, with: ByteFields.be32(Int(CRC32.checksum(bytes[12..<29]))))
        let error = try #require(PreviewTesting.error(Data(bytes)))
        #expect(error.isDamaged && error.message.hasPrefix("The image is damaged (PNG: "), "\(error.message)")
    }

    @Test func aJPEGWithACorruptFrameHeaderIsDamaged() throws {
        let data = try HostileFixtures.jpeg()
        var bytes = [UInt8](HostileFixtures.jpeg(data, claiming: 0, 0))  // a zero-sized frame
        #expect(PreviewTesting.error(Data(bytes))?.isDamaged == true)
        bytes = [UInt8](data)
        let sos = try #require((2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        bytes[sos + 4] = 9  // the scan names 9 components
        #expect(PreviewTesting.error(Data(bytes))?.isDamaged == true)
    }

    static let giants: [(String, Data, Int, Int)] = {
        // A failing fixture encoder shows up as an empty input, which the test reports.
        let png = (try? HostileFixtures.png()) ?? Data(), jpeg = (try? HostileFixtures.jpeg()) ?? Data()
        return [
            ("PNG", HostileFixtures.png(png, claiming: 100_000, 100_000), 100_000, 100_000),
            ("PNG, tall", HostileFixtures.png(png, claiming: 1, 60_000_000), 1, 60_000_000),
            ("PNG, wide", HostileFixtures.png(png, claiming: 100_000, 10), 100_000, 10),
            ("JPEG", HostileFixtures.jpeg(jpeg, claiming: 60_000, 60_000), 60_000, 60_000),
            ("GIF", HostileFixtures.gif(HostileFixtures.gif(), claiming: 65_535, 65_535), 65_535, 65_535),
        ]
    }()

    @Test(arguments: giants)
    func aHeaderClaimingTooManyPixelsIsRefused(_ label: String, _ data: Data, _ width: Int, _ height: Int) {
        let error = PreviewTesting.error(data)
        #expect(error == .tooLarge(width: width, height: height, maxPixels: 50_000_000), "\(label)")
        let limit = width * height > 50_000_000 ? "50 megapixels" : "65535 pixels a side"
        #expect(error?.message == "The image is too large to preview (\(width)×\(height) pixels; the limit is \(limit)).")
    }

    @Test func theBudgetIsTheCallers() throws {
        let budget = PreviewBudget(maxPixels: 96 * 64 - 1, maxDecoderMemory: 1 << 20)
        for data in [try HostileFixtures.png(), try HostileFixtures.jpeg(), HostileFixtures.gif()] {
            #expect(PreviewTesting.error(data, budget: budget) == .tooLarge(width: 96, height: 64, maxPixels: 96 * 64 - 1))
        }
    }

    static func fuzz(_ data: Data, seed: UInt64, rounds: Int = 300) {
        var random = SplitMix64(seed: seed)
        let bytes = [UInt8](data)
        for _ in 0..<rounds {
            var corrupt = bytes
            for _ in 0..<random.int(1...4) { corrupt[random.int(3...(bytes.count - 1))] = UInt8(random.int(0...255)) }
            // Success or any PreviewError is right; a crash, an exit or a hang is not.
            if let image = try? PreviewTesting.decode(Data(corrupt), box: PixelSize(width: 40, height: 40)) {
                #expect(image.width <= 40 && image.height <= 40)
            }
        }
    }

    @Test func randomCorruptionNeverCrashes() throws {
        Self.fuzz(try HostileFixtures.png(), seed: 1)
        Self.fuzz(try HostileFixtures.jpeg(), seed: 2)
        Self.fuzz(try HostileFixtures.jpeg(progressive: true), seed: 3)
    }

    @Test(arguments: [("WebP", Data("RIFF\0\0\0\0WEBPVP8 ".utf8), ImageFormat.webp), ("AVIF", Data("\0\0\0\u{18}ftypavif".utf8), .avif)])
    func formatsWithoutADecoderSaySo(_ name: String, _ data: Data, _ format: ImageFormat) {
        let error = PreviewTesting.error(data)
        #expect(error == .noPreview(format))
        #expect(error?.message == "There is no preview for \(name.uppercased()) images.")
    }

    /// The decoder takes the format the fetch found; bytes that are not that image are refused.
    @Test(arguments: [ImageFormat.png, .jpeg])
    func bytesThatAreNotTheImageTheyClaimAreDamaged(_ format: ImageFormat) {
        guard case .damaged? = PreviewTesting.error(Data("<!doctype html><p>hello".utf8), format: format) else {
            Issue.record("HTML decoded as \(format.displayName) was not refused as damaged")
            return
        }
    }
}
