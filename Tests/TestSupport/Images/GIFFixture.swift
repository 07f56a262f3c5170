/// A GIF written here (there is no GIF library on the machine): a real LZW encoder, so the
/// decoder's table paths, code-width growth and table resets are all exercised.
public struct GIFFixture: Sendable {
    public struct Frame: Sendable {
        public var left = 0
        public var top = 0
        public var width: Int
        public var height: Int
        /// One colour index per pixel, rows top to bottom (the encoder interlaces them itself).
        public var indices: [UInt8]
        /// RGB triples; a power of two from 2 to 256 entries.
        public var localColours: [UInt8]?
        public var interlaced = false
        public var transparentIndex: Int?
        public var minimumCodeSize = 8

        public init(width: Int, height: Int, indices: [UInt8]) {
            self.width = width
            self.height = height
            self.indices = indices
        }
    }

    public var width: Int
    public var height: Int
    public var globalColours: [UInt8]?
    public var frames: [Frame]

    public init(width: Int, height: Int, globalColours: [UInt8]?, frames: [Frame]) {
        self.width = width
        self.height = height
        self.globalColours = globalColours
        self.frames = frames
    }

    public func encode() -> [UInt8] {
        var bytes = Array("GIF89a".utf8)
        bytes += ByteFields.le16(width) + ByteFields.le16(height)
        bytes.append(globalColours.map { 0x80 | Self.tableSizeBits($0) } ?? 0)
        bytes += [0, 0]
        bytes += globalColours ?? []
        for frame in frames {
            if let transparent = frame.transparentIndex {
                bytes += [0x21, 0xF9, 4, 1, 0, 0, UInt8(transparent), 0]
            }
            bytes.append(0x2C)
            bytes += ByteFields.le16(frame.left) + ByteFields.le16(frame.top) + ByteFields.le16(frame.width) + ByteFields.le16(frame.height)
            var flags: UInt8 = frame.interlaced ? 0x40 : 0
            if let local = frame.localColours { flags |= 0x80 | Self.tableSizeBits(local) }
            bytes.append(flags)
            bytes += frame.localColours ?? []
            bytes.append(UInt8(frame.minimumCodeSize))
            let ordered = frame.interlaced ? Self.interlace(frame.indices, width: frame.width, height: frame.height) : frame.indices
            bytes += Self.subBlocks(Self.lzw(ordered, minimumCodeSize: frame.minimumCodeSize))
        }
        bytes.append(0x3B)
        return bytes
    }

    /// A GIF of `width` × `height` pixels of colour 0 (black) in a few kilobytes: a
    /// decompression bomb. Its codes are written directly (the table only ever holds runs of
    /// zeros, each one longer than the last) rather than by `lzw`, which would take seconds.
    public static func blank(width: Int, height: Int) -> [UInt8] {
        let minimumCodeSize = 2
        let clear = 1 << minimumCodeSize, end = clear + 1
        func codeWidth(_ value: Int) -> Int { max(minimumCodeSize + 1, min(12, Int.bitWidth - value.leadingZeroBitCount)) }
        var writer = BitWriter()
        writer.write(clear, width: minimumCodeSize + 1)
        var remaining = width * height
        var longest = 1  // the longest run of zeros with a code: 1 is index 0, n > 1 is end + n - 1
        var next = end + 1
        while remaining > 0 {
            let run = min(longest, remaining)
            remaining -= run
            writer.write(run == 1 ? 0 : end + run - 1, width: codeWidth(next - 1))
            guard remaining > 0 else { break }
            // As `lzw`: the run and the next zero become an entry; a full table is cleared.
            longest += 1
            next += 1
            if next == 4096 {
                writer.write(clear, width: 12)
                longest = 1
                next = end + 1
            }
        }
        writer.write(end, width: codeWidth(next))
        var bytes = Array("GIF89a".utf8) + ByteFields.le16(width) + ByteFields.le16(height)
        bytes += [0x80 | 1, 0, 0] + [0, 0, 0, 255, 255, 255, 128, 128, 128, 64, 64, 64]  // 4 global colours
        bytes += [0x2C] + ByteFields.le16(0) + ByteFields.le16(0) + ByteFields.le16(width) + ByteFields.le16(height) + [0]
        bytes.append(UInt8(minimumCodeSize))
        bytes += subBlocks(writer.flushed)
        bytes.append(0x3B)
        return bytes
    }

    /// LZW codes for `indices`, packed least significant bit first (before splitting into sub-blocks).
    public static func lzw(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var writer = BitWriter()
        // The decoder adds each entry one code later than the encoder, so a code is written at
        // the width the decoder will have reached: enough bits for `next - 1`.
        func width(_ value: Int) -> Int { max(minimumCodeSize + 1, min(12, Int.bitWidth - value.leadingZeroBitCount)) }
        writer.write(clear, width: minimumCodeSize + 1)
        guard let firstIndex = indices.first else {
            writer.write(end, width: minimumCodeSize + 1)
            return writer.flushed
        }
        var table: [Int: Int] = [:]
        var next = end + 1
        var prefix = Int(firstIndex)
        for index in indices.dropFirst() {
            let key = prefix << 8 | Int(index)
            if let code = table[key] {
                prefix = code
                continue
            }
            writer.write(prefix, width: width(next - 1))
            table[key] = next
            next += 1
            if next == 4096 {
                writer.write(clear, width: 12)
                table.removeAll()
                next = end + 1
            }
            prefix = Int(index)
        }
        writer.write(prefix, width: width(next - 1))
        writer.write(end, width: width(next))
        return writer.flushed
    }

    /// `data` as GIF sub-blocks: lengths of at most 255, then a zero.
    public static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        var start = 0
        while start < data.count {
            let count = min(255, data.count - start)
            bytes.append(UInt8(count))
            bytes += data[start..<start + count]
            start += count
        }
        bytes.append(0)
        return bytes
    }

    /// Rows in GIF's interlaced order: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1.
    static func interlace(_ indices: [UInt8], width: Int, height: Int) -> [UInt8] {
        var ordered: [UInt8] = []
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            for y in stride(from: start, to: height, by: step) { ordered += indices[(y * width)..<((y + 1) * width)] }
        }
        return ordered
    }

    /// The 3-bit size field of a colour table of `triples.count / 3` entries.
    static func tableSizeBits(_ triples: [UInt8]) -> UInt8 {
        let entries = max(2, triples.count / 3)
        return UInt8(max(0, Int.bitWidth - (entries - 1).leadingZeroBitCount - 1))
    }

    struct BitWriter {
        var bytes: [UInt8] = []
        private var buffer = 0
        private var count = 0

        mutating func write(_ code: Int, width: Int) {
            buffer |= code << count
            count += width
            while count >= 8 {
                bytes.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
        }

        var flushed: [UInt8] { count > 0 ? bytes + [UInt8(buffer & 0xFF)] : bytes }
    }
}
