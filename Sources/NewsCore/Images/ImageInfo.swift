import FoundationEssentials

/// What the article screen shows about an image: its type, pixel size and byte size.
public struct ImageInfo: Sendable, Hashable {
    public var format: ImageFormat
    public var width: Int?
    public var height: Int?
    public var byteCount: Int

    /// How far into the bytes the pixel size is looked for (a JPEG's frame header may come
    /// after large metadata, an AVIF's `ispe` box after others).
    public static let headerLimit = 1 << 20

    /// Reads the type and pixel size from the header; nil when the bytes are not an image.
    public static func parse(_ data: Data) -> ImageInfo? {
        parse(head: [UInt8](data.prefix(headerLimit)), byteCount: data.count)
    }

    /// The type and pixel size as far as `head` (the first bytes, at most `headerLimit`) shows
    /// them, for an image of `byteCount` bytes; nil when `head` is not an image's.
    static func parse(head: [UInt8], byteCount: Int) -> ImageInfo? {
        guard let format = ImageFormat.detect(head) else { return nil }
        let size = ImageHeader.pixelSize(format, head)
        return ImageInfo(format: format, width: size?.width, height: size?.height, byteCount: byteCount)
    }

    /// The pixel size, when the header gave both sides.
    public var pixelSize: PixelSize? {
        guard let width, let height else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// `PNG, 640×360, 3 KiB`.
    public var summary: String {
        var parts = [format.displayName]
        if let width, let height { parts.append("\(width)×\(height)") }
        parts.append(ByteCount.describe(byteCount))
        return parts.joined(separator: ", ")
    }
}
