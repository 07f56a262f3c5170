import TestSupport
import Foundation
@testable import NewsCore
import Testing

/// Content sniffing: the leading bytes decide the type, never a header.
@Suite struct ImageFormatTests {
    @Test(arguments: ImageFormat.allCases)
    func eachFormatIsRecognisedFromItsLeadingBytes(_ format: ImageFormat) {
        #expect(ImageFormat.detect(SaveFixtures.image(format)) == format)
    }

    @Test func fileExtensions() {
        #expect(ImageFormat.png.fileExtension == "png")
        #expect(ImageFormat.jpeg.fileExtension == "jpg")
        #expect(ImageFormat.gif.fileExtension == "gif")
        #expect(ImageFormat.webp.fileExtension == "webp")
        #expect(ImageFormat.avif.fileExtension == "avif")
    }

    @Test func bothGIFVersionsAndBothAVIFBrandsAreAccepted() {
        #expect(ImageFormat.detect(Array("GIF87a".utf8) + [1, 0, 1, 0]) == .gif)
        #expect(ImageFormat.detect(Array("GIF89a".utf8)) == .gif)
        let sequence = ByteFields.be32(24) + Array("ftypavis".utf8) + [0, 0, 0, 0]
        #expect(ImageFormat.detect(sequence) == .avif)
    }

    static let notImages: [(String, [UInt8])] = [
        ("empty", []),
        ("html", Array(SaveFixtures.html)),
        ("json", Array(#"{"status":"error"}"#.utf8)),
        ("png signature cut short", Array(HeaderOnlyImage.pngSignature.prefix(7))),
        ("png signature with a wrong byte", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0B]),
        ("jpeg cut short", [0xFF, 0xD8]),
        ("GIF90a", Array("GIF90a".utf8)),
        ("RIFF WAVE", Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVEfmt ".utf8)),
        ("RIFF without a type", Array("RIFF".utf8) + [0, 0, 0, 0]),
        ("HEIC", ByteFields.be32(24) + Array("ftypheic".utf8) + [0, 0, 0, 0]),
        ("MP4", ByteFields.be32(24) + Array("ftypisom".utf8) + [0, 0, 0, 0]),
        ("ftyp cut short", ByteFields.be32(24) + Array("ftypav".utf8)),
        ("signature not at the start", [0x20] + Array(HeaderOnlyImage.pngSignature)),
        ("BMP", Array("BM".utf8) + [UInt8](repeating: 0, count: 40)),
        ("SVG", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)),
    ]

    @Test(arguments: notImages)
    func otherBytesAreNotAnImage(_ label: String, _ bytes: [UInt8]) {
        #expect(ImageFormat.detect(bytes) == nil, "\(label)")
    }

    @Test func onlyTheFirst32BytesAreLookedAt() {
        #expect(ImageFormat.signatureLength == 32)
        let late = [UInt8](repeating: 0, count: 32) + Array(HeaderOnlyImage.pngSignature)
        #expect(ImageFormat.detect(late) == nil)
    }

    @Test(arguments: ImageFormat.allCases)
    func headerGivesThePixelSize(_ format: ImageFormat) throws {
        let info = try #require(ImageInfo.parse(SaveFixtures.image(format, width: 1234, height: 567, size: 600)))
        #expect(info.format == format)
        #expect(info.width == 1234)
        #expect(info.height == 567)
        #expect(info.byteCount == 600)
    }

    @Test func summaryReadsTypeSizeAndBytes() throws {
        let info = try #require(ImageInfo.parse(SaveFixtures.image(.png, width: 640, height: 360, size: 3 * 1024)))
        #expect(info.summary == "PNG, 640×360, 3 KiB")
    }

    /// Every prefix of every fixture, and random tails behind each signature: parsing hostile
    /// bytes must never trap (a trap fails the whole test run).
    @Test func truncatedAndRandomHeadersNeverTrap() {
        var generator = ImageFuzzRandom(seed: 0x5EED)
        for format in ImageFormat.allCases {
            let whole = [UInt8](SaveFixtures.image(format, size: 64))
            for length in 0...whole.count {
                _ = ImageInfo.parse(Data(whole.prefix(length)))
            }
            let signature = Array(whole.prefix(16))
            for _ in 0..<300 {
                let tail = (0..<Int(generator.next() % 80)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                let info = ImageInfo.parse(Data(signature + tail))
                #expect(info == nil || info?.format == format)
            }
        }
    }
}

private typealias ImageFuzzRandom = SplitMix64
