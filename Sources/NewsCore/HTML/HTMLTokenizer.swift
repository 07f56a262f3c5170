/// The article converter's tokens, read by `HTMLScanner` (whose header says how leniently):
/// text, CDATA and tags with their attributes. Comments, doctypes and processing instructions
/// make no token, and the content of raw-text elements (`script`, `style`...) is skipped up to
/// their end tag; `template` content is skipped whole.
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
    private var rawTextName: String?

    init(_ html: String) {
        bytes = Array(html.utf8)
    }

    mutating func next() -> HTMLToken? {
        let bytes = bytes  // shares the storage: `self` stays free to change
        return bytes.withUnsafeBufferPointer { next(in: $0) }
    }

    private mutating func next(in bytes: UnsafeBufferPointer<UInt8>) -> HTMLToken? {
        if let name = rawTextName {
            rawTextName = nil
            position = HTMLScanner.endOfRawText(bytes, named: name, from: position)
        }
        while position < bytes.count {
            var end = position
            while end < bytes.count, !(bytes[end] == UInt8(ascii: "<") && HTMLScanner.startsMarkup(bytes, at: end)) { end += 1 }
            if end > position {
                defer { position = end }
                return .text(Self.string(bytes, position..<end))
            }
            var attributes: [(name: String, value: String)] = []
            let markup = HTMLScanner.markup(bytes, at: position) { name, value in
                let name = HTMLScanner.lowercased(bytes, name)
                if attributes.count < Self.maxAttributes, !attributes.contains(where: { $0.name == name }) {
                    attributes.append((name, value.map { Self.string(bytes, $0) } ?? ""))
                }
                return true
            }
            switch markup {
            case .tag(let tag):
                position = tag.end
                if tag.isClosing { return .endTag(tag.name) }
                if Self.rawTextElements.contains(tag.name) { rawTextName = tag.name }
                return .startTag(HTMLTag(tag.name, attributes: attributes, selfClosing: tag.selfClosing))
            case .cdata(let content, let end):
                position = end
                return .cdata(Self.string(bytes, content))
            case .text(let end):
                defer { position = end }
                return .text(Self.string(bytes, position..<end))
            case .dropped(let end), .declaration(let end):
                position = end
            }
        }
        return nil
    }

    /// Cuts happen only at ASCII bytes, so every slice is whole UTF-8.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
