import Foundation
@testable import NewsCore
import TestSupport
import Testing

@Suite struct AreaAveragerTests {
    static let fits: [(PixelSize, PixelSize, PixelSize)] = [
        (PixelSize(width: 4000, height: 3000), PixelSize(width: 80, height: 48), PixelSize(width: 64, height: 48)),
        (PixelSize(width: 400, height: 100), PixelSize(width: 80, height: 48), PixelSize(width: 80, height: 20)),
        (PixelSize(width: 100, height: 400), PixelSize(width: 80, height: 48), PixelSize(width: 12, height: 48)),
        (PixelSize(width: 10, height: 10), PixelSize(width: 80, height: 48), PixelSize(width: 10, height: 10)),  // never enlarged
        (PixelSize(width: 10_000, height: 1), PixelSize(width: 80, height: 48), PixelSize(width: 80, height: 1)),
        (PixelSize(width: 50, height: 50), PixelSize(width: 0, height: 0), PixelSize(width: 1, height: 1)),
    ]

    @Test(arguments: fits)
    func fittingKeepsTheAspectRatio(_ source: PixelSize, _ box: PixelSize, _ expected: PixelSize) {
        #expect(source.fitted(within: box) == expected)
    }

    /// Each source pixel is shared out whole, and each target cell receives exactly its area.
    @Test(arguments: [(7, 3), (10, 10), (100, 7), (641, 80), (3, 1), (5000, 64)])
    func everyPixelIsSharedOutExactlyOnce(_ count: Int, _ cells: Int) {
        var received = [Double](repeating: 0, count: cells)
        for index in 0..<count {
            let split = AreaAverager.split(index, from: count, to: cells)
            #expect(abs(Double(split.firstShare + split.secondShare) - 1) < 1e-6)
            #expect(split.first >= 0 && split.second < cells && split.second - split.first <= 1)
            received[split.first] += Double(split.firstShare)
            received[split.second] += Double(split.secondShare)
        }
        for total in received { #expect(abs(total - Double(count) / Double(cells)) < 1e-3) }
    }

    @Test func aPixelOnABoundaryIsNotSplit() {
        let split = AreaAverager.split(3, from: 9, to: 3)
        #expect(split.first == 1 && split.firstShare == 1 && split.secondShare == 0)
    }

    @Test func rowsMayComeInAnyOrder() throws {
        let pixels = SyntheticImage.gradient(width: 30, height: 20)
        let source = try PreviewTesting.image(pixels, width: 30, height: 20)
        let inOrder = source.scaled(fitting: PixelSize(width: 7, height: 7))
        var averager = AreaAverager(source: source.size, target: inOrder.size)
        pixels.withUnsafeBufferPointer { all in
            for y in (0..<20).reversed() {
                averager.add(row: y, rgb: UnsafeBufferPointer(rebasing: all[(y * 90)..<((y + 1) * 90)]))
            }
        }
        #expect(PreviewTesting.maxDifference(averager.image(), inOrder) <= 1)
    }

    @Test func rowsAndColumnsOutsideTheSourceAreIgnored() {
        var averager = AreaAverager(source: PixelSize(width: 2, height: 2), target: PixelSize(width: 1, height: 1))
        let white: [UInt8] = [255, 255, 255, 255, 255, 255]
        white.withUnsafeBufferPointer { row in
            averager.add(row: 0, rgb: row)
            averager.add(row: 1, rgb: row)
            averager.add(row: 2, rgb: row)
            averager.add(row: -1, rgb: row)
            averager.add(row: 0, rgb: row, firstColumn: 5)
        }
        #expect(averager.image()[0, 0] == .white)
    }

    @Test func scalingADecodedImageAgainNeverEnlargesIt() throws {
        let image = RGBImage(width: 20, height: 10, filledWith: RGB(1, 2, 3))
        #expect(image.scaled(fitting: PixelSize(width: 100, height: 100)) == image)
        let smaller = image.scaled(fitting: PixelSize(width: 10, height: 10))
        #expect(smaller.size == PixelSize(width: 10, height: 5))
        #expect(PreviewTesting.colours(smaller) == [RGB(1, 2, 3)])
    }

    @Test func anImageNeedsExactlyItsBytes() {
        #expect(RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 12)) != nil)
        #expect(RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 11)) == nil)
        #expect(RGBImage(width: -1, height: 2, pixels: []) == nil)
    }
}
