/// Why an image has no preview, in words shown in the picture's place.
public enum PreviewError: Error, Sendable, Hashable {
    /// A format with no decoder here (WebP, AVIF).
    case noPreview(ImageFormat)
    /// Truncated or corrupt data; the reason names what the decoder found.
    case damaged(reason: String)
    /// The header claims more pixels than the budget allows, or a side longer than
    /// `PreviewBudget.maxSide`.
    case tooLarge(width: Int, height: Int, maxPixels: Int)
    /// Decoding would need more memory than the budget allows.
    case needsTooMuchMemory(limit: Int)
    /// A valid image in a form the decoder does not show.
    case unsupported(reason: String)
    /// The system refused memory.
    case outOfMemory
    /// The task was cancelled (the screen closed).
    case cancelled

    /// One sentence, e.g. `The image is damaged (JPEG data ends early).`
    public var message: String {
        switch self {
        case .noPreview(let format): return "There is no preview for \(format.displayName) images."
        case .damaged(let reason): return "The image is damaged (\(reason))."
        case .tooLarge(let width, let height, let maxPixels):
            let limit = width > maxPixels / max(1, height) ? Self.megapixels(maxPixels) : "\(PreviewBudget.maxSide) pixels a side"
            return "The image is too large to preview (\(width)×\(height) pixels; the limit is \(limit))."
        case .needsTooMuchMemory(let limit):
            return "The image needs more than \(ByteCount.describe(limit)) of memory to preview."
        case .unsupported(let reason): return "This image cannot be previewed (\(reason))."
        case .outOfMemory: return "There is not enough memory to preview the image."
        case .cancelled: return "The preview was cancelled."
        }
    }

    private static func megapixels(_ pixels: Int) -> String {
        pixels % 1_000_000 == 0 ? "\(pixels / 1_000_000) megapixels" : "\(pixels) pixels"
    }
}

extension PreviewError: CustomStringConvertible {
    public var description: String { message }
}

extension PreviewError: ReadableError {}
