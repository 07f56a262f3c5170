import FoundationEssentials

/// Pixel sizes from image headers. Every read is bounds-checked: the bytes are hostile.
enum ImageHeader {
    static func pixelSize(_ format: ImageFormat, _ b: [UInt8]) -> (width: Int, height: Int)? {
        func be16(_ i: Int) -> Int? { i + 2 <= b.count ? Int(b[i]) << 8 | Int(b[i + 1]) : nil }
        func le16(_ i: Int) -> Int? { i + 2 <= b.count ? Int(b[i + 1]) << 8 | Int(b[i]) : nil }
        func be32(_ i: Int) -> Int? { i + 4 <= b.count ? Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) : nil }
        func le24(_ i: Int) -> Int? { i + 3 <= b.count ? Int(b[i + 2]) << 16 | Int(b[i + 1]) << 8 | Int(b[i]) : nil }
        switch format {
        case .png:
            guard let w = be32(16), let h = be32(20) else { return nil }
            return (w, h)
        case .gif:
            guard let w = le16(6), let h = le16(8) else { return nil }
            return (w, h)
        case .jpeg:
            return jpegSize(b)
        case .webp:
            guard b.count >= 30 else { return nil }
            let chunk = String(decoding: b[12..<16], as: UTF8.self)
            switch chunk {
            case "VP8 ":
                guard let w = le16(26), let h = le16(28) else { return nil }
                return (w & 0x3FFF, h & 0x3FFF)
            case "VP8L":
                guard b.count >= 25 else { return nil }
                let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
                return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            case "VP8X":
                guard let w = le24(24), let h = le24(27) else { return nil }
                return (w + 1, h + 1)
            default: return nil
            }
        case .avif:
            // The `ispe` property box holds the size: find it in the first megabyte.
            guard let marker = ByteSearch.firstOffset(of: Array("ispe".utf8), in: b), let w = be32(marker + 8), let h = be32(marker + 12) else { return nil }
            return (w, h)
        }
    }

    /// Walks JPEG segments to the first start-of-frame marker.
    private static func jpegSize(_ b: [UInt8]) -> (width: Int, height: Int)? {
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                let h = Int(b[i + 5]) << 8 | Int(b[i + 6])
                let w = Int(b[i + 7]) << 8 | Int(b[i + 8])
                return (w, h)
            }
            i += 2 + length
        }
        return nil
    }
}
