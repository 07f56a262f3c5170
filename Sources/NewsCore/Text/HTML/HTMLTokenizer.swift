/// A lenient HTML tokenizer, after the WHATWG tokenizer's states: it never fails and never
/// looks back, so hostile markup costs time in proportion to its length.
///
/// What browsers do, it does: attribute values quoted, unquoted or missing; `<!-->` ends a
/// comment at once; `</>` vanishes; `<` before anything but a letter, `/`, `!` or `?` is text;
/// bogus comments (`<?...>`, `</1>`, `<!doctype>`) end at the first `>`. The content of
/// raw-text elements (`script`, `style`...) is skipped up to their end tag. What it does
/// differently: CDATA sections are text (feeds wrap article text in them), and `template`
/// content is skipped whole; `<!` before anything but a letter, `-` or `[` is text, and so is a
/// bogus comment never closed (`<!DOCTYPE` alone), as feedparser reads them. Input that ends
/// inside a tag, a quoted value or a comment ends there: the unfinished piece is dropped.
struct HTMLTokenizer: Sequence, IteratorProtocol {
    /// Elements whose content is dropped unread (as raw text or RCDATA in browsers).
    static let rawTextElements: Set<String> = [
        "script", "style", "template", "noscript", "iframe", "noembed", "noframes", "xmp", "title", "textarea",
    ]
    /// Attributes kept per tag; later ones are read and dropped.
    static let maxAttributes = 32

    private let bytes: [UInt8]
    private var position = 0
    /// Set after a raw-text element's start tag: the end tag (lowercased name) to skip to.
    private var rawTextName: [UInt8]?

    init(_ html: String) {
        bytes = Array(html.utf8)
    }

    mutating func next() -> HTMLToken? {
        if let name = rawTextName {
            rawTextName = nil
            position = endOfRawText(named: name)
        }
        while position < bytes.count {
            var end = position
            while end < bytes.count, !(bytes[end] == Byte.lessThan && startsMarkup(at: end)) { end += 1 }
            if end > position {
                defer { position = end }
                return .text(string(position, end))
            }
            if let token = markup() { return token }
        }
        return nil
    }

    /// Whether the `<` at `index` opens markup rather than being text.
    private func startsMarkup(at index: Int) -> Bool {
        guard index + 1 < bytes.count else { return false }
        let next = bytes[index + 1]
        if next == Byte.bang {
            // "<!' text" is text, as feedparser reads it; a declaration starts with a letter,
            // a comment with "-", CDATA with "[".
            guard index + 2 < bytes.count else { return false }
            let third = bytes[index + 2]
            return Byte.isLetter(third) || third == Byte.dash || third == UInt8(ascii: "[")
        }
        return Byte.isLetter(next) || next == Byte.slash || next == Byte.question
    }

    /// Reads the markup at `position` (a `<` that `startsMarkup`); nil when it makes no token.
    private mutating func markup() -> HTMLToken? {
        let next = bytes[position + 1]
        if Byte.isLetter(next) { return startTag() }
        if next == Byte.slash {
            guard position + 2 < bytes.count else {  // "</" at the very end is text
                defer { position = bytes.count }
                return .text("</")
            }
            let third = bytes[position + 2]
            if Byte.isLetter(third) { return endTag() }
            if third == Byte.greaterThan {
                position += 3
                return nil
            }
            return skipBogusComment()
        }
        if next == Byte.bang {
            if matches("<!--", at: position) {
                skipComment()
            } else if matches("<![CDATA[", at: position) {
                return cdata()
            } else {
                return skipBogusComment()
            }
            return nil
        }
        return skipBogusComment()  // "<?"
    }

    private mutating func startTag() -> HTMLToken? {
        guard let tag = readTag(from: position + 1) else { return nil }
        if Self.rawTextElements.contains(tag.name) { rawTextName = Array(tag.name.utf8) }
        return .startTag(tag)
    }

    private mutating func endTag() -> HTMLToken? {
        // End tags may carry attributes (browsers parse and ignore them); quotes still count.
        readTag(from: position + 2).map { .endTag($0.name) }
    }

    /// Reads a tag's name and attributes from `start` (just after `<` or `</`) through its `>`.
    /// At the end of input inside the tag, consumes everything and returns nil.
    private mutating func readTag(from start: Int) -> HTMLTag? {
        var index = start
        while index < bytes.count, !Byte.endsName(bytes[index]) { index += 1 }
        var tag = HTMLTag(lowercased(start, index))
        while true {
            while index < bytes.count, Byte.isSpace(bytes[index]) || bytes[index] == Byte.slash {
                if bytes[index] == Byte.slash, index + 1 < bytes.count, bytes[index + 1] == Byte.greaterThan {
                    tag.selfClosing = true
                }
                index += 1
            }
            guard index < bytes.count else { break }
            if bytes[index] == Byte.greaterThan {
                position = index + 1
                return tag
            }
            // A name's first character may be anything that does not end it, "=" included.
            let nameStart = index
            index += 1
            while index < bytes.count, !Byte.endsName(bytes[index]), bytes[index] != Byte.equals { index += 1 }
            let name = lowercased(nameStart, index)
            while index < bytes.count, Byte.isSpace(bytes[index]) { index += 1 }
            var value = ""
            if index < bytes.count, bytes[index] == Byte.equals {
                index += 1
                while index < bytes.count, Byte.isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { break }
                let quote = bytes[index]
                if quote == Byte.doubleQuote || quote == Byte.singleQuote {
                    guard let close = firstIndex(of: quote, from: index + 1) else { break }
                    value = string(index + 1, close)
                    index = close + 1
                } else {
                    let valueStart = index
                    while index < bytes.count, !Byte.isSpace(bytes[index]), bytes[index] != Byte.greaterThan { index += 1 }
                    value = string(valueStart, index)
                }
            }
            if tag.attributes.count < Self.maxAttributes, !tag.attributes.contains(where: { $0.name == name }) {
                tag.attributes.append((name, value))
            }
        }
        position = bytes.count
        return nil
    }

    /// `<!--` through `-->` or `--!>`; `<!-->` and `<!--->` are whole comments.
    private mutating func skipComment() {
        let start = position + 4
        if matches(">", at: start) {
            position = start + 1
            return
        }
        if matches("->", at: start) {
            position = start + 2
            return
        }
        var index = start
        while index + 2 < bytes.count {
            if bytes[index] == Byte.dash, bytes[index + 1] == Byte.dash {
                if bytes[index + 2] == Byte.greaterThan {
                    position = index + 3
                    return
                }
                if matches("!>", at: index + 2) {
                    position = index + 4
                    return
                }
            }
            index += 1
        }
        position = bytes.count
    }

    private mutating func cdata() -> HTMLToken? {
        let start = position + 9
        var index = start
        while index + 2 < bytes.count, !matches("]]>", at: index) { index += 1 }
        let end = index + 2 < bytes.count ? index : bytes.count
        position = Swift.min(bytes.count, end + 3)
        return end > start ? .cdata(string(start, end)) : nil
    }

    /// Past a bogus comment's `>`. One never closed (a description of just "<!DOCTYPE") is
    /// text, as feedparser reads it, rather than an empty article.
    private mutating func skipBogusComment() -> HTMLToken? {
        guard let close = firstIndex(of: Byte.greaterThan, from: position + 2) else {
            defer { position = bytes.count }
            return .text(string(position, bytes.count))
        }
        position = close + 1
        return nil
    }

    /// Where a raw-text element's content ends: at `</name` followed by a space, `/` or `>`
    /// (any case), else at the end of input.
    private func endOfRawText(named name: [UInt8]) -> Int {
        var index = position
        while let open = firstIndex(of: Byte.lessThan, from: index) {
            let nameStart = open + 2
            let after = nameStart + name.count
            if nameStart < bytes.count, bytes[open + 1] == Byte.slash, after < bytes.count,
                Byte.endsName(bytes[after]),
                zip(bytes[nameStart..<after], name).allSatisfy({ Byte.lowercased($0) == $1 })
            {
                return open
            }
            index = open + 1
        }
        return bytes.count
    }

    // MARK: - Bytes

    private func matches(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index >= 0, index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { pattern in pattern.indices.allSatisfy { bytes[index + $0] == pattern[$0] } }
    }

    private func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// Cuts happen only at ASCII bytes, so every slice is whole UTF-8.
    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private func lowercased(_ start: Int, _ end: Int) -> String {
        let slice = bytes[start..<end]
        guard slice.contains(where: { (0x41...0x5A).contains($0) }) else { return string(start, end) }
        return String(decoding: slice.map(Byte.lowercased), as: UTF8.self)
    }
}

/// The ASCII bytes the tokenizer looks for.
private enum Byte {
    static let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
    static let bang = UInt8(ascii: "!"), question = UInt8(ascii: "?"), equals = UInt8(ascii: "=")
    static let dash = UInt8(ascii: "-"), doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'")

    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    /// HTML's whitespace: tab, line feed, form feed, carriage return, space.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
    static func endsName(_ byte: UInt8) -> Bool { isSpace(byte) || byte == slash || byte == greaterThan }
    static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}
