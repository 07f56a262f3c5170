/// The first frame of a GIF (87a or 89a), with its colour table and transparency, streamed row
/// by row into the area averager. The logical screen is the picture; what the frame does not
/// cover, and its transparent pixels, show the background.
enum GIFPreviewReader {
    /// The first image and what the container says about it.
    private struct Frame {
        var canvas: PixelSize
        var left: Int
        var top: Int
        var size: PixelSize
        var interlaced: Bool
        var colours: [RGB]
        var transparentIndex: Int?
        var minimumCodeSize: Int
        var data: [UInt8]
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, _ request: PreviewRequest) throws(PreviewError) -> RGBImage {
        let frame = try readFirstFrame(bytes, request)
        var averager = AreaAverager(source: frame.canvas, target: frame.canvas.fitted(within: request.box))
        var lzw = try GIFLZWDecoder(minimumCodeSize: frame.minimumCodeSize, data: frame.data)

        // The colour of each of the 256 possible indices: transparent or missing ones are background.
        var palette = [RGB](repeating: request.background, count: 256)
        for (index, colour) in frame.colours.prefix(256).enumerated() where index != frame.transparentIndex {
            palette[index] = colour
        }
        let background = RGBImage(width: frame.canvas.width, height: 1, filledWith: request.background).pixels
        var covered = [Bool](repeating: false, count: frame.canvas.height)
        var indices = [UInt8](repeating: 0, count: frame.size.width)
        var rgb = background
        let visibleColumns = max(0, min(frame.size.width, frame.canvas.width - frame.left))

        for frameRow in 0..<frame.size.height {
            guard !Task.isCancelled else { throw .cancelled }
            let read = try indices.withUnsafeMutableBufferPointer { buffer throws(PreviewError) in try lzw.read(into: buffer) }
            guard read == indices.count else { throw GIFByteReader.endsEarly }
            let y = frame.top + rowPosition(frameRow, height: frame.size.height, interlaced: frame.interlaced)
            guard y < frame.canvas.height else { continue }
            rgb = background
            for column in 0..<visibleColumns {
                let colour = palette[Int(indices[column])]
                let offset = (frame.left + column) * 3
                rgb[offset] = colour.red
                rgb[offset + 1] = colour.green
                rgb[offset + 2] = colour.blue
            }
            rgb.withUnsafeBufferPointer { averager.add(row: y, rgb: $0) }
            covered[y] = true
        }
        background.withUnsafeBufferPointer { row in
            for y in covered.indices where !covered[y] { averager.add(row: y, rgb: row) }
        }
        return averager.image()
    }

    /// Where the `index`-th stored row goes: interlaced frames store every 8th row from 0,
    /// every 8th from 4, every 4th from 2, then every 2nd from 1.
    static func rowPosition(_ index: Int, height: Int, interlaced: Bool) -> Int {
        guard interlaced else { return index }
        var remaining = index
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            let rows = start < height ? (height - start + step - 1) / step : 0
            if remaining < rows { return start + remaining * step }
            remaining -= rows
        }
        return index  // unreachable for index < height
    }

    private static func readFirstFrame(_ bytes: UnsafeRawBufferPointer, _ request: PreviewRequest) throws(PreviewError) -> Frame {
        var reader = GIFByteReader(bytes)
        try reader.skip(6)  // "GIF87a" or "GIF89a", already recognised
        let screenWidth = try reader.uint16(), screenHeight = try reader.uint16()
        let flags = try reader.byte()
        try reader.skip(2)  // background index (browsers show transparency instead), aspect ratio
        let globalColours = flags & 0x80 != 0 ? try reader.colourTable(2 << Int(flags & 7)) : []
        var transparentIndex: Int?

        while true {
            switch try reader.byte() {
            case 0x21:  // extension
                let label = try reader.byte()
                if label == 0xF9 {  // graphic control: the first frame's transparency
                    let block = try reader.subBlocks()
                    if block.count >= 4, block[0] & 1 != 0 { transparentIndex = Int(block[3]) }
                } else {
                    try reader.skipSubBlocks()
                }
            case 0x2C:  // image descriptor
                let left = try reader.uint16(), top = try reader.uint16()
                let size = PixelSize(width: try reader.uint16(), height: try reader.uint16())
                let imageFlags = try reader.byte()
                let localColours = imageFlags & 0x80 != 0 ? try reader.colourTable(2 << Int(imageFlags & 7)) : nil
                // A zero screen size (some encoders write it) means the frame's own extent.
                let canvas =
                    screenWidth > 0 && screenHeight > 0
                    ? PixelSize(width: screenWidth, height: screenHeight)
                    : PixelSize(width: left + size.width, height: top + size.height)
                try request.checkSize(canvas)
                try request.checkSize(size)  // the frame is decoded whole, even the part off screen
                let minimumCodeSize = Int(try reader.byte())
                return Frame(
                    canvas: canvas, left: left, top: top, size: size, interlaced: imageFlags & 0x40 != 0,
                    colours: localColours ?? globalColours, transparentIndex: transparentIndex,
                    minimumCodeSize: minimumCodeSize, data: try reader.subBlocks())
            case 0x3B:
                throw .damaged(reason: "GIF has no image")
            case let other:
                throw .damaged(reason: "GIF has an unknown block (0x\(String(other, radix: 16)))")
            }
        }
    }
}
