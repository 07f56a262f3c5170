import CImageDecoders

/// PNG through libpng, a row (or an Adam7 pass's row) at a time straight into the area
/// averager: memory stays at one row plus the target, whatever the image's size.
enum PNGPreviewReader {
    static func decode(_ bytes: UnsafeRawBufferPointer, _ request: PreviewRequest) throws(PreviewError) -> RGBImage {
        let background = request.background
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let reader = hl_png_create(
                base, bytes.count, UInt64(request.budget.maxPixels), background.red, background.green, background.blue)
        else { throw .outOfMemory }
        defer { hl_png_destroy(reader) }
        let message = hl_png_message(reader)

        var width: UInt32 = 0, height: UInt32 = 0
        let headerStatus = hl_png_read_header(reader, &width, &height)
        let full = try DecoderStatus.headerSize(headerStatus, width: width, height: height, message: message, request: request)
        var averager = AreaAverager(source: full, target: full.fitted(within: request.box))

        var rgb = [UInt8](repeating: 0, count: full.width * 3)
        while true {
            guard !Task.isCancelled else { throw .cancelled }
            var row = hl_png_row()
            let status = rgb.withUnsafeMutableBufferPointer { hl_png_read_row(reader, $0.baseAddress, &row) }
            try DecoderStatus.check(status, message: message, size: full, budget: request.budget)
            guard row.count > 0 else { break }
            rgb.withUnsafeBufferPointer { buffer in
                averager.add(
                    row: Int(row.y), rgb: buffer, firstColumn: Int(row.first_column),
                    columnStep: Int(row.column_step), count: Int(row.count))
            }
        }
        return averager.image()
    }
}
