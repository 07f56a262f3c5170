/// The sanitiser's part that reads character references: an escape sequence whose ESC was
/// written as `&#x1b;` is found by decoding what follows it with `HTMLEntities`.
extension Sanitizer {
    /// The longest stretch of text read for an escape sequence whose ESC was a reference.
    static let referencedSequenceLimit = 4_096

    /// Where the escape sequence ends whose ESC was written as a character reference
    /// (`&#x1b;`) just before `start`, with the sequence's own bytes read as text would be once
    /// its references are decoded: `&#x1b;]8;;http://evil.example/\` is one OSC sequence, and
    /// removing only the ESC would leave its payload. References are decoded before escape
    /// sequences are removed, as the raw ESC's are. Stops at markup or an attribute's quote
    /// (`<`, `>`, `"`, `'`), and after `referencedSequenceLimit` bytes.
    static func referencedEscapeEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var decoded: [UInt8] = []
        var rawEnds: [Int] = []  // for each decoded byte, the offset in `bytes` just past it
        var index = start
        while index < bytes.count, decoded.count < referencedSequenceLimit {
            let byte = bytes[index]
            if byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 { break }
            if byte == 0x26, let (value, end) = HTMLEntities.numeric(bytes, after: index), let scalar = Unicode.Scalar(value) {
                for unit in String(Character(scalar)).utf8 {
                    decoded.append(unit)
                    rawEnds.append(end)
                }
                index = end
                continue
            }
            if byte == 0x26, let (replacement, end) = HTMLEntities.named(bytes, after: index) {
                for unit in replacement.utf8 {
                    decoded.append(unit)
                    rawEnds.append(end)
                }
                index = end
                continue
            }
            decoded.append(byte)
            rawEnds.append(index + 1)
            index += 1
        }
        let end = decoded.withUnsafeBufferPointer { escapeSequenceEnd($0, from: 0) }
        return end == 0 ? start : rawEnds[end - 1]
    }
}
