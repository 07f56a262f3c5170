import Foundation
@testable import NewsCore
import TestSupport
import Testing

@Suite struct JPEGPreviewTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var width: Int
        var height: Int
        var grey = false
        var progressive = false
        var testDescription: String {
            "\(width)×\(height)" + (grey ? " greyscale" : "") + (progressive ? " progressive" : " baseline")
        }
    }

    static let cases: [Case] = [(61, 37), (1, 1), (16, 16), (8, 97)].flatMap { size in
        [false, true].flatMap { grey in
            [false, true].map { progressive in Case(width: size.0, height: size.1, grey: grey, progressive: progressive) }
        }
    }

    /// At full size a smooth picture comes back within JPEG's loss at quality 95.
    @Test(arguments: cases)
    func decodesAtFullSizeCloseToTheSource(_ shape: Case) throws {
        let rgb = SyntheticImage.gradient(width: shape.width, height: shape.height)
        let pixels = shape.grey ? stride(from: 0, to: rgb.count, by: 3).map { rgb[$0] } : rgb
        let data = try JPEGFixture(
            width: shape.width, height: shape.height, pixels: pixels, grey: shape.grey, quality: 95,
            progressive: shape.progressive, fullChroma: true
        ).encode()
        let image = try PreviewTesting.decode(data)
        #expect(image.size == PixelSize(width: shape.width, height: shape.height))
        let expected = shape.grey ? pixels.flatMap { [$0, $0, $0] } : rgb
        #expect(PreviewTesting.maxDifference(image, try PreviewTesting.image(expected, width: shape.width, height: shape.height)) <= 8)
    }

    /// Decoded at 1/8 by libjpeg, then averaged: still exactly two colours, in their places.
    @Test(arguments: [false, true])
    func aTwoColourImageScalesToThoseTwoColours(_ progressive: Bool) throws {
        let left: [UInt8] = [200, 40, 40], right: [UInt8] = [30, 90, 220]
        let pixels = SyntheticImage.halves(width: 256, height: 128, left: left, right: right)
        let data = try JPEGFixture(width: 256, height: 128, pixels: pixels, quality: 100, progressive: progressive, fullChroma: true).encode()
        let image = try PreviewTesting.decode(data, box: PixelSize(width: 16, height: 16))
        #expect(image.size == PixelSize(width: 16, height: 8))
        let colours = PreviewTesting.colours(image)
        #expect(colours.count == 2)
        for y in 0..<8 {
            for x in 0..<16 {
                let pixel = image[x, y], want = x < 8 ? left : right
                let difference = max(abs(Int(pixel.red) - Int(want[0])), abs(Int(pixel.green) - Int(want[1])), abs(Int(pixel.blue) - Int(want[2])))
                #expect(difference <= 1, "at \(x), \(y): \(pixel)")
            }
        }
    }

    @Test func aTwoGreyImageScalesToExactlyThoseGreys() throws {
        let pixels = SyntheticImage.halves(width: 64, height: 64, left: [30, 30, 30], right: [210, 210, 210])
        let greys = stride(from: 0, to: pixels.count, by: 3).map { pixels[$0] }
        let data = try JPEGFixture(width: 64, height: 64, pixels: greys, grey: true, quality: 100).encode()
        let image = try PreviewTesting.decode(data, box: PixelSize(width: 8, height: 8))
        #expect(PreviewTesting.colours(image) == [RGB(30, 30, 30), RGB(210, 210, 210)])
        #expect(image[0, 0] == RGB(30, 30, 30) && image[7, 7] == RGB(210, 210, 210))
    }

    @Test func aCheckerboardAveragesToMidGrey() throws {
        let pixels = SyntheticImage.checkerboard(width: 128, height: 128, cell: 8, [0, 0, 0], [255, 255, 255])
        let data = try JPEGFixture(width: 128, height: 128, pixels: pixels, quality: 100, fullChroma: true).encode()
        let image = try PreviewTesting.decode(data, box: PixelSize(width: 4, height: 4))
        for colour in PreviewTesting.colours(image) {
            #expect(abs(Int(colour.red) - 128) <= 1 && colour.red == colour.green && colour.green == colour.blue, "\(colour)")
        }
    }

    @Test func adobeCMYKBecomesRGB() throws {
        // Inverted CMYK: no cyan, full magenta, no yellow, no black; then full black.
        let magenta: [UInt8] = [255, 0, 255, 255], black: [UInt8] = [255, 255, 255, 0]
        let pixels = (0..<16 * 16).flatMap { $0 % 16 < 8 ? magenta : black }
        var jpeg = JPEGFixture(width: 16, height: 16, pixels: pixels, quality: 100, fullChroma: true)
        jpeg.cmyk = true
        let image = try PreviewTesting.decode(try jpeg.encode(), box: PixelSize(width: 2, height: 2))
        let expected = try PreviewTesting.image([255, 0, 255, 0, 0, 0, 255, 0, 255, 0, 0, 0], width: 2, height: 2)
        #expect(PreviewTesting.maxDifference(image, expected) <= 2, "\(image.pixels)")
    }

    static let scales: [(full: PixelSize, target: PixelSize, denominator: Int)] = [
        (PixelSize(width: 4000, height: 3000), PixelSize(width: 80, height: 60), 8),
        (PixelSize(width: 640, height: 480), PixelSize(width: 80, height: 60), 8),
        (PixelSize(width: 641, height: 481), PixelSize(width: 82, height: 61), 4),
        (PixelSize(width: 1000, height: 1000), PixelSize(width: 300, height: 300), 2),
        (PixelSize(width: 1000, height: 1000), PixelSize(width: 501, height: 501), 1),
        (PixelSize(width: 17, height: 9), PixelSize(width: 17, height: 9), 1),
    ]

    @Test(arguments: scales)
    func libjpegScalesToTheSmallestSizeThatCoversTheTarget(_ full: PixelSize, _ target: PixelSize, _ denominator: Int) {
        #expect(JPEGPreviewReader.scaleDenominator(full, target) == denominator)
    }

    @Test func theAspectRatioIsKept() throws {
        let pixels = SyntheticImage.gradient(width: 400, height: 100)
        let data = try JPEGFixture(width: 400, height: 100, pixels: pixels).encode()
        let image = try PreviewTesting.decode(data, box: PixelSize(width: 80, height: 48))
        #expect(image.size == PixelSize(width: 80, height: 20))
    }
}
