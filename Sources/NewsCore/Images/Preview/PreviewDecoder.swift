import FoundationEssentials

/// Decodes an image's bytes into a small picture for the terminal.
///
/// The size is asked for in pixels. A text cell shows two pixels one above the other (an upper
/// half block in two colours), and a cell is about twice as tall as it is wide, so each of those
/// pixels is about square: for a picture of `columns × rows` cells ask for
/// `PixelSize(width: columns, height: rows * 2)`, and the image's own aspect ratio comes out right.
///
/// Memory: a few source rows, plus about 27 bytes per pixel of the result (the averaging sums
/// and the picture), so `box` should be the picture's size on screen, not "as large as possible".
///
/// Decoding is synchronous and takes milliseconds to a second: call it from a task off the main
/// actor. It checks `Task.isCancelled` between rows (and inside libjpeg's long steps) and
/// throws `.cancelled` soon after the task is cancelled.
public enum PreviewDecoder {
    /// The picture, shrunk by the decoder's own scaling (JPEG: 1/2, 1/4, 1/8) and then by area
    /// averaging to the largest size that fits `box` with the aspect ratio kept; never enlarged.
    /// Transparent pixels are composited over `background`. `format` is what the fetch found
    /// (`ImageInfo`): the bytes are not sniffed again.
    public static func decode(
        _ data: Data,
        format: ImageFormat,
        fitting box: PixelSize,
        background: RGB = .black,
        budget: PreviewBudget = .default
    ) throws(PreviewError) -> RGBImage {
        guard !Task.isCancelled else { throw .cancelled }
        let request = PreviewRequest(box: box, background: background, budget: budget)
        let result: Result<RGBImage, PreviewError> = data.withUnsafeBytes { bytes in
            Result { () throws(PreviewError) -> RGBImage in
                switch format {
                case .png: return try PNGPreviewReader.decode(bytes, request)
                case .jpeg: return try JPEGPreviewReader.decode(bytes, request)
                case .gif: return try GIFPreviewReader.decode(bytes, request)
                case .webp, .avif: throw .noPreview(format)
                }
            }
        }
        return try result.get()
    }
}

/// What every reader is asked for.
struct PreviewRequest: Sendable {
    var box: PixelSize
    var background: RGB
    var budget: PreviewBudget

    /// Refuses a header that claims more pixels than the budget.
    func checkSize(_ size: PixelSize) throws(PreviewError) {
        guard size.width > 0, size.height > 0 else { throw .damaged(reason: "the image has no pixels") }
        guard size.width <= budget.maxPixels / size.height,
            size.width <= PreviewBudget.maxSide, size.height <= PreviewBudget.maxSide
        else {
            throw .tooLarge(width: size.width, height: size.height, maxPixels: budget.maxPixels)
        }
    }
}
