/// GIF's variable-width LZW (codes of 3 to 12 bits, least significant bit first), decoding
/// into the caller's buffer a piece at a time. Every code is checked against the table: a code
/// the table does not have yet is an error, never an index out of range.
struct GIFLZWDecoder {
    private static let maxCodes = 4096
    private let data: [UInt8]
    private var byteIndex = 0
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0

    private let minimumCodeSize: Int
    private let clearCode: Int
    private let endCode: Int
    private var codeSize: Int
    private var nextCode: Int
    private var previous = -1

    // The string table: each code is a previous code plus one byte.
    private var prefix = [UInt16](repeating: 0, count: maxCodes)
    private var suffix = [UInt8](repeating: 0, count: maxCodes)
    private var first = [UInt8](repeating: 0, count: maxCodes)
    private var length = [Int](repeating: 0, count: maxCodes)

    // A decoded string not yet handed out, at the end of `pending`.
    private var pending = [UInt8](repeating: 0, count: maxCodes)
    private var pendingStart = maxCodes

    /// The end code came, or the data ran out.
    private(set) var isFinished = false

    /// `minimumCodeSize` is the byte before the image data: 2 to 8 by the specification.
    init(minimumCodeSize: Int, data: [UInt8]) throws(PreviewError) {
        guard (2...8).contains(minimumCodeSize) else {
            throw .damaged(reason: "GIF has an invalid LZW code size (\(minimumCodeSize))")
        }
        self.minimumCodeSize = minimumCodeSize
        self.data = data
        clearCode = 1 << minimumCodeSize
        endCode = clearCode + 1
        codeSize = minimumCodeSize + 1
        nextCode = endCode + 1
        for code in 0..<clearCode {
            suffix[code] = UInt8(code)
            first[code] = UInt8(code)
            length[code] = 1
        }
    }

    /// Fills `destination` with pixel indices; returns how many it wrote, fewer only when the
    /// stream has ended.
    mutating func read(into destination: UnsafeMutableBufferPointer<UInt8>) throws(PreviewError) -> Int {
        var written = 0
        while written < destination.count {
            if pendingStart < Self.maxCodes {
                let count = min(destination.count - written, Self.maxCodes - pendingStart)
                for index in 0..<count { destination[written + index] = pending[pendingStart + index] }
                written += count
                pendingStart += count
                continue
            }
            if isFinished { break }
            try decodeNextCode()
        }
        return written
    }

    /// The next `codeSize` bits, or nil at the end of the data.
    private mutating func nextBits() -> Int? {
        while bitCount < codeSize {
            guard byteIndex < data.count else { return nil }
            bitBuffer |= UInt32(data[byteIndex]) << UInt32(bitCount)
            byteIndex += 1
            bitCount += 8
        }
        let code = Int(bitBuffer & ((1 << UInt32(codeSize)) - 1))
        bitBuffer >>= UInt32(codeSize)
        bitCount -= codeSize
        return code
    }

    private mutating func decodeNextCode() throws(PreviewError) {
        guard let code = nextBits() else {
            isFinished = true
            return
        }
        if code == clearCode {
            codeSize = minimumCodeSize + 1
            nextCode = endCode + 1
            previous = -1
            return
        }
        if code == endCode {
            isFinished = true
            return
        }
        guard previous >= 0 else {
            // After a clear only single-byte codes exist.
            guard code < clearCode else { throw .damaged(reason: "GIF has an invalid LZW code") }
            emit(code)
            previous = code
            return
        }
        let firstByte: UInt8
        if code < nextCode {
            firstByte = first[code]
            emit(code)
        } else if code == nextCode {
            // The code being defined now: the previous string plus its own first byte.
            firstByte = first[previous]
            emit(previous, appending: firstByte)
        } else {
            throw .damaged(reason: "GIF has an invalid LZW code")
        }
        if nextCode < Self.maxCodes {
            prefix[nextCode] = UInt16(previous)
            suffix[nextCode] = firstByte
            first[nextCode] = first[previous]
            length[nextCode] = length[previous] + 1
            nextCode += 1
            if nextCode == 1 << codeSize && codeSize < 12 { codeSize += 1 }
        }
        previous = code
    }

    /// Writes the string for `code` (plus one byte) into `pending`, back to front.
    private mutating func emit(_ code: Int, appending extra: UInt8? = nil) {
        var position = Self.maxCodes
        if let extra {
            position -= 1
            pending[position] = extra
        }
        var current = code
        // Table strings are at most maxCodes - 1 long, so with the extra byte they fit.
        for _ in 0..<length[code] {
            position -= 1
            pending[position] = suffix[current]
            current = Int(prefix[current])
        }
        pendingStart = position
    }
}
