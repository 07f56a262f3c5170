import FoundationEssentials
import Glibc
import CImageDecoders

/// Turns a C reader's status into a `PreviewError`.
enum DecoderStatus {
    static func check(
        _ status: hl_image_status, message: UnsafePointer<CChar>, size: PixelSize, budget: PreviewBudget
    ) throws(PreviewError) {
        switch status {
        case HL_IMAGE_OK: return
        case HL_IMAGE_TOO_LARGE: throw .tooLarge(width: size.width, height: size.height, maxPixels: budget.maxPixels)
        case HL_IMAGE_NEEDS_TOO_MUCH_MEMORY: throw .needsTooMuchMemory(limit: budget.maxDecoderMemory)
        case HL_IMAGE_CANCELLED: throw .cancelled
        case HL_IMAGE_OUT_OF_MEMORY: throw .outOfMemory
        case HL_IMAGE_UNSUPPORTED: throw .unsupported(reason: reason(message, otherwise: "an unusual layout"))
        default: throw .damaged(reason: reason(message, otherwise: "the decoder stopped"))
        }
    }

    /// The image's size as its header gives it, once the header read well and the size is
    /// within the request's limits.
    static func headerSize(
        _ status: hl_image_status, width: UInt32, height: UInt32, message: UnsafePointer<CChar>, request: PreviewRequest
    ) throws(PreviewError) -> PixelSize {
        let size = PixelSize(width: Int(width), height: Int(height))
        try check(status, message: message, size: size, budget: request.budget)
        try request.checkSize(size)
        return size
    }

    /// The library's words, made safe to show and kept short; they start lower case to sit
    /// inside a sentence, except for names such as PNG and JPEG.
    private static func reason(_ message: UnsafePointer<CChar>, otherwise fallback: String) -> String {
        let text = Sanitizer.clean(String(decoding: UnsafeRawBufferPointer(start: message, count: strlen(message)), as: UTF8.self), maxLength: 120)
            .trimmingSpaces()
        guard let first = text.first else { return fallback }
        let second = text.dropFirst().first
        let isName = second.map { $0.isUppercase } ?? false
        let body = isName ? text : first.lowercased() + text.dropFirst()
        return body.hasSuffix(".") ? String(body.dropLast()) : body
    }
}

/// Answers libjpeg's "should I stop?" from the running task.
let previewCancelCheck: hl_cancel_check = { Task.isCancelled ? 1 : 0 }
