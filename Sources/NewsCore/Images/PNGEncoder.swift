import CImageDecoders

/// A decoded picture written back as a PNG, for the terminals that take one (the kitty graphics
/// protocol, iTerm2's inline images). Fast rather than small: zlib level 1 takes a few
/// milliseconds for a screen's picture, and the bytes go to a local terminal once.
public enum PNGEncoder {
    public struct Failure: Error, ReadableError {
        public var message: String { "The picture could not be prepared for the terminal." }
    }

    public static func encode(_ image: RGBImage, level: Int = 1) throws(Failure) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw Failure() }
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        let written = image.pixels.withUnsafeBufferPointer { pixels -> Int32 in
            guard let base = pixels.baseAddress else { return 0 }
            return hl_png_encode_rgb(base, UInt32(image.width), UInt32(image.height), Int32(level), &bytes, &count)
        }
        guard written == 1, let bytes else { throw Failure() }
        defer { hl_png_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }
}
