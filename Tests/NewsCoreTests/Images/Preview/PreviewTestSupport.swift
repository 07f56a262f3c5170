import Foundation
@testable import NewsCore
import TestSupport
import Testing

/// Shared by the preview decoding tests.
enum PreviewTesting {
    /// A box no test image reaches: decode at full size.
    static let unbounded = PixelSize(width: 10_000, height: 10_000)

    /// Decodes `data` as `format`, by default the one its first bytes show (as the fetch finds
    /// it); bytes that show none go to the PNG reader, which must refuse them.
    static func decode(
        _ data: Data, format: ImageFormat? = nil, box: PixelSize = unbounded, background: RGB = .black,
        budget: PreviewBudget = .default
    ) throws(PreviewError) -> RGBImage {
        let format = format ?? ImageFormat.detect(data) ?? .png
        return try PreviewDecoder.decode(data, format: format, fitting: box, background: background, budget: budget)
    }

    /// The error a decode throws, or nil when it succeeded.
    static func error(_ data: Data, format: ImageFormat? = nil, box: PixelSize = unbounded, budget: PreviewBudget = .default) -> PreviewError? {
        do {
            _ = try decode(data, format: format, box: box, budget: budget)
            return nil
        } catch {
            return error
        }
    }

    static func image(_ pixels: [UInt8], width: Int, height: Int) throws -> RGBImage {
        try #require(RGBImage(width: width, height: height, pixels: pixels))
    }

    /// The largest difference of any channel between two images of the same size.
    static func maxDifference(_ a: RGBImage, _ b: RGBImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return Int.max }
        return zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    static func colours(_ image: RGBImage) -> Set<RGB> {
        var set = Set<RGB>()
        for y in 0..<image.height { for x in 0..<image.width { set.insert(image[x, y]) } }
        return set
    }

    /// libpng's 16-to-8-bit scaling of `byte * 257` gives back `byte`: 16-bit fixtures use such values.
    static func wide(_ byte: UInt8) -> UInt16 { UInt16(byte) * 257 }

    /// Alpha compositing as the reader does it, rounded.
    static func over(_ colour: UInt8, alpha: UInt8, _ background: UInt8) -> UInt8 {
        let a = Int(alpha)
        let sum: Int = Int(colour) * a + Int(background) * (255 - a) + 127
        return UInt8(sum / 255)
    }
}

/// Lets `#expect(throws:)`-style checks compare error kinds without their payloads.
extension PreviewError {
    var isDamaged: Bool { if case .damaged = self { return true } else { return false } }
    var isTooLarge: Bool { if case .tooLarge = self { return true } else { return false } }
}
