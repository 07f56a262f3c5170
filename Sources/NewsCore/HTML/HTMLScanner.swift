/// The one reader of HTML's markup, on UTF-8 bytes, after the WHATWG tokenizer's states: it
/// never fails and never looks back, so hostile markup costs time in proportion to its length.
/// Every pass over HTML stands on it: the article converter's tokens (`HTMLTokenizer`), titles
/// and the search index's words (`HTMLInline`), and the tags feed discovery, a page's charset
/// and an article's first image look for (`forEachTag`).
///
/// What browsers do, it does: attribute values quoted, unquoted or missing (a quote opens a
/// value only just after `=`); `<!-->` ends a comment at once; `</>` vanishes; `<` before
/// anything but a letter, `/`, `!` or `?` is text; bogus comments (`<?...>`, `</1>`,
/// `<!doctype>`) end at the first `>`. What it does differently: CDATA sections are text (feeds
/// wrap article text in them); `<!` before anything but a letter, `-` or `[` is text, and so is
/// a bogus comment never closed (`<!DOCTYPE` alone), as feedparser reads them. A tag, a quoted
/// value or a comment the input ends inside runs to the end and gives nothing.
enum HTMLScanner {
    struct Tag {
        /// Lowercased (ASCII).
        var name: String
        var isClosing: Bool
        /// Written `<name/>`: browsers honour it only on void elements and in SVG.
        var selfClosing: Bool
        /// The bytes between the name and the closing `>`: read them with `forEachAttribute`.
        var attributes: Range<Int>
        /// Just past the `>`.
        var end: Int
    }

    /// What a `<` that `startsMarkup` opens.
    enum Markup {
        case tag(Tag)
        /// A CDATA section's content (taken literally, no references) and the offset past `]]>`.
        case cdata(Range<Int>, end: Int)
        /// A comment, `</>`, or a tag or comment the input ends inside: nothing to read.
        case dropped(end: Int)
        /// A bogus comment: `<!DOCTYPE html>`, `<?php ... ?>`, `</1>`.
        case declaration(end: Int)
        /// Markup that turns out to be text up to `end` (`</` at the very end, a declaration never closed).
        case text(end: Int)
    }

    /// Whether the `<` at `index` opens markup rather than being text.
    static func startsMarkup(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + 1 < bytes.count else { return false }
        let next = bytes[index + 1]
        if next == Byte.bang {
            // "<!' text" is text, as feedparser reads it; a declaration starts with a letter,
            // a comment with "-", CDATA with "[".
            guard index + 2 < bytes.count else { return false }
            let third = bytes[index + 2]
            return isLetter(third) || third == Byte.dash || third == UInt8(ascii: "[")
        }
        return isLetter(next) || next == Byte.slash || next == Byte.question
    }

    /// Reads the markup at `index` (a `<` that `startsMarkup`). `attribute` sees each attribute's
    /// name and value (nil when it has none) as the tag is read.
    static func markup(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int,
        attribute: (_ name: Range<Int>, _ value: Range<Int>?) -> Bool = { _, _ in true }
    ) -> Markup {
        let next = bytes[index + 1]
        if isLetter(next) { return tag(bytes, nameStart: index + 1, isClosing: false, attribute: attribute) }
        if next == Byte.slash {
            guard index + 2 < bytes.count else { return .text(end: bytes.count) }  // "</" at the very end
            let third = bytes[index + 2]
            if isLetter(third) { return tag(bytes, nameStart: index + 2, isClosing: true, attribute: attribute) }
            if third == Byte.greaterThan { return .dropped(end: index + 3) }
            return bogusComment(bytes, at: index)
        }
        if next == Byte.bang {
            if hasPrefix(bytes, at: index, "<!--") { return .dropped(end: endOfComment(bytes, at: index)) }
            if has(bytes, "<![CDATA[", at: index) { return cdata(bytes, at: index) }
        }
        return bogusComment(bytes, at: index)  // "<?", "<!x"
    }

    /// A tag's name from `nameStart` and its attributes through its `>`. End tags may carry
    /// attributes too (browsers read and ignore them): their quotes still count.
    private static func tag(
        _ bytes: UnsafeBufferPointer<UInt8>, nameStart: Int, isClosing: Bool,
        attribute: (Range<Int>, Range<Int>?) -> Bool
    ) -> Markup {
        var index = nameStart
        while index < bytes.count, !endsName(bytes[index]) { index += 1 }
        let name = lowercased(bytes, nameStart..<index)
        guard let (end, selfClosing) = forEachAttribute(bytes, from: index, attribute) else { return .dropped(end: bytes.count) }
        return .tag(Tag(name: name, isClosing: isClosing, selfClosing: selfClosing, attributes: index..<end - 1, end: end))
    }

    /// Reads attributes from `start` (just past a tag's name), calling `body` with each until it
    /// returns false. Returns just past the tag's `>` and whether it was written `/>`, or nil
    /// when the input ends inside the tag.
    @discardableResult
    static func forEachAttribute(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ body: (_ name: Range<Int>, _ value: Range<Int>?) -> Bool
    ) -> (end: Int, selfClosing: Bool)? {
        var index = start
        var selfClosing = false
        var reading = true
        while true {
            while index < bytes.count, isSpace(bytes[index]) || bytes[index] == Byte.slash {
                selfClosing = bytes[index] == Byte.slash && index + 1 < bytes.count && bytes[index + 1] == Byte.greaterThan
                index += 1
            }
            guard index < bytes.count else { return nil }
            if bytes[index] == Byte.greaterThan { return (index + 1, selfClosing) }
            selfClosing = false
            // A name's first character may be anything that does not end it, "=" included.
            let nameStart = index
            index += 1
            while index < bytes.count, !endsName(bytes[index]), bytes[index] != Byte.equals { index += 1 }
            let name = nameStart..<index
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            var value: Range<Int>?
            if index < bytes.count, bytes[index] == Byte.equals {
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { return nil }
                let quote = bytes[index]
                if quote == Byte.doubleQuote || quote == Byte.singleQuote {
                    guard let close = firstIndex(bytes, of: quote, from: index + 1) else { return nil }
                    value = index + 1..<close
                    index = close + 1
                } else {
                    let valueStart = index
                    while index < bytes.count, !isSpace(bytes[index]), bytes[index] != Byte.greaterThan { index += 1 }
                    value = valueStart..<index
                }
            }
            if reading { reading = body(name, value) }
        }
    }

    /// The value of attribute `name` (lowercase) of `tag`, references decoded; nil when absent.
    /// The first of a repeated name wins, as in browsers.
    static func attribute(_ name: String, of tag: Tag, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var found: String?
        forEachAttribute(bytes, from: tag.attributes.lowerBound) { nameRange, value in
            guard nameRange.count == name.utf8.count, zip(bytes[nameRange], name.utf8).allSatisfy({ lowercased($0) == $1 }) else { return true }
            let raw = value.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) } ?? ""
            found = HTMLEntities.decode(raw, in: .attribute)
            return false
        }
        return found
    }

    /// Calls `body` with each start or end tag in order, skipping comments and the content of
    /// `script`, `style`, `textarea` and `title` (with its end tag); stops when `body` returns false.
    static func forEachTag(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Tag) -> Bool) {
        var index = 0
        while let open = firstIndex(bytes, of: Byte.lessThan, from: index) {
            guard startsMarkup(bytes, at: open) else {
                index = open + 1
                continue
            }
            switch markup(bytes, at: open) {
            case .tag(let tag):
                guard body(tag) else { return }
                index = tag.end
                if !tag.isClosing, rawTextNames.contains(tag.name) { index = pastRawText(bytes, named: tag.name, from: index) }
            case .cdata(_, let end), .dropped(let end), .declaration(let end), .text(let end):
                index = end
            }
        }
    }

    private static let rawTextNames: Set<String> = ["script", "style", "textarea", "title"]

    /// Where a raw-text element's content ends: at `</name` followed by a space, `/` or `>`
    /// (any case), else at the end of input.
    static func endOfRawText(_ bytes: UnsafeBufferPointer<UInt8>, named name: String, from start: Int) -> Int {
        let count = name.utf8.count
        var index = start
        while let open = firstIndex(bytes, of: Byte.lessThan, from: index) {
            let nameStart = open + 2
            let after = nameStart + count
            if after < bytes.count, bytes[open + 1] == Byte.slash, endsName(bytes[after]),
                zip(bytes[nameStart..<after], name.utf8).allSatisfy({ lowercased($0) == $1 })
            {
                return open
            }
            index = open + 1
        }
        return bytes.count
    }

    /// Just past a raw-text element's end tag, or the end of input.
    static func pastRawText(_ bytes: UnsafeBufferPointer<UInt8>, named name: String, from start: Int) -> Int {
        let close = endOfRawText(bytes, named: name, from: start)
        guard close < bytes.count, case .tag(let tag) = markup(bytes, at: close) else { return bytes.count }
        return tag.end
    }

    /// `<!--` through `-->` or `--!>`; `<!-->` and `<!--->` are whole comments.
    private static func endOfComment(_ bytes: UnsafeBufferPointer<UInt8>, at open: Int) -> Int {
        let start = open + 4
        if has(bytes, ">", at: start) { return start + 1 }
        if has(bytes, "->", at: start) { return start + 2 }
        var index = start
        while index + 2 < bytes.count {
            if bytes[index] == Byte.dash, bytes[index + 1] == Byte.dash {
                if bytes[index + 2] == Byte.greaterThan { return index + 3 }
                if has(bytes, "!>", at: index + 2) { return index + 4 }
            }
            index += 1
        }
        return bytes.count
    }

    private static func cdata(_ bytes: UnsafeBufferPointer<UInt8>, at open: Int) -> Markup {
        let start = open + 9
        let end = ByteSearch.firstOffset(of: "]]>", in: bytes, from: start) ?? bytes.count
        let next = Swift.min(bytes.count, end + 3)
        return end > start ? .cdata(start..<end, end: next) : .dropped(end: next)
    }

    /// Past a bogus comment's `>`. One never closed (a description of just "<!DOCTYPE") is
    /// text, as feedparser reads it, rather than an empty article.
    private static func bogusComment(_ bytes: UnsafeBufferPointer<UInt8>, at open: Int) -> Markup {
        guard let close = firstIndex(bytes, of: Byte.greaterThan, from: open + 2) else { return .text(end: bytes.count) }
        return .declaration(end: close + 1)
    }

    // MARK: - Bytes

    /// Whether `literal` (ASCII) starts at `index`, letters compared without case.
    static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index >= 0, index + count <= bytes.count else { return false }
        let pattern = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count {
            let byte = bytes[index + offset]
            let expected = pattern[offset]
            guard byte == expected || (isLetter(byte) && byte | 0x20 == expected | 0x20) else { return false }
        }
        return true
    }

    /// Whether `literal` starts at `index`, exactly.
    private static func has(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index >= 0, index + count <= bytes.count else { return false }
        let pattern = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        return pattern.indices.allSatisfy { bytes[index + $0] == pattern[$0] }
    }

    private static func firstIndex(_ bytes: UnsafeBufferPointer<UInt8>, of byte: UInt8, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// ASCII only, so lowered byte by byte: `String.lowercased()` consults Unicode tables.
    static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        guard slice.contains(where: { (0x41...0x5A).contains($0) }) else { return String(decoding: slice, as: UTF8.self) }
        return String(decoding: slice.map(lowercased), as: UTF8.self)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }

    static func isLetter(_ byte: UInt8) -> Bool { HTMLEntities.isLetter(byte) }

    /// HTML's whitespace: tab, line feed, form feed, carriage return, space.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func endsName(_ byte: UInt8) -> Bool { isSpace(byte) || byte == Byte.slash || byte == Byte.greaterThan }
}

/// The ASCII bytes the scanner looks for.
private enum Byte {
    static let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
    static let bang = UInt8(ascii: "!"), question = UInt8(ascii: "?"), equals = UInt8(ascii: "=")
    static let dash = UInt8(ascii: "-"), doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'")
}
