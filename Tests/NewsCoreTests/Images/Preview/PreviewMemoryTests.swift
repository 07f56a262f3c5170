import Foundation
@testable import NewsCore
import TestSupport
import Testing

/// Decompression bombs: small files whose pixels would take hundreds of megabytes. Peak memory
/// is measured in this process around the decode, with a generous bound far below the full size.
@Suite(.serialized) struct PreviewMemoryTests {
    static let bound = 32 << 20
    static let box = PixelSize(width: 80, height: 48)

    func expectBounded(_ growth: Int?, _ label: String) {
        guard let growth else { return }  // no /proc here: nothing to measure
        #expect(growth < Self.bound, "\(label): peak RSS rose \(growth >> 20) MiB")
    }

    @Test func aPNGBombDecodesInBoundedMemory() throws {
        // 4000 × 4000 RGBA: 64 MB of pixels from a file of under 100 KB.
        let data = try PNGFixture.blank(width: 4_000, height: 4_000, colourType: .rgba)
        #expect(data.count < 1 << 20)
        let (result, growth) = ResidentMemory.peakGrowth { Result { () throws(PreviewError) in try PreviewTesting.decode(data, box: Self.box) } }
        let image = try result.get()
        #expect(image.size == PixelSize(width: 48, height: 48))
        #expect(PreviewTesting.colours(image) == [.black])  // transparent over the black background
        expectBounded(growth, "PNG 4000×4000")
    }

    @Test(arguments: [false, true])
    func aJPEGClaimingHugeDimensionsStaysBounded(_ progressive: Bool) throws {
        // 7000 × 7000 is within the pixel budget; the data behind the header is for 96 × 64.
        // Baseline runs out of data; progressive 4:4:4 would need 294 MB of coefficients.
        let data = HostileFixtures.jpeg(try HostileFixtures.jpeg(progressive: progressive, fullChroma: true), claiming: 7_000, 7_000)
        let (error, growth) = ResidentMemory.peakGrowth { PreviewTesting.error(data, box: Self.box) }
        if progressive {
            #expect(error == .needsTooMuchMemory(limit: PreviewBudget.default.maxDecoderMemory))
            #expect(error?.message == "The image needs more than 48 MiB of memory to preview.")
        } else {
            #expect(error?.isDamaged == true)  // libjpeg meets the end of the data in a scan
        }
        expectBounded(growth, "JPEG claiming 7000×7000")
    }

    @Test func aProgressiveJPEGWhoseCoefficientsPassTheBudgetIsRefusedAtItsHeader() throws {
        // 4:2:0 at 7000 × 7000 needs 140 MiB of coefficients: under the old 192 MiB budget it
        // was allocated (the app rose from 47 to 193 MiB); now the header is enough to refuse it.
        let data = HostileFixtures.jpeg(try HostileFixtures.jpeg(progressive: true), claiming: 7_000, 7_000)
        let (error, growth) = ResidentMemory.peakGrowth { PreviewTesting.error(data, box: Self.box) }
        #expect(error == .needsTooMuchMemory(limit: 48 << 20))
        expectBounded(growth, "progressive JPEG claiming 7000×7000")
        // Its baseline twin is decoded an iMCU row at a time: no coefficient buffer to refuse.
        let baseline = HostileFixtures.jpeg(try HostileFixtures.jpeg(), claiming: 7_000, 7_000)
        #expect(PreviewTesting.error(baseline, box: Self.box)?.isDamaged == true)
    }

    @Test func aProgressiveJPEGInsideTheBudgetDecodes() throws {
        // 4800 × 3200 at 4:2:0: 44 MiB of coefficients, the largest size of that shape the
        // default budget lets through.
        let data = try JPEGFixture.blank(width: 4_800, height: 3_200, progressive: true)
        let image = try PreviewTesting.decode(data, box: Self.box)
        #expect(image.size == PixelSize(width: 72, height: 48))
        let larger = try JPEGFixture.blank(width: 5_000, height: 3_400, progressive: true)
        #expect(PreviewTesting.error(larger, box: Self.box) == .needsTooMuchMemory(limit: 48 << 20))
    }

    @Test func theDecoderMemoryLimitIsTheCallers() throws {
        let pixels = SyntheticImage.photo(width: 600, height: 600)
        let data = try JPEGFixture(width: 600, height: 600, pixels: pixels, progressive: true).encode()
        let small = PreviewBudget(maxPixels: 50_000_000, maxDecoderMemory: 256 << 10)
        #expect(PreviewTesting.error(data, budget: small) == .needsTooMuchMemory(limit: 256 << 10))
        #expect(PreviewTesting.error(data) == nil)
    }
}
