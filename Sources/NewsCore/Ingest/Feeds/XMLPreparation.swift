import FoundationEssentials
import Glibc

/// Makes a feed's UTF-8 bytes safe and fit for the XML parser, in one pass that copies only
/// when something must change:
/// - the XML declaration goes (the bytes are UTF-8 now, whatever it said);
/// - a DOCTYPE goes, so no DTD is ever fetched; one that declares entities is refused: feeds
///   never need their own entities, and entities are how "billion laughs", quadratic blow-up
///   and external-entity (local file) attacks work. Refusing them before the parser sees them
///   bounds time and memory whatever the parser's own limits are;
/// - characters XML forbids (C0 controls other than tab, newline and carriage return, U+FFFE,
///   U+FFFF), raw or as numeric references, are removed, so one dirty title does not lose the feed;
///   a raw ESC with the whole escape sequence it starts;
/// - numeric references to 0x80...0x9F become windows-1252's characters, as in HTML;
/// - HTML named references (`&nbsp;`, `&eacute;`), which feeds use without declaring, become
///   their characters, and a bare `&` ("AT&T") becomes `&amp;`;
/// - comments go.
/// CDATA sections are kept as they are, apart from forbidden characters.
enum XMLPreparation {
    static let entityRefusal = "it declares its own XML entities, which feeds never need and which can hide an attack"

    static func prepare(_ data: Data) throws(NewsError) -> Data {
        let outcome = data.withUnsafeBytes { raw in
            var pass = XMLPreparationPass(bytes: raw.bindMemory(to: UInt8.self))
            return pass.run()
        }
        switch outcome {
        case .unchanged(let start): return start == 0 ? data : data.dropFirst(start)
        case .rewritten(let bytes): return Data(bytes)
        case .refused(let reason): throw .invalidDocument(reason)
        }
    }

    /// Where the root element starts, past a byte order mark, the XML declaration, comments,
    /// processing instructions and a DOCTYPE; the same refusal of entity declarations as
    /// `prepare`. 0 when the bytes do not start like XML (UTF-16, say): the careful path decides.
    static func rootStart(_ data: Data) throws(NewsError) -> Int {
        let outcome = data.withUnsafeBytes { raw in
            var pass = XMLPreparationPass(bytes: raw.bindMemory(to: UInt8.self))
            return pass.prolog()
        }
        switch outcome {
        case .next(let start): return start
        case .refused(let reason): throw .invalidDocument(reason)
        }
    }

    enum Outcome {
        /// Nothing to change after `start` (the end of an XML declaration, or 0).
        case unchanged(start: Int)
        case rewritten([UInt8])
        case refused(String)
    }
}

/// One pass over the bytes (the prolog, markup declarations and CDATA are in
/// `XMLPreparation+Markup`). `output` stays nil until the first change; `copied` is how far the
/// input has been copied into it (or, before any change, where the output will start).
struct XMLPreparationPass {
    let bytes: UnsafeBufferPointer<UInt8>
    var output: [UInt8]?
    var copied = 0
    /// False while only looking (`prolog`): then nothing is copied.
    var recordsChanges = true

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Bytes that need a look in ordinary content: forbidden controls, `&`, `!` and `?` (after
    /// `<`), and 0xEF (U+FFFE and U+FFFF start with it).
    static let special: [Bool] = (0...255).map { byte in
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D)
            || byte == 0x26 || byte == 0x21 || byte == 0x3F || byte == 0xEF
    }

    mutating func run() -> XMLPreparation.Outcome {
        let count = bytes.count
        var index = skipDeclaration()
        let special = Self.special
        while index < count {
            let byte = bytes[index]
            guard special[Int(byte)] else {
                index += 1
                continue
            }
            switch byte {
            case 0x26:
                index = reference(at: index)
            case 0x21 where index > 0 && bytes[index - 1] == 0x3C:
                switch markupDeclaration(at: index - 1) {
                case .next(let next): index = next
                case .refused(let reason): return .refused(reason)
                }
            case 0x3F where index > 0 && bytes[index - 1] == 0x3C:
                index = find("?>", from: index).map { $0 + 2 } ?? count
            case 0x21, 0x3F:
                index += 1
            default:
                index = forbidden(at: index) ?? index + 1
            }
        }
        guard var output else { return .unchanged(start: copied) }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<count]))
        return .rewritten(output)
    }

    // MARK: - Edits

    /// Replaces `range` of the input with `replacement` in the output.
    mutating func replace(_ range: Range<Int>, with replacement: some Collection<UInt8>) {
        guard recordsChanges else { return }
        if output == nil {
            output = []
            output?.reserveCapacity(bytes.count + 1024)
        }
        output?.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<range.lowerBound]))
        output?.append(contentsOf: replacement)
        copied = range.upperBound
    }

    /// The end of the forbidden character at `index` after removing it, or nil when it is allowed.
    /// An ESC goes with the whole escape sequence it starts (`ESC ] 8 ; ; URL BEL`, a terminal
    /// hyperlink), as `Sanitizer` removes it from JSON text: removing the ESC alone would leave
    /// the rest as text. The sequence ends at the next `<` at the latest, so markup is never lost.
    mutating func forbidden(at index: Int) -> Int? {
        let byte = bytes[index]
        if byte == 0xEF {
            guard index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE else { return nil }
            replace(index..<index + 3, with: EmptyCollection())
            return index + 3
        }
        if byte == 0x1B {
            // Linear in all: a sequence's string ends at the next ESC, which starts the next one.
            var end = Sanitizer.escapeSequenceEnd(bytes, from: index + 1)
            if let markup = bytes[index..<end].firstIndex(of: 0x3C) { end = markup }
            replace(index..<end, with: EmptyCollection())
            return end
        }
        replace(index..<index + 1, with: EmptyCollection())
        return index + 1
    }

    // MARK: - References

    /// Handles the `&` at `start`; returns where to go on. References are read by HTML's one
    /// decoder, `HTMLEntities`, but XML wants them whole: a reference without its `;`, or a
    /// name XML does not know, is rewritten (or its `&` escaped) here.
    mutating func reference(at start: Int) -> Int {
        if let (value, end) = HTMLEntities.numeric(bytes, after: start) {
            guard bytes[end - 1] == 0x3B else { return escapeAmpersand(at: start) }
            if !isXMLCharacter(value) {
                // A referenced ESC goes with the sequence it starts, as a raw one does.
                let sequenceEnd = value == 0x1B ? Sanitizer.referencedEscapeEnd(bytes, from: end) : end
                replace(start..<sequenceEnd, with: EmptyCollection())
                return sequenceEnd
            } else if (0x80...0x9F).contains(value) || bytes[start + 2] == 0x58 {
                // HTML's rules, which feeds follow: 0x80...0x9F are windows-1252 (`&#146;` is
                // "’"), and `&#X41;` is "A" (XML allows only a lower-case x).
                replace(start..<end, with: Self.escaped(String(HTMLEntities.character(for: value))))
            }
            return end
        }
        if bytes.count - start > 1, bytes[start + 1] == 0x23 { return escapeAmpersand(at: start) }  // "&#" and no digits
        guard let (replacement, end) = HTMLEntities.named(bytes, after: start), bytes[end - 1] == 0x3B else {
            return escapeAmpersand(at: start)
        }
        let name = UnsafeBufferPointer(rebasing: bytes[start + 1..<end])  // with the ";"
        if Self.predefined.contains(where: { $0.elementsEqual(name) }) { return end }
        replace(start..<end, with: Self.escaped(replacement))
        return end
    }

    static let predefined: [[UInt8]] = ["amp;", "lt;", "gt;", "quot;", "apos;"].map { Array($0.utf8) }

    mutating func escapeAmpersand(at index: Int) -> Int {
        replace(index..<index + 1, with: "&amp;".utf8)
        return index + 1
    }

    /// A named reference's text, with what XML gives meaning to written as references again.
    static func escaped(_ text: String) -> [UInt8] {
        var result: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case 0x26: result += "&amp;".utf8
            case 0x3C: result += "&lt;".utf8
            case 0x22: result += "&quot;".utf8
            case 0x27: result += "&apos;".utf8
            default: result.append(byte)
            }
        }
        return result
    }

    func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }

    // MARK: - Matching

    func has(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index >= 0, index + count <= bytes.count, let base = bytes.baseAddress else { return false }
        return memcmp(base + index, literal.utf8Start, count) == 0
    }

    func hasIgnoringCase(_ literal: StaticString, at index: Int) -> Bool {
        HTMLScanner.hasPrefix(bytes, at: index, literal)
    }

    func find(_ literal: StaticString, from index: Int) -> Int? {
        ByteSearch.firstOffset(of: literal, in: bytes, from: max(index, 0))
    }
}
