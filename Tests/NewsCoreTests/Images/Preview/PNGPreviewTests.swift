import Foundation
@testable import NewsCore
import TestSupport
import Testing

@Suite struct PNGPreviewTests {
    @Test(arguments: PNGCase.all)
    func everyLayoutDecodesToItsPixels(_ png: PNGCase) throws {
        let data = try png.fixture.encode()
        let image = try PreviewTesting.decode(data, background: PNGCase.background)
        #expect(image.width == png.fixture.width && image.height == png.fixture.height)
        #expect(image.pixels == png.expected)
    }

    @Test(arguments: [RGB.black, RGB.white, RGB(255, 0, 128)])
    func alphaIsCompositedOverTheBackgroundGiven(_ background: RGB) throws {
        // Opaque red, half-transparent green, fully transparent blue.
        let samples: [UInt16] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0]
        let data = try PNGFixture(width: 3, height: 1, colourType: .rgba, samples: samples).encode()
        let image = try PreviewTesting.decode(data, background: background)
        #expect(image[0, 0] == RGB(255, 0, 0))
        #expect(
            image[1, 0]
                == RGB(
                    PreviewTesting.over(0, alpha: 128, background.red), PreviewTesting.over(255, alpha: 128, background.green),
                    PreviewTesting.over(0, alpha: 128, background.blue)))
        #expect(image[2, 0] == background)
    }

    @Test(arguments: [false, true])
    func aTwoColourImageScalesToExactlyThoseTwoColours(_ interlaced: Bool) throws {
        let red: [UInt8] = [220, 30, 40], blue: [UInt8] = [10, 60, 250]
        let pixels = SyntheticImage.halves(width: 64, height: 32, left: red, right: blue)
        let data = try PNGFixture.rgb(pixels, width: 64, height: 32, interlaced: interlaced).encode()
        let image = try PreviewTesting.decode(data, box: PixelSize(width: 16, height: 16))
        #expect(image.size == PixelSize(width: 16, height: 8))
        for y in 0..<8 {
            for x in 0..<16 { #expect(image[x, y] == (x < 8 ? RGB(220, 30, 40) : RGB(10, 60, 250))) }
        }
    }

    @Test(arguments: [(1, 32, 4), (2, 40, 10), (3, 30, 5)])
    func aCheckerboardAveragesToItsMean(_ cell: Int, _ side: Int, _ target: Int) throws {
        let pixels = SyntheticImage.checkerboard(width: side, height: side, cell: cell, [0, 0, 0], [255, 255, 255])
        let data = try PNGFixture.rgb(pixels, width: side, height: side).encode()
        let image = try PreviewTesting.decode(data, box: PixelSize(width: target, height: target))
        #expect(image.size == PixelSize(width: target, height: target))
        // Each target pixel covers whole periods of the pattern: exactly half white, 127.5.
        #expect(PreviewTesting.colours(image) == [RGB(128, 128, 128)])
    }

    @Test func interlacedAndPlainGiveTheSamePreview() throws {
        let pixels = SyntheticImage.gradient(width: 37, height: 29)
        let plain = try PreviewTesting.decode(try PNGFixture.rgb(pixels, width: 37, height: 29).encode(), box: PixelSize(width: 10, height: 10))
        let interlaced = try PreviewTesting.decode(
            try PNGFixture.rgb(pixels, width: 37, height: 29, interlaced: true).encode(), box: PixelSize(width: 10, height: 10))
        #expect(plain.size == PixelSize(width: 10, height: 8))
        // Rows arrive in another order, so float sums may round differently by one.
        #expect(PreviewTesting.maxDifference(plain, interlaced) <= 1)
    }

    @Test func aScaledGradientMatchesTheMeanOfEachArea() throws {
        let pixels = SyntheticImage.gradient(width: 40, height: 20)
        let data = try PNGFixture.rgb(pixels, width: 40, height: 20).encode()
        let image = try PreviewTesting.decode(data, box: PixelSize(width: 10, height: 10))
        let source = try PreviewTesting.image(pixels, width: 40, height: 20)
        for y in 0..<5 {
            for x in 0..<10 {
                var sums = [0, 0, 0]
                for sy in (y * 4)..<(y * 4 + 4) {
                    for sx in (x * 4)..<(x * 4 + 4) {
                        let pixel = source[sx, sy]
                        sums[0] += Int(pixel.red); sums[1] += Int(pixel.green); sums[2] += Int(pixel.blue)
                    }
                }
                let mean = sums.map { UInt8((Double($0) / 16).rounded()) }
                #expect(image[x, y] == RGB(mean[0], mean[1], mean[2]), "at \(x), \(y)")
            }
        }
    }
}
