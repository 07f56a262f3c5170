import FoundationEssentials

/// An article's text after its HTML has been read: blocks in reading order and the links they
/// number. It knows nothing of widths; a front end lays it out for its own. Every string in it
/// has passed `Sanitizer` (preformatted lines keep their spaces).
public struct RichText: Sendable, Hashable {
    public var blocks: [RichBlock]
    /// The numbered links, in order of first appearance: a run's `link` N is `links[N - 1]`.
    public var links: [URL]
    /// What the links list says for link N besides its URL, when it is not a link of the text
    /// (an inline image: `image: Chart of latency`).
    public var labels: [Int: String]

    public init(blocks: [RichBlock] = [], links: [URL] = [], labels: [Int: String] = [:]) {
        self.blocks = blocks
        self.links = links
        self.labels = labels
    }

    public var isEmpty: Bool { blocks.isEmpty }

    /// The URL that link number `number` (1-based, as shown) stands for.
    public func link(_ number: Int) -> URL? {
        links.indices.contains(number - 1) ? links[number - 1] : nil
    }
}

/// One block of text and where it sits: inside how many lists and block quotes.
public struct RichBlock: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case paragraph([RichRun])
        /// `level` 1...6, as in `<h1>`...`<h6>`.
        case heading(level: Int, [RichRun])
        /// An item's first block, which carries the marker; later blocks of the same item are
        /// paragraphs (or others) at the same `listDepth`.
        case listItem(ListMarker, [RichRun])
        /// Lines kept exactly (tabs expanded), never wrapped.
        case preformatted(lines: [String])
        case table(rows: [[RichCell]])
        case rule
    }

    public var content: Content
    /// How many lists enclose the block (a top-level list's items are at 1).
    public var listDepth: Int
    /// How many block quotes enclose the block.
    public var quoteDepth: Int

    public init(_ content: Content, listDepth: Int = 0, quoteDepth: Int = 0) {
        self.content = content
        self.listDepth = listDepth
        self.quoteDepth = quoteDepth
    }
}

public enum ListMarker: Sendable, Hashable {
    case bullet
    case number(Int)
}

/// A stretch of text in one style. Whitespace is already collapsed as a browser would:
/// runs hold single spaces only.
public struct RichRun: Sendable, Hashable {
    public var text: String
    public var style: RichStyle
    /// The link number (1-based) when the run is part of a link's text.
    public var link: Int?

    public init(_ text: String, style: RichStyle = [], link: Int? = nil) {
        self.text = text
        self.style = style
        self.link = link
    }

    /// A forced line break (`<br>`): the only run whose text is a newline.
    public static let lineBreak = RichRun("\n")
    public var isLineBreak: Bool { text == "\n" }
}

public struct RichStyle: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let emphasis = RichStyle(rawValue: 1 << 0)
    public static let strong = RichStyle(rawValue: 1 << 1)
    public static let code = RichStyle(rawValue: 1 << 2)
    /// A stand-in for something that is not text: `[image: alt]`, `[video]`.
    public static let placeholder = RichStyle(rawValue: 1 << 3)
}

/// One table cell: its text as runs (line breaks inside cells become spaces).
public struct RichCell: Sendable, Hashable {
    public var runs: [RichRun]
    /// A `<th>`.
    public var isHeader: Bool

    public init(_ runs: [RichRun], isHeader: Bool = false) {
        self.runs = runs
        self.isHeader = isHeader
    }

    /// The cell's text without link numbers.
    public var text: String { runs.map(\.text).joined() }
}
