import FoundationEssentials

/// What the article screen shows about an image: its type, pixel size and byte size.
public struct ImageInfo: Sendable, Hashable {
    public var format: ImageFormat
    public var width: Int?
    public var height: Int?
    public var byteCount: Int

    /// Reads the type and pixel size from the header; nil when the bytes are not an image.
    public static func parse(_ data: Data) -> ImageInfo? {
        guard let format = ImageFormat.detect(data) else { return nil }
        let bytes = [UInt8](data.prefix(min(data.count, 1 << 20)))
        let size = ImageHeader.pixelSize(format, bytes)
        return ImageInfo(format: format, width: size?.width, height: size?.height, byteCount: data.count)
    }

    /// `PNG, 640×360, 3 KiB`.
    public var summary: String {
        var parts = [format.displayName]
        if let width, let height { parts.append("\(width)×\(height)") }
        parts.append(ByteCount.describe(byteCount))
        return parts.joined(separator: ", ")
    }
}
