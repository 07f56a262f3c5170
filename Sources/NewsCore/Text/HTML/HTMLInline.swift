/// Flattens a short piece of HTML (a feed's title or summary) to plain text: tags dropped (a
/// block-level tag leaves a space, so paragraphs do not run together), comments and the content
/// of `script` and `style` dropped, character references decoded (as text: `&lt;b&gt;` stays
/// the text "<b>"). One pass over the bytes. The caller sanitises the result, which also folds
/// the spaces. Whole articles go through the HTML-to-text renderer instead.
public enum HTMLInline {
    public static func plainText(_ html: String) -> String {
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
                    if let (replacement, end) = HTMLReferences.reference(bytes, after: index) {
                        output.append(contentsOf: replacement.utf8)
                        index = end
                        changed = true
                    } else {
                        output.append(UInt8(ascii: "&"))  // "AT&T": text
                        index += 1
                    }
                case UInt8(ascii: "<"):
                    let end = skipMarkup(bytes, at: index, into: &output)
                    changed = changed || end > index + 1
                    index = end
                default:
                    let start = index
                    while index < count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") { index += 1 }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                }
            }
            if output.last == 0x20 { output.removeLast() }  // a closing block tag's space
            return changed ? String(decoding: output, as: UTF8.self) : nil
        }
        return flattened ?? html
    }

    /// Past the comment or tag at `index` (a "<" that starts neither is text). A tag that is
    /// not inline leaves one space between words (none at the start, none doubled).
    private static func skipMarkup(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, into output: inout [UInt8]) -> Int {
        if HTMLTagScanner.hasPrefix(bytes, at: index, "<!--") {
            return HTMLTagScanner.find(bytes, "-->", from: index + 4).map { $0 + 3 } ?? bytes.count
        }
        guard let tag = HTMLTagScanner.tag(in: bytes, at: index) else {
            output.append(UInt8(ascii: "<"))  // "a < b", "<3": text
            return index + 1
        }
        var end = tag.end
        if !tag.isClosing, tag.name == "script" || tag.name == "style" {
            end = HTMLTagScanner.endOfRawText(bytes, named: tag.name, from: end)
        }
        if !inlineNames.contains(tag.name), let last = output.last, last != 0x20 { output.append(0x20) }
        return end
    }

    /// Elements that sit inside a line of text: dropping them must not split or join words.
    private static let inlineNames: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark",
        "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
    ]
}
