/// What the tokenizer hands the converter. Comments, doctypes and processing instructions
/// never become tokens; raw-text elements (`script`, `style`...) arrive as a start and an
/// end tag with nothing between.
enum HTMLToken: Equatable, Sendable {
    /// Text as written: character references are still to be decoded.
    case text(String)
    /// A `<![CDATA[...]]>` section's text, taken literally (no references).
    case cdata(String)
    case startTag(HTMLTag)
    /// The lowercased name of an end tag.
    case endTag(String)
}

struct HTMLTag: Equatable, Sendable {
    /// Lowercased (ASCII).
    var name: String
    /// Names lowercased, values as written (references not yet decoded); the first of a
    /// repeated name wins, as in browsers.
    var attributes: [(name: String, value: String)]
    /// Written `<name/>`: browsers honour it only on void elements and in SVG.
    var selfClosing: Bool

    init(_ name: String, attributes: [(name: String, value: String)] = [], selfClosing: Bool = false) {
        self.name = name
        self.attributes = attributes
        self.selfClosing = selfClosing
    }

    /// The value of attribute `name`, character references decoded; nil when absent.
    func value(_ name: String) -> String? {
        attributes.first { $0.name == name }.map { Self.decodeAttribute($0.value) }
    }

    /// `HTMLEntities.decode` with the rule browsers keep for attribute values: a name without
    /// its semicolon, followed by `=` or a letter or digit, is not a reference, so that
    /// `?a=1&not=2` in a link stays a query and does not become `?a=1¬=2`.
    static func decodeAttribute(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var output = ""
        var scalars = text.unicodeScalars[...]
        while let ampersand = scalars.firstIndex(of: "&") {
            output.unicodeScalars.append(contentsOf: scalars[..<ampersand])
            let afterAmpersand = scalars.index(after: ampersand)
            let rest = scalars[afterAmpersand...]
            if let (replacement, end) = HTMLEntities.reference(in: rest), !isQueryLike(rest, end: end) {
                output.unicodeScalars.append(contentsOf: replacement.unicodeScalars)
                scalars = scalars[end...]
            } else {
                output.unicodeScalars.append("&")
                scalars = rest
            }
        }
        output.unicodeScalars.append(contentsOf: scalars)
        return output
    }

    private static func isQueryLike(_ rest: Substring.UnicodeScalarView, end: String.Index) -> Bool {
        guard rest.first != "#", end > rest.startIndex, rest[rest.index(before: end)] != ";", end < rest.endIndex else { return false }
        let next = rest[end]
        return next == "=" || (next.isASCII && (next.properties.isAlphabetic || ("0"..."9").contains(next)))
    }

    static func == (lhs: HTMLTag, rhs: HTMLTag) -> Bool {
        lhs.name == rhs.name && lhs.selfClosing == rhs.selfClosing
            && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
            && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
    }
}
