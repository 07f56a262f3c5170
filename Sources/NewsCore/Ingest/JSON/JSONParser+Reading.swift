/// Reading a document front to back, member by member, for a decoder that wants a few members
/// of many objects (a NewsAPI response's articles) without a tree of every value built first and
/// freed after: the values it keeps become strings once, and those it skips are still checked,
/// so a document is refused for the same syntax errors, at the same offsets, as `parse` refuses it.
extension JSONParser {
    /// Runs `body` over `bytes` (a UTF-8 byte order mark skipped); `body` reads what it wants
    /// and calls `finish()` when it has read the whole document.
    static func read<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (inout JSONParser) throws(SyntaxError) -> Result
    ) throws(SyntaxError) -> Result {
        var parser = JSONParser(bytes: bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.index = 3 }
        return try body(&parser)
    }

    /// Checks that nothing but whitespace follows the value read.
    mutating func finish() throws(SyntaxError) {
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the document") }
    }

    /// The first byte of the next value, after whitespace; nil at the end of the document.
    mutating func nextByte() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// Enters the object that comes next: true with its `{` read, false (nothing read) when the
    /// next value is something else.
    mutating func enterObject(depth: Int) throws(SyntaxError) -> Bool {
        guard nextByte() == UInt8(ascii: "{") else { return false }
        guard depth <= Self.maximumDepth else { throw error(Self.tooDeep) }
        index += 1
        return true
    }

    /// Enters the array that comes next, as `enterObject` does an object.
    mutating func enterArray(depth: Int) throws(SyntaxError) -> Bool {
        guard nextByte() == UInt8(ascii: "[") else { return false }
        guard depth <= Self.maximumDepth else { throw error(Self.tooDeep) }
        index += 1
        return true
    }

    /// The name of an entered object's next member, its `:` read so that its value comes next;
    /// nil, with the closing `}` read, when the object has no more. `first` is true until the first
    /// member has been read.
    mutating func nextMember(first: inout Bool) throws(SyntaxError) -> String? {
        skipWhitespace()
        if first {
            first = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return nil
            }
        } else {
            guard index < bytes.count else { throw error("unexpected end of document") }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return nil
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw error("expected ',' or '}'") }
            index += 1
            skipWhitespace()
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name") }
        let name = try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
        index += 1
        return name
    }

    /// True when an entered array has another element, which comes next; false, with the closing
    /// `]` read, when it has no more.
    mutating func nextElement(first: inout Bool) throws(SyntaxError) -> Bool {
        skipWhitespace()
        if first {
            first = false
            guard index < bytes.count, bytes[index] == UInt8(ascii: "]") else { return true }  // a value, or the error reading one
            index += 1
            return false
        }
        guard index < bytes.count else { throw error("unexpected end of document") }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return false
        }
        guard bytes[index] == UInt8(ascii: ",") else { throw error("expected ',' or ']'") }
        index += 1
        return true
    }

    /// The next value when it is a string; any other value is read (and checked) and gives nil.
    mutating func stringValue(depth: Int) throws(SyntaxError) -> String? {
        if nextByte() == UInt8(ascii: "\"") { return try parseString() }
        try skipValue(depth: depth)
        return nil
    }

    /// Reads the next value, checked as `parse` checks it, and keeps nothing of it.
    mutating func skipValue(depth: Int) throws(SyntaxError) {
        _ = try parseValue(depth: depth)
    }
}
