import CImageDecoders

/// JPEG through libjpeg-turbo: decoded at the smallest of 1/8, 1/4, 1/2 or full size that is
/// still at least the target size, then area-averaged down to it.
enum JPEGPreviewReader {
    /// Rows read per call into C: one call per iMCU row at the most common sampling.
    private static let rowsPerRead = 16

    static func decode(_ bytes: UnsafeRawBufferPointer, _ request: PreviewRequest) throws(PreviewError) -> RGBImage {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let reader = hl_jpeg_create(
                base, bytes.count, UInt64(request.budget.maxPixels), request.budget.maxDecoderMemory, previewCancelCheck)
        else { throw .outOfMemory }
        defer { hl_jpeg_destroy(reader) }
        let message = hl_jpeg_message(reader)

        var width: UInt32 = 0, height: UInt32 = 0
        let headerStatus = hl_jpeg_read_header(reader, &width, &height)
        let full = try DecoderStatus.headerSize(headerStatus, width: width, height: height, message: message, request: request)
        let target = full.fitted(within: request.box)

        var outputWidth: UInt32 = 0, outputHeight: UInt32 = 0
        let startStatus = hl_jpeg_start(reader, UInt32(scaleDenominator(full, target)), &outputWidth, &outputHeight)
        try DecoderStatus.check(startStatus, message: message, size: full, budget: request.budget)
        let decoded = PixelSize(width: Int(outputWidth), height: Int(outputHeight))
        var averager = AreaAverager(source: decoded, target: target)

        let stride = decoded.width * 3
        var rows = [UInt8](repeating: 0, count: stride * rowsPerRead)
        var y = 0
        while y < decoded.height {
            guard !Task.isCancelled else { throw .cancelled }
            var read: UInt32 = 0
            let status = rows.withUnsafeMutableBufferPointer { buffer in
                hl_jpeg_read_rows(reader, buffer.baseAddress, stride, UInt32(rowsPerRead), &read)
            }
            try DecoderStatus.check(status, message: message, size: full, budget: request.budget)
            guard read > 0 else { throw .damaged(reason: "JPEG data ends early") }
            rows.withUnsafeBufferPointer { buffer in
                for row in 0..<Int(read) {
                    averager.add(row: y + row, rgb: UnsafeBufferPointer(rebasing: buffer[(row * stride)..<((row + 1) * stride)]))
                }
            }
            y += Int(read)
        }
        return averager.image()
    }

    /// The largest libjpeg denominator (8, 4, 2, else 1) whose output still covers the target.
    /// libjpeg rounds scaled sizes up, as here.
    static func scaleDenominator(_ full: PixelSize, _ target: PixelSize) -> Int {
        for denominator in [8, 4, 2] {
            let width = (full.width + denominator - 1) / denominator
            let height = (full.height + denominator - 1) / denominator
            if width >= target.width && height >= target.height { return denominator }
        }
        return 1
    }
}
