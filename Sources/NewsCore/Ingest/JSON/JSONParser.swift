import FoundationEssentials

/// A strict, fast JSON parser over UTF-8 bytes (RFC 8259), hardened for hostile input:
/// nesting depth is capped, invalid UTF-8 becomes U+FFFD, and errors carry a byte offset.
public struct JSONParser {
    public struct SyntaxError: Error, Sendable, Equatable {
        public let offset: Int
        public let reason: String
    }

    /// Deeper documents are refused rather than risking the stack.
    public static let maximumDepth = 256
    /// The reason given when `maximumDepth` is passed.
    static let tooDeep = "nested too deeply"

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        // Skip a UTF-8 byte order mark.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.index = 3 }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the document") }
        return value
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var scratch: [UInt8] = []
    /// How many members the last object at each depth had: the next object there is likely the
    /// same kind (an array of articles), so its storage starts at that size rather than being
    /// grown member by member.
    private var sizeHints: [Int] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        scratch.reserveCapacity(256)
    }

    func error(_ reason: String) -> SyntaxError { SyntaxError(offset: index, reason: reason) }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(SyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of document") }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw error("unexpected character")
        }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error(Self.tooDeep) }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([:])
        }
        while sizeHints.count <= depth { sizeHints.append(0) }
        var members: [JSONObject.Member] = []
        members.reserveCapacity(sizeHints[depth])
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            members.append((key: key, value: try parseValue(depth: depth)))  // lookups find the last of a repeated name
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of document") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                sizeHints[depth] = min(members.count, 32)  // a hint, not a promise: a hostile giant is not repeated
                return .object(JSONObject(members: members))
            }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error(Self.tooDeep) }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of document") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw error("expected ',' or ']'")
        }
    }

    mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes, so the bytes are the string. Skip eight bytes at a time while
        // none of them is a quote, a backslash or a control character.
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            /// The high bit of each byte that is zero, exactly.
            @inline(__always) func zeroBytes(_ word: UInt64) -> UInt64 { ~(((word & lows) &+ lows) | word | lows) }
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let special =
                    zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
                    | zeroBytes(word & (ones &* 0xE0))  // below 0x20: no bit above the low five
                if special != 0 { break }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return String(decoding: slice, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in a string") }
            index += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unexpected end of document") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape()
                default: throw error("invalid escape")
                }
            default:
                if byte < 0x20 { throw error("control character in a string") }
                scratch.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("unexpected end of document") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func appendUnicodeEscape() throws(SyntaxError) {
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code) {
            // A high surrogate must be followed by an escaped low one; otherwise it is replaced.
            if index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let save = index
                index += 2
                let low = try hex4()
                if (0xDC00...0xDFFF).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = save
                    code = 0xFFFD
                }
            } else {
                code = 0xFFFD
            }
        } else if (0xDC00...0xDFFF).contains(code) {
            code = 0xFFFD
        }
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        if let encoded = UTF8.encode(scalar) { scratch.append(contentsOf: encoded) }
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        var integer = 0
        var digits = 0
        var simple = true
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            if digits < 15 { integer = integer * 10 + Int(bytes[index] - 0x30) } else { simple = false }
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw error("unexpected character") }
        guard digits == 1 || bytes[index - digits] != UInt8(ascii: "0") else { throw error("leading zero in a number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            simple = false
            if bytes[index] == UInt8(ascii: ".") {
                index += 1
                let fractionStart = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                guard index > fractionStart else { throw error("invalid number") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                let exponentStart = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                guard index > exponentStart else { throw error("invalid number") }
            }
        }
        if simple {
            return Double(bytes[start] == UInt8(ascii: "-") ? -integer : integer)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number") }
        return value
    }
}

extension JSONParser {
    public static func parse(_ data: some ContiguousBytes) throws(SyntaxError) -> JSONValue {
        let result: Result<JSONValue, SyntaxError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(SyntaxError) { return .success(try parse(bytes)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
