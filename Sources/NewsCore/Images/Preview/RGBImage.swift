/// A decoded picture: 8-bit RGB, row-major, three bytes a pixel, no padding.
public struct RGBImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes: red, green, blue of each pixel, rows top to bottom.
    public let pixels: [UInt8]

    /// Nil unless `pixels` holds exactly `width * height * 3` bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 3 else { return nil }
        self.init(checkedWidth: width, height: height, pixels: pixels)
    }

    public init(width: Int, height: Int, filledWith colour: RGB) {
        let width = max(0, width), height = max(0, height)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for index in stride(from: 0, to: pixels.count, by: 3) {
            pixels[index] = colour.red
            pixels[index + 1] = colour.green
            pixels[index + 2] = colour.blue
        }
        self.init(checkedWidth: width, height: height, pixels: pixels)
    }

    /// For callers that built `pixels` to size themselves.
    init(checkedWidth width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The memory the pixels take, for caches.
    public var byteCount: Int { pixels.count }

    /// The pixel at (x, y); like an array index, out of range is a programming error.
    public subscript(x: Int, y: Int) -> RGB {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        let index = (y * width + x) * 3
        return RGB(pixels[index], pixels[index + 1], pixels[index + 2])
    }

    /// This picture shrunk by area averaging to fit `box` with its aspect ratio kept (never
    /// enlarged): for a layout that got smaller, without decoding again.
    public func scaled(fitting box: PixelSize) -> RGBImage {
        let target = size.fitted(within: box)
        guard target != size, width > 0, height > 0 else { return self }
        var averager = AreaAverager(source: size, target: target)
        pixels.withUnsafeBufferPointer { all in
            for y in 0..<height {
                averager.add(row: y, rgb: UnsafeBufferPointer(rebasing: all[(y * width * 3)..<((y + 1) * width * 3)]))
            }
        }
        return averager.image()
    }
}

extension RGBImage {
    /// Rows `first ..< first + count` (clamped to the picture): the part of a picture a
    /// scrolled screen still shows.
    public func rows(from first: Int, count: Int) -> RGBImage {
        let start = min(max(0, first), height)
        let end = min(height, start + max(0, count))
        guard start != 0 || end != height else { return self }
        return RGBImage(checkedWidth: width, height: end - start, pixels: Array(pixels[(start * width * 3)..<(end * width * 3)]))
    }
}
