import Foundation
@testable import NewsCore
import TestSupport
import Testing

/// A PNG fixture and the RGB pixels it must decode to, worked out independently of libpng.
struct PNGCase: CustomTestStringConvertible, Sendable {
    var label: String
    var fixture: PNGFixture
    var expected: [UInt8]
    var testDescription: String { label }

    static let background = RGB(40, 90, 200)

    /// Every colour type at every bit depth it allows, plain and interlaced, at odd sizes.
    static let all: [PNGCase] = {
        var cases: [PNGCase] = []
        var random = SplitMix64(seed: 0x504E_4721)
        let layouts: [(PNGFixture.ColourType, [Int])] = [
            (.grey, [1, 2, 4, 8, 16]), (.greyAlpha, [8, 16]), (.rgb, [8, 16]), (.rgba, [8, 16]), (.palette, [1, 2, 4, 8]),
        ]
        for (type, depths) in layouts {
            for depth in depths {
                for (width, height) in [(13, 7), (1, 1), (9, 17)] {
                    for interlaced in [false, true] {
                        cases.append(make(type, depth: depth, width: width, height: height, interlaced: interlaced, &random))
                    }
                }
            }
        }
        cases.append(make(.palette, depth: 8, width: 11, height: 5, interlaced: false, paletteAlpha: true, &random))
        cases.append(make(.palette, depth: 2, width: 11, height: 5, interlaced: true, paletteAlpha: true, &random))
        cases.append(make(.grey, depth: 8, width: 10, height: 6, interlaced: false, colourKey: true, &random))
        cases.append(make(.rgb, depth: 16, width: 10, height: 6, interlaced: true, colourKey: true, &random))
        return cases
    }()

    static func make(
        _ type: PNGFixture.ColourType, depth: Int, width: Int, height: Int, interlaced: Bool,
        paletteAlpha: Bool = false, colourKey: Bool = false, _ random: inout SplitMix64
    ) -> PNGCase {
        let count = width * height
        let maximum = (1 << min(depth, 8)) - 1
        // One 8-bit value per channel; 16-bit samples are that value times 257, which libpng scales back exactly.
        func value() -> UInt8 { UInt8(random.int(0...maximum)) }
        func sample(_ byte: UInt8) -> UInt16 { depth == 16 ? PreviewTesting.wide(byte) : UInt16(byte) }
        func widen(_ byte: UInt8) -> UInt8 { depth < 8 ? UInt8(Int(byte) * 255 / maximum) : byte }
        let bg = [background.red, background.green, background.blue]

        var samples: [UInt16] = []
        var expected: [UInt8] = []
        var fixture = PNGFixture(width: width, height: height, colourType: type, bitDepth: depth, interlaced: interlaced, samples: [])
        switch type {
        case .grey, .greyAlpha:
            let key: UInt8 = 3
            for _ in 0..<count {
                let grey = value()
                let alpha = type == .greyAlpha ? value() : (colourKey && grey == key ? 0 : 255)
                samples.append(sample(grey))
                if type == .greyAlpha { samples.append(sample(alpha)) }
                expected += bg.map { PreviewTesting.over(widen(grey), alpha: alpha, $0) }
            }
            if colourKey { fixture.transparentColour = [sample(key)] }
        case .rgb, .rgba:
            for pixel in 0..<count {
                var rgb = [value(), value(), value()]
                if colourKey && pixel % 3 == 0 { rgb = [9, 8, 7] }
                let alpha = type == .rgba ? value() : (colourKey && rgb == [9, 8, 7] ? 0 : 255)
                samples += rgb.map(sample)
                if type == .rgba { samples.append(sample(alpha)) }
                expected += (0..<3).map { PreviewTesting.over(rgb[$0], alpha: alpha, bg[$0]) }
            }
            if colourKey { fixture.transparentColour = [9, 8, 7].map(sample) }
        case .palette:
            let entries = 1 << depth
            fixture.palette = (0..<entries * 3).map { _ in UInt8(random.int(0...255)) }
            let alphas = paletteAlpha ? (0..<entries - 1).map { _ in UInt8(random.int(0...255)) } : nil
            fixture.paletteAlpha = alphas
            for _ in 0..<count {
                let index = Int(value())
                samples.append(UInt16(index))
                let alpha = alphas.flatMap { index < $0.count ? $0[index] : nil } ?? 255
                expected += (0..<3).map { PreviewTesting.over(fixture.palette[index * 3 + $0], alpha: alpha, bg[$0]) }
            }
        }
        fixture.samples = samples
        let label =
            "\(type) \(depth)-bit \(width)×\(height)" + (interlaced ? " interlaced" : "")
            + (paletteAlpha ? " tRNS" : "") + (colourKey ? " colour key" : "")
        return PNGCase(label: label, fixture: fixture, expected: expected)
    }
}
