import CImageEncoders
import Foundation

/// A PNG written by libpng, in any colour type, bit depth and interlacing, for tests.
public struct PNGFixture: Sendable {
    public enum ColourType: Int32, Sendable, CaseIterable {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6

        public var channels: Int {
            switch self {
            case .grey, .palette: return 1
            case .greyAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }
    }

    public var width: Int
    public var height: Int
    public var colourType: ColourType
    public var bitDepth: Int
    public var interlaced: Bool
    /// One value per channel per pixel, each below 2^bitDepth; palette images hold indices.
    public var samples: [UInt16]
    /// RGB triples, for palette images.
    public var palette: [UInt8] = []
    /// Alpha per palette entry (tRNS), for palette images.
    public var paletteAlpha: [UInt8]?
    /// The one transparent grey (1 value) or RGB colour (3 values), as tRNS.
    public var transparentColour: [UInt16]?

    public init(width: Int, height: Int, colourType: ColourType, bitDepth: Int = 8, interlaced: Bool = false, samples: [UInt16]) {
        (self.width, self.height, self.samples) = (width, height, samples)
        (self.colourType, self.bitDepth, self.interlaced) = (colourType, bitDepth, interlaced)
    }

    /// 8-bit RGB pixels (`width * height * 3` bytes) as an RGB PNG.
    public static func rgb(_ pixels: [UInt8], width: Int, height: Int, interlaced: Bool = false) -> PNGFixture {
        PNGFixture(width: width, height: height, colourType: .rgb, interlaced: interlaced, samples: pixels.map(UInt16.init))
    }

    /// A PNG of `width` × `height` zero samples written without holding the pixels: a few
    /// hundred kilobytes that inflate to width × height × channels × bitDepth / 8 bytes.
    public static func blank(
        width: Int, height: Int, colourType: ColourType, bitDepth: Int = 8, interlaced: Bool = false
    ) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard
            hl_png_encode_blank(
                UInt32(width), UInt32(height), colourType.rawValue, Int32(bitDepth), interlaced ? 1 : 0, &output, &size) == 1,
            let output
        else {
            throw ImageFixtureError("libpng refused the blank PNG fixture")
        }
        defer { hl_free(output) }
        return Data(bytes: output, count: size)
    }

    public func encode() throws -> Data {
        guard samples.count == width * height * colourType.channels else {
            throw ImageFixtureError("PNG fixture: \(samples.count) samples for \(width)×\(height)×\(colourType.channels)")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let written = samples.withUnsafeBufferPointer { samples in
            palette.withUnsafeBufferPointer { palette in
                (paletteAlpha ?? []).withUnsafeBufferPointer { alpha in
                    (transparentColour ?? []).withUnsafeBufferPointer { transparent in
                        var spec = hl_png_spec(
                            width: UInt32(width), height: UInt32(height), color_type: colourType.rawValue,
                            bit_depth: Int32(bitDepth), interlaced: interlaced ? 1 : 0,
                            samples: samples.baseAddress, palette: palette.baseAddress,
                            palette_count: Int32(palette.count / 3),
                            palette_alpha: paletteAlpha == nil ? nil : alpha.baseAddress,
                            palette_alpha_count: Int32(alpha.count),
                            transparent: transparentColour == nil ? nil : transparent.baseAddress)
                        return hl_png_encode(&spec, &output, &size)
                    }
                }
            }
        }
        guard written == 1, let output else { throw ImageFixtureError("libpng refused the PNG fixture") }
        defer { hl_free(output) }
        return Data(bytes: output, count: size)
    }
}
