/// Pictures made in code for decoder tests and the preview benchmark: RGB, three bytes a pixel.
public enum SyntheticImage {
    /// The left half one colour, the right half another.
    public static func halves(width: Int, height: Int, left: [UInt8], right: [UInt8]) -> [UInt8] {
        pixels(width: width, height: height) { x, _ in x < width / 2 ? left : right }
    }

    /// Squares of `cell` pixels alternating between two colours.
    public static func checkerboard(width: Int, height: Int, cell: Int = 1, _ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        pixels(width: width, height: height) { x, y in (x / cell + y / cell) % 2 == 0 ? a : b }
    }

    /// A different colour at every pixel: red grows to the right, green downwards.
    public static func gradient(width: Int, height: Int) -> [UInt8] {
        pixels(width: width, height: height) { x, y in
            [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), UInt8((x + y) % 256)]
        }
    }

    /// Something that compresses like a photograph: smooth shading, a few soft shapes and
    /// sensor-like noise (the same on every run).
    public static func photo(width: Int, height: Int, seed: UInt64 = 0x5048_4F54_4F00) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        let w = Double(width), h = Double(height)
        let blobs = (0..<6).map { _ in
            (
                x: Double(random.int(0...width)), y: Double(random.int(0...height)),
                radius: Double(random.int(max(1, width / 12)...max(2, width / 4))), hue: random.int(0...2)
            )
        }
        for y in 0..<height {
            let sky = Double(y) / h
            for x in 0..<width {
                var red = 170 - 90 * sky, green = 190 - 70 * sky + 20 * (Double(x) / w - 0.5), blue = 230 - 120 * sky
                for blob in blobs {
                    let dx = Double(x) - blob.x, dy = Double(y) - blob.y
                    let distance = (dx * dx + dy * dy) / (blob.radius * blob.radius)
                    guard distance < 1 else { continue }
                    let glow = 70 * (1 - distance)
                    switch blob.hue {
                    case 0: red += glow
                    case 1: green += glow
                    default: blue += glow
                    }
                }
                let noise = Double(Int(random.next() % 29) - 14)
                let index = (y * width + x) * 3
                bytes[index] = UInt8(max(0, min(255, red + noise)))
                bytes[index + 1] = UInt8(max(0, min(255, green + noise)))
                bytes[index + 2] = UInt8(max(0, min(255, blue + noise)))
            }
        }
        return bytes
    }

    static func pixels(width: Int, height: Int, _ colour: (Int, Int) -> [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width { bytes += colour(x, y) }
        }
        return bytes
    }
}
