import CImageEncoders
import Foundation

/// A JPEG written by libjpeg-turbo, for tests and the preview benchmark.
public struct JPEGFixture: Sendable {
    public var width: Int
    public var height: Int
    /// 8-bit pixels: one byte a pixel when `grey`, four when `cmyk`, else three (RGB).
    public var pixels: [UInt8]
    public var grey = false
    /// CMYK as Adobe writes it (inverted: 255 is no ink), with an Adobe marker.
    public var cmyk = false
    public var quality = 90
    public var progressive = false
    /// 4:4:4 rather than 4:2:0: colour edges stay where they are.
    public var fullChroma = false

    public init(
        width: Int, height: Int, pixels: [UInt8], grey: Bool = false, quality: Int = 90,
        progressive: Bool = false, fullChroma: Bool = false
    ) {
        (self.width, self.height, self.pixels, self.grey) = (width, height, pixels, grey)
        (self.quality, self.progressive, self.fullChroma) = (quality, progressive, fullChroma)
    }

    /// A black RGB JPEG of `width` × `height` written without holding the pixels: a
    /// progressive one is a few hundred kilobytes whose decoder must keep every coefficient.
    public static func blank(width: Int, height: Int, progressive: Bool, fullChroma: Bool = false) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard hl_jpeg_encode_blank(UInt32(width), UInt32(height), progressive ? 1 : 0, fullChroma ? 1 : 0, &output, &size) == 1,
            let output
        else { throw ImageFixtureError("libjpeg refused the blank JPEG fixture") }
        defer { hl_free(output) }
        return Data(bytes: output, count: size)
    }

    public func encode() throws -> Data {
        let components = grey ? 1 : cmyk ? 4 : 3
        guard pixels.count == width * height * components, width > 0, height > 0 else {
            throw ImageFixtureError("JPEG fixture: \(pixels.count) bytes for \(width)×\(height)×\(components)")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let written = pixels.withUnsafeBufferPointer { pixels in
            hl_jpeg_encode(
                pixels.baseAddress, UInt32(width), UInt32(height), Int32(components), Int32(quality),
                progressive ? 1 : 0, fullChroma ? 1 : 0, &output, &size)
        }
        guard written == 1, let output else { throw ImageFixtureError("libjpeg refused the JPEG fixture") }
        defer { hl_free(output) }
        return Data(bytes: output, count: size)
    }
}
