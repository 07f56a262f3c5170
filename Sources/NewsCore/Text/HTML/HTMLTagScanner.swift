/// Finds tags and their attributes in HTML bytes, leniently, as browsers read them: quoted
/// attribute values may hold `>`, comments hide what is inside them, and the text of `script`
/// and `style` is not markup. Used to flatten short HTML, to find a page's feed links and an
/// article's first image; not a full tokenizer.
enum HTMLTagScanner {
    struct Tag {
        /// Lower-cased; "!" for a declaration (`<!DOCTYPE>`), "?" for a processing instruction.
        var name: String
        var isClosing: Bool
        /// The bytes between the name and the closing `>`.
        var attributes: Range<Int>
        /// Just past the `>` (or the end of the input when the tag is not closed).
        var end: Int
    }

    /// The tag starting at `index` (which holds `<`), or nil when the `<` starts no tag (text).
    static func tag(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Tag? {
        var cursor = index + 1
        guard cursor < bytes.count else { return nil }
        var isClosing = false
        var name = ""
        switch bytes[cursor] {
        case UInt8(ascii: "!"), UInt8(ascii: "?"):
            name = bytes[cursor] == UInt8(ascii: "!") ? "!" : "?"
            cursor += 1
            // `<!` starts a declaration only before a letter, `-` or `[`: "<!' text" is text,
            // as feedparser reads it.
            if name == "!" {
                guard cursor < bytes.count,
                    isLetter(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "-")
                        || bytes[cursor] == UInt8(ascii: "[")
                else { return nil }
            }
        case UInt8(ascii: "/"):
            isClosing = true
            cursor += 1
            guard cursor < bytes.count, isLetter(bytes[cursor]) else { return nil }
        default:
            guard isLetter(bytes[cursor]) else { return nil }
        }
        if name.isEmpty {
            let start = cursor
            while cursor < bytes.count, isNameByte(bytes[cursor]) { cursor += 1 }
            // ASCII only, so lowered byte by byte: `String.lowercased()` consults Unicode tables.
            name = String(unsafeUninitializedCapacity: cursor - start) { buffer in
                for (offset, byte) in bytes[start..<cursor].enumerated() { buffer[offset] = isLetter(byte) ? byte | 0x20 : byte }
                return cursor - start
            }
        }
        let attributesStart = cursor
        // A quote opens a value only just after `=` (spaces between): one inside an unquoted
        // value (`href=http://example.com/"`) is part of it, as browsers read it.
        var afterEquals = false
        while cursor < bytes.count {
            switch bytes[cursor] {
            case UInt8(ascii: ">"):
                return Tag(name: name, isClosing: isClosing, attributes: attributesStart..<cursor, end: cursor + 1)
            case UInt8(ascii: "\"") where afterEquals, UInt8(ascii: "'") where afterEquals:
                let quote = bytes[cursor]
                cursor += 1
                while cursor < bytes.count, bytes[cursor] != quote { cursor += 1 }
                cursor += 1
                afterEquals = false
            case UInt8(ascii: "="):
                afterEquals = true
                cursor += 1
            default:
                if !isSpace(bytes[cursor]) { afterEquals = false }
                cursor += 1
            }
        }
        // A declaration or processing instruction never closed ("<!DOCTYPE" alone) is text.
        guard name != "!", name != "?" else { return nil }
        return Tag(name: name, isClosing: isClosing, attributes: attributesStart..<bytes.count, end: bytes.count)
    }

    /// Calls `body` with each start or end tag in order, skipping comments and the text of
    /// `script`, `style`, `textarea` and `title`; stops when `body` returns false.
    static func forEachTag(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Tag) -> Bool) {
        var index = 0
        while let open = find(bytes, "<", from: index) {
            if hasPrefix(bytes, at: open, "<!--") {
                index = find(bytes, "-->", from: open + 4).map { $0 + 3 } ?? bytes.count
                continue
            }
            guard let tag = tag(in: bytes, at: open) else {
                index = open + 1
                continue
            }
            guard body(tag) else { return }
            index = tag.end
            if !tag.isClosing, rawTextNames.contains(tag.name) {
                index = endOfRawText(bytes, named: tag.name, from: index)
            }
        }
    }

    private static let rawTextNames: Set<String> = ["script", "style", "textarea", "title"]

    /// The value of attribute `name` (lower case) in `tag`, character references decoded.
    static func attribute(_ name: String, of tag: Tag, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var cursor = tag.attributes.lowerBound
        let end = tag.attributes.upperBound
        while cursor < end {
            while cursor < end, isSpace(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "/") { cursor += 1 }
            let nameStart = cursor
            while cursor < end, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: "="), bytes[cursor] != UInt8(ascii: "/") {
                cursor += 1
            }
            guard cursor > nameStart else { break }
            let found = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<cursor]), as: UTF8.self)
            while cursor < end, isSpace(bytes[cursor]) { cursor += 1 }
            var value = ""
            if cursor < end, bytes[cursor] == UInt8(ascii: "=") {
                cursor += 1
                while cursor < end, isSpace(bytes[cursor]) { cursor += 1 }
                var valueStart = cursor
                var valueEnd: Int
                if cursor < end, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                    let quote = bytes[cursor]
                    valueStart += 1
                    valueEnd = valueStart
                    while valueEnd < end, bytes[valueEnd] != quote { valueEnd += 1 }
                    cursor = min(valueEnd + 1, end)
                } else {
                    valueEnd = cursor
                    while valueEnd < end, !isSpace(bytes[valueEnd]) { valueEnd += 1 }
                    cursor = valueEnd
                }
                value = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self)
            }
            if found.lowercased() == name { return HTMLEntities.decode(value) }
        }
        return nil
    }

    /// Just past `</name ...>` (any case) from `index`, or the end of the input.
    static func endOfRawText(_ bytes: UnsafeBufferPointer<UInt8>, named name: String, from index: Int) -> Int {
        var cursor = index
        let closing = "</" + name
        while let open = find(bytes, "</", from: cursor) {
            if hasPrefix(bytes, at: open, closing), let tag = tag(in: bytes, at: open), tag.name == name {
                return tag.end
            }
            cursor = open + 2
        }
        return bytes.count
    }

    /// Whether `literal` (ASCII) starts at `index`, letters compared without case.
    static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ literal: String) -> Bool {
        guard index + literal.utf8.count <= bytes.count else { return false }
        var cursor = index
        for expected in literal.utf8 {
            let byte = bytes[cursor]
            guard byte == expected || (isLetter(byte) && byte | 0x20 == expected | 0x20) else { return false }
            cursor += 1
        }
        return true
    }

    /// The index where `literal` (ASCII, exact case) next starts at or after `index`.
    static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString, from index: Int) -> Int? {
        let needle = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var cursor = max(index, 0)
        let last = bytes.count - needle.count
        while cursor <= last {
            if bytes[cursor] == first {
                var matched = 1
                while matched < needle.count, bytes[cursor + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return cursor }
            }
            cursor += 1
        }
        return nil
    }

    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte & ~0x20) }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
