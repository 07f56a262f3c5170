import Foundation
@testable import NewsCore
import TestSupport
import Testing

@Suite struct GIFPreviewTests {
    /// Four colours: red, green, blue, white.
    static let colours: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
    static let rgb = [RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 0, 255), RGB(255, 255, 255)]

    static func frame(_ width: Int, _ height: Int, seed: UInt64, colours: Int = 4) -> GIFFixture.Frame {
        var random = SplitMix64(seed: seed)
        return GIFFixture.Frame(width: width, height: height, indices: (0..<width * height).map { _ in UInt8(random.int(0...(colours - 1))) })
    }

    static func expected(_ frame: GIFFixture.Frame, palette: [RGB]) -> [UInt8] {
        frame.indices.flatMap { index in [palette[Int(index)].red, palette[Int(index)].green, palette[Int(index)].blue] }
    }

    struct Shape: CustomTestStringConvertible, Sendable {
        var width: Int, height: Int, interlaced: Bool, codeSize: Int
        var testDescription: String { "\(width)×\(height) code size \(codeSize)" + (interlaced ? " interlaced" : "") }
    }

    static let shapes: [Shape] = [(1, 1), (7, 3), (13, 11), (3, 40), (150, 120)].flatMap { size in
        [false, true].flatMap { interlaced in [2, 8].map { Shape(width: size.0, height: size.1, interlaced: interlaced, codeSize: $0) } }
    }

    /// Random pixels defeat compression, so the larger shapes fill the LZW table and reset it.
    @Test(arguments: shapes)
    func theFirstFrameDecodesToItsPixels(_ shape: Shape) throws {
        var frame = Self.frame(shape.width, shape.height, seed: UInt64(shape.width * 131 + shape.height))
        frame.interlaced = shape.interlaced
        frame.minimumCodeSize = shape.codeSize
        let gif = GIFFixture(width: shape.width, height: shape.height, globalColours: Self.colours, frames: [frame])
        let image = try PreviewTesting.decode(Data(gif.encode()))
        #expect(image.pixels == Self.expected(frame, palette: Self.rgb))
    }

    @Test func longRunsUseTheCodeBeingDefined() throws {
        // One colour throughout makes every string "the previous plus its own first byte".
        let frame = GIFFixture.Frame(width: 300, height: 200, indices: [UInt8](repeating: 2, count: 60_000))
        let image = try PreviewTesting.decode(Data(GIFFixture(width: 300, height: 200, globalColours: Self.colours, frames: [frame]).encode()))
        #expect(PreviewTesting.colours(image) == [RGB(0, 0, 255)])
    }

    @Test func aLocalColourTableWinsOverTheGlobalOne() throws {
        var frame = Self.frame(5, 4, seed: 7)
        frame.localColours = [9, 9, 9, 80, 80, 80, 160, 160, 160, 250, 250, 250]
        let image = try PreviewTesting.decode(Data(GIFFixture(width: 5, height: 4, globalColours: Self.colours, frames: [frame]).encode()))
        #expect(image.pixels == Self.expected(frame, palette: [RGB(9, 9, 9), RGB(80, 80, 80), RGB(160, 160, 160), RGB(250, 250, 250)]))
    }

    @Test func transparentPixelsShowTheBackground() throws {
        var frame = Self.frame(6, 6, seed: 3)
        frame.transparentIndex = 1
        let background = RGB(12, 34, 56)
        let image = try PreviewTesting.decode(
            Data(GIFFixture(width: 6, height: 6, globalColours: Self.colours, frames: [frame]).encode()), background: background)
        #expect(image.pixels == Self.expected(frame, palette: [Self.rgb[0], background, Self.rgb[2], Self.rgb[3]]))
    }

    @Test func aFrameSmallerThanTheScreenSitsOnTheBackground() throws {
        var frame = GIFFixture.Frame(width: 2, height: 2, indices: [0, 0, 0, 0])
        frame.left = 3
        frame.top = 1
        let background = RGB(1, 2, 3)
        let image = try PreviewTesting.decode(
            Data(GIFFixture(width: 6, height: 4, globalColours: Self.colours, frames: [frame]).encode()), background: background)
        for y in 0..<4 {
            for x in 0..<6 {
                let inside = (3...4).contains(x) && (1...2).contains(y)
                #expect(image[x, y] == (inside ? RGB(255, 0, 0) : background), "at \(x), \(y)")
            }
        }
    }

    @Test func onlyTheFirstFrameIsShown() throws {
        let first = GIFFixture.Frame(width: 4, height: 4, indices: [UInt8](repeating: 1, count: 16))
        let second = GIFFixture.Frame(width: 4, height: 4, indices: [UInt8](repeating: 2, count: 16))
        let image = try PreviewTesting.decode(Data(GIFFixture(width: 4, height: 4, globalColours: Self.colours, frames: [first, second]).encode()))
        #expect(PreviewTesting.colours(image) == [RGB(0, 255, 0)])
    }

    @Test func aTwoColourImageScalesToExactlyThoseTwoColours() throws {
        let indices = (0..<64 * 32).map { UInt8($0 % 64 < 32 ? 0 : 2) }
        let frame = GIFFixture.Frame(width: 64, height: 32, indices: indices)
        let image = try PreviewTesting.decode(
            Data(GIFFixture(width: 64, height: 32, globalColours: Self.colours, frames: [frame]).encode()), box: PixelSize(width: 8, height: 8))
        #expect(image.size == PixelSize(width: 8, height: 4))
        for y in 0..<4 { for x in 0..<8 { #expect(image[x, y] == (x < 4 ? RGB(255, 0, 0) : RGB(0, 0, 255))) } }
    }

    @Test(arguments: [1, 2, 3, 7, 8, 9, 16, 17, 100])
    func interlacedRowsLandInTheirPlaces(_ height: Int) {
        let rows = (0..<height).map { GIFPreviewReader.rowPosition($0, height: height, interlaced: true) }
        #expect(Set(rows) == Set(0..<height))
        #expect(rows.first == 0)
    }
}
