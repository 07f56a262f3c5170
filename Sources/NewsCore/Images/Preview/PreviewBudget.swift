import CImageDecoders

/// How much a preview may cost. The image's bytes are hostile: its header can claim any size,
/// and a few kilobytes can inflate to gigabytes.
public struct PreviewBudget: Sendable, Hashable {
    /// The most pixels a header may claim; larger images are refused before anything of their
    /// size is allocated.
    public var maxPixels: Int
    /// The most memory the JPEG decoder may hold at once (a progressive JPEG keeps every
    /// coefficient until its last scan: about 3 to 6 bytes a pixel). PNG and GIF are read a row
    /// at a time and need only a row.
    public var maxDecoderMemory: Int

    public init(maxPixels: Int, maxDecoderMemory: Int) {
        self.maxPixels = maxPixels
        self.maxDecoderMemory = maxDecoderMemory
    }

    /// The longest side accepted, whatever the budget: rows, and everything sized by the width,
    /// stay small. JPEG and GIF cannot be larger anyway.
    public static let maxSide = Int(HL_IMAGE_MAX_SIDE)

    /// 50 megapixels, 192 MiB.
    public static let `default` = PreviewBudget(maxPixels: 50_000_000, maxDecoderMemory: 192 << 20)
}
