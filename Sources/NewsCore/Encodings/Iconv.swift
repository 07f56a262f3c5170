import CIconv
import Glibc

/// Text in any character encoding the C library's `iconv` knows (glibc's gconv modules: over a
/// thousand names, every one feeds use), decoded to UTF-8. One conversion descriptor per call:
/// a descriptor holds shift state and must not be shared between threads.
///
/// The input is hostile, so both its cost and its result are bounded: the output may not grow
/// past `outputLimit`, and text that is mostly not in the encoding named is refused rather than
/// turned into a page of replacement characters one `iconv` call at a time.
enum Iconv {
    enum Failure: Error, Equatable {
        /// `iconv` knows no encoding by this name.
        case unknownEncoding
        /// More than a quarter of the input was not in the encoding.
        case notInEncoding
        /// The text would decode to more than the output limit.
        case tooLarge
    }

    /// Whether `iconv` can read text in the encoding `name` (one of its own names).
    static func knows(_ name: String) -> Bool {
        let descriptor = iconv_open("UTF-8", name)
        guard opens(descriptor) else { return false }
        iconv_close(descriptor)
        return true
    }

    /// `bytes` in the encoding `name` as UTF-8. A sequence the encoding does not allow becomes
    /// U+FFFD and reading goes on `unit` bytes later (2 for UTF-16, 4 for UTF-32); so does an
    /// incomplete one at the end.
    static func utf8(
        _ bytes: UnsafeBufferPointer<UInt8>, from name: String, unit: Int = 1, outputLimit: Int
    ) throws(Failure) -> [UInt8] {
        let descriptor = iconv_open("UTF-8", name)
        guard opens(descriptor) else { throw .unknownEncoding }
        defer { iconv_close(descriptor) }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }

        // Enough for CJK (two bytes in, three out) and UTF-16; single-byte scripts grow once or twice.
        var output = [UInt8](repeating: 0, count: min(outputLimit, bytes.count + bytes.count / 2 + 64))
        var written = 0
        var replaced = 0
        let allowedReplacements = max(64, bytes.count / 4)
        var input: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: CChar.self)
        var inputLeft = bytes.count

        /// Makes room for at least `needed` more bytes, within the limit.
        func grow(_ needed: Int) throws(Failure) {
            guard written + needed > output.count else { return }
            guard written + needed <= outputLimit else { throw .tooLarge }
            let target = min(outputLimit, max(written + needed, output.count * 3 / 2))
            output.append(contentsOf: repeatElement(0, count: target - output.count))
        }

        while true {
            // Once the input is used up, a call with none writes out what a stateful encoding
            // (ISO-2022-JP) still holds.
            let flushing = inputLeft == 0
            let (result, code, produced) = output.withUnsafeMutableBufferPointer { buffer in
                let start = UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                var out: UnsafeMutablePointer<CChar>? = start + written
                var outLeft = buffer.count - written
                let result =
                    flushing
                    ? iconv(descriptor, nil, nil, &out, &outLeft)
                    : iconv(descriptor, &input, &inputLeft, &out, &outLeft)
                return (result, errno, buffer.count - written - outLeft)
            }
            written += produced
            if result != -1 {
                if flushing { break }
                continue
            }
            switch code {
            case E2BIG:
                // Room for more than what is left, so that every round makes progress.
                try grow(output.count - written + 16)
            case EILSEQ, EINVAL:
                // EINVAL: an incomplete sequence at the very end.
                guard !flushing else { throw .notInEncoding }
                replaced += 1
                guard replaced <= allowedReplacements else { throw .notInEncoding }
                try grow(3)
                output.replaceSubrange(written..<written + 3, with: [0xEF, 0xBF, 0xBD])
                written += 3
                let skip = min(unit, inputLeft)
                input = input.map { $0 + skip }
                inputLeft -= skip
            default:
                throw .notInEncoding
            }
        }
        output.removeSubrange(written...)
        return output
    }

    /// iconv_open's failure is (iconv_t)-1, not NULL.
    private static func opens(_ descriptor: iconv_t?) -> Bool {
        guard let descriptor else { return false }
        return Int(bitPattern: descriptor) != -1
    }
}
