/// Flattens HTML to plain text in one pass over its bytes, on `HTMLScanner`: tags dropped,
/// comments and the content of `script` and `style` dropped, character references decoded (as
/// text: `&lt;b&gt;` stays the text "<b>"). The caller sanitises the result. Whole articles go
/// through the HTML-to-text renderer instead.
public enum HTMLInline {
    /// What a dropped tag leaves between the words around it.
    enum Spacing {
        /// A feed's title or summary: a block-level tag leaves a space, so paragraphs do not run
        /// together; an inline one nothing; none at the start or the end, none doubled.
        case betweenBlocks
        /// The search index's words: every tag, comment and script leaves one space, so no two
        /// words ever join.
        case everyTag
    }

    public static func plainText(_ html: String) -> String { plainText(html, spacing: .betweenBlocks) }

    static func plainText(_ html: String, spacing: Spacing) -> String {
        var html = html
        let flattened: String? = html.withUTF8 { bytes in
            // Most titles need nothing: the same string comes back, not a copy.
            guard let first = bytes.firstIndex(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<first]))
            var changed = false
            var index = first
            let count = bytes.count
            while index < count {
                switch bytes[index] {
                case UInt8(ascii: "&"):
                    if let (replacement, end) = HTMLEntities.reference(bytes, after: index) {
                        output.append(contentsOf: replacement.utf8)
                        index = end
                        changed = true
                    } else {
                        output.append(UInt8(ascii: "&"))  // "AT&T": text
                        index += 1
                    }
                case UInt8(ascii: "<") where HTMLScanner.startsMarkup(bytes, at: index):
                    index = skipMarkup(bytes, at: index, spacing: spacing, into: &output)
                    changed = true
                case UInt8(ascii: "<"):
                    output.append(UInt8(ascii: "<"))  // "a < b", "<3": text
                    index += 1
                default:
                    let start = index
                    while index < count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") { index += 1 }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                }
            }
            if spacing == .betweenBlocks, output.last == 0x20 { output.removeLast() }  // a closing block tag's space
            return changed ? String(decoding: output, as: UTF8.self) : nil
        }
        return flattened ?? html
    }

    /// Past the markup at `index`, leaving the space `spacing` asks for.
    private static func skipMarkup(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, spacing: Spacing, into output: inout [UInt8]) -> Int {
        var separates = spacing == .everyTag
        let end: Int
        switch HTMLScanner.markup(bytes, at: index) {
        case .tag(let tag):
            end = !tag.isClosing && rawTextNames.contains(tag.name) ? HTMLScanner.pastRawText(bytes, named: tag.name, from: tag.end) : tag.end
            separates = separates || !inlineNames.contains(tag.name)
        case .cdata(let content, let cdataEnd):
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[content]))
            return cdataEnd
        case .declaration(let declarationEnd):
            end = declarationEnd
            separates = true
        case .dropped(let droppedEnd):
            end = droppedEnd
        case .text(let textEnd):
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<textEnd]))
            return textEnd
        }
        if separates {
            switch spacing {
            case .everyTag: output.append(0x20)
            case .betweenBlocks: if let last = output.last, last != 0x20 { output.append(0x20) }
            }
        }
        return end
    }

    private static let rawTextNames: Set<String> = ["script", "style"]

    /// Elements that sit inside a line of text: dropping them must not split or join words.
    private static let inlineNames: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark",
        "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
    ]
}
