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

    /// The value of attribute `name`, character references decoded by attribute rules; nil when absent.
    func value(_ name: String) -> String? {
        attributes.first { $0.name == name }.map { HTMLEntities.decode($0.value, in: .attribute) }
    }

    static func == (lhs: HTMLTag, rhs: HTMLTag) -> Bool {
        lhs.name == rhs.name && lhs.selfClosing == rhs.selfClosing
            && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
            && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
    }
}
