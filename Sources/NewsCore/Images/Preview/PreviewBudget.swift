import CImageDecoders

/// How much a preview may cost. The image's bytes are hostile: its header can claim any size,
/// and a few kilobytes can inflate to gigabytes.
public struct PreviewBudget: Sendable, Hashable {
    /// The most pixels a header may claim; larger images are refused before anything of their
    /// size is allocated.
    public var maxPixels: Int
    /// The most memory the JPEG decoder may hold at once (a progressive JPEG keeps every
    /// coefficient until its last scan: about 3 bytes a pixel at 4:2:0, 6 at 4:4:4, whatever
    /// the output scale), checked against the header before anything is allocated. PNG and GIF
    /// are read a row at a time and need only a row.
    public var maxDecoderMemory: Int

    public init(maxPixels: Int, maxDecoderMemory: Int) {
        self.maxPixels = maxPixels
        self.maxDecoderMemory = maxDecoderMemory
    }

    /// The longest side accepted, whatever the budget: rows, and everything sized by the width,
    /// stay small. JPEG and GIF cannot be larger anyway.
    public static let maxSide = Int(HL_IMAGE_MAX_SIDE)

    /// 50 megapixels, 48 MiB: a progressive photo of 16 megapixels (4:2:0) or 8 (4:4:4), and
    /// the app stays under 100 MiB while it decodes (it runs in about 50).
    public static let `default` = PreviewBudget(maxPixels: 50_000_000, maxDecoderMemory: 48 << 20)
}
