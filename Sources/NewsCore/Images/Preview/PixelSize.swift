/// A width and a height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var pixelCount: Int { width * height }

    public var description: String { "\(width)×\(height)" }

    /// The largest size with this one's aspect ratio that fits in `box`; never larger than this
    /// size (a preview is never enlarged) and never smaller than 1×1.
    public func fitted(within box: PixelSize) -> PixelSize {
        let boxWidth = max(1, box.width), boxHeight = max(1, box.height)
        guard width > boxWidth || height > boxHeight else { return PixelSize(width: max(1, width), height: max(1, height)) }
        let scale = min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
        return PixelSize(
            width: min(boxWidth, max(1, Int((Double(width) * scale).rounded()))),
            height: min(boxHeight, max(1, Int((Double(height) * scale).rounded())))
        )
    }
}
