/// Makes untrusted text safe to store and to draw in a terminal. Every string that comes
/// from a feed, a server or a file passes through here once, at decoding.
///
/// Rules: escape sequences (ESC- or C1-introduced; CSI, OSC, DCS and friends with their
/// parameters and terminators) are removed whole; other C0/C1 controls and Unicode
/// bidirectional overrides are removed; tabs, newlines and line separators become a space;
/// runs of spaces collapse to one; both ends are trimmed.
public enum Sanitizer {
    /// Cleans `text`; returns it unchanged (without copying) when it is already clean.
    public static func clean(_ text: String, maxLength: Int = Int.max) -> String {
        let cleaned = isClean(text.utf8) ? text : cleanSlowly(text)
        return truncate(cleaned, to: maxLength)
    }

    /// Cleans and turns the empty result into nil.
    public static func cleanOptional(_ text: String?, maxLength: Int = Int.max) -> String? {
        guard let text else { return nil }
        let cleaned = clean(text, maxLength: maxLength)
        return cleaned.isEmpty ? nil : cleaned
    }

    // MARK: - Fast path

    /// A single pass over the UTF-8 bytes that finds nothing to change in the common case.
    static func isClean(_ bytes: String.UTF8View) -> Bool {
        var previous: UInt8 = 0x20  // a leading space counts as a double space
        var iterator = bytes.makeIterator()
        var count = 0
        while let byte = iterator.next() {
            count += 1
            if byte < 0x20 || byte == 0x7F { return false }
            if byte == 0x20 && previous == 0x20 { return false }
            if byte == 0xC2 {
                // C1 controls are C2 80...C2 9F.
                guard let next = iterator.next() else { return false }
                count += 1
                if next < 0xA0 { return false }
                previous = next
                continue
            }
            if byte == 0xE2 {
                // U+200E/F, U+2028...U+202E and U+2066...U+2069: separators and bidi controls.
                guard let second = iterator.next(), let third = iterator.next() else { return false }
                count += 2
                if second == 0x80 && (third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)) { return false }
                if second == 0x81 && (0xA6...0xA9).contains(third) { return false }
                previous = third
                continue
            }
            previous = byte
        }
        return count == 0 || previous != 0x20
    }

    // MARK: - Slow path

    private static func cleanSlowly(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var pendingSpace = false
        func emit(_ scalar: Unicode.Scalar) {
            if pendingSpace && !output.isEmpty { output.append(" ") }
            pendingSpace = false
            output.append(scalar)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let value = scalar.value
            switch value {
            case 0x1B:
                index = skipEscape(scalars, from: index + 1)
                continue
            case 0x9B:
                index = skipControlSequence(scalars, from: index + 1)
                continue
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                index = skipString(scalars, from: index + 1)
                continue
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x2028, 0x2029, 0x85:
                pendingSpace = true
            case 0x00...0x1F, 0x7F...0x9F:
                break  // other controls vanish
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                break  // bidi marks and overrides could reorder what the user sees
            default:
                emit(scalar)
            }
            index += 1
        }
        return String(output)
    }

    /// Skips what follows an ESC: a CSI (`[`), a string command (`]`, `P`, `X`, `^`, `_`),
    /// or a plain escape with intermediates and a final byte.
    private static func skipEscape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        guard start < scalars.count else { return start }
        switch scalars[start] {
        case "[": return skipControlSequence(scalars, from: start + 1)
        case "]", "P", "X", "^", "_": return skipString(scalars, from: start + 1)
        default:
            var index = start
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { index += 1 }
            return index
        }
    }

    /// Skips a CSI's parameter and intermediate bytes and its final byte. Anything else ends it.
    private static func skipControlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
        if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
        return index
    }

    /// Skips an OSC/DCS/SOS/PM/APC body up to and including BEL, ESC \ or the C1 ST.
    /// An unterminated string swallows the rest, as a terminal would.
    private static func skipString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            switch scalars[index].value {
            case 0x07, 0x9C:
                return index + 1
            case 0x1B:
                if index + 1 < scalars.count, scalars[index + 1] == "\\" { return index + 2 }
                return index  // a new escape aborts the string and is handled on its own
            default:
                index += 1
            }
        }
        return index
    }

    /// Cuts to at most `maxLength` characters, at a character boundary, with an ellipsis.
    private static func truncate(_ text: String, to maxLength: Int) -> String {
        guard maxLength < Int.max, text.utf8.count > maxLength else { return text }
        guard text.count > maxLength else { return text }
        return String(text.prefix(max(0, maxLength - 1))) + "…"
    }
}
