/// Reads a GIF's bytes front to back; every read is bounds-checked and running out is an error
/// that says the data ends early.
struct GIFByteReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    static let endsEarly = PreviewError.damaged(reason: "GIF data ends early")

    mutating func byte() throws(PreviewError) -> UInt8 {
        guard offset < bytes.count else { throw Self.endsEarly }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A little-endian 16-bit value.
    mutating func uint16() throws(PreviewError) -> Int {
        let low = Int(try byte())
        return low | Int(try byte()) << 8
    }

    mutating func skip(_ count: Int) throws(PreviewError) {
        guard count <= bytes.count - offset else { throw Self.endsEarly }
        offset += count
    }

    /// A colour table of `count` RGB entries.
    mutating func colourTable(_ count: Int) throws(PreviewError) -> [RGB] {
        guard count * 3 <= bytes.count - offset else { throw Self.endsEarly }
        defer { offset += count * 3 }
        return (0..<count).map { index in
            RGB(bytes[offset + index * 3], bytes[offset + index * 3 + 1], bytes[offset + index * 3 + 2])
        }
    }

    /// The data sub-blocks that follow (each a length byte and that many bytes, ended by a
    /// zero length), joined. Never longer than the input, which is capped by its loader.
    mutating func subBlocks() throws(PreviewError) -> [UInt8] {
        var joined: [UInt8] = []
        while true {
            let length = Int(try byte())
            if length == 0 { return joined }
            guard length <= bytes.count - offset else { throw Self.endsEarly }
            joined.append(contentsOf: bytes[offset..<offset + length])
            offset += length
        }
    }

    /// Skips sub-blocks without keeping them.
    mutating func skipSubBlocks() throws(PreviewError) {
        while true {
            let length = Int(try byte())
            if length == 0 { return }
            try skip(length)
        }
    }
}
