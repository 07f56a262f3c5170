/// Gathers one block's runs, collapsing whitespace as a browser does: any run of spaces,
/// tabs and newlines, across text nodes and tags, is one space; none at a block's edges or
/// after a line break. Text is sanitised here, once, as it arrives.
struct InlineBuilder {
    private(set) var runs: [RichRun] = []
    /// A space is owed before the next text (there was whitespace, and text before it).
    private var pendingSpace = false

    /// Most consecutive line breaks kept: more add only empty lines.
    static let maxConsecutiveBreaks = 2

    var isEmpty: Bool { runs.isEmpty }

    /// Decoded text, sanitised, with whether whitespace stood at either end (the sanitiser
    /// trims it, but it still separates words from their neighbours).
    struct Piece {
        var text: String
        var leadingSpace: Bool
        var trailingSpace: Bool

        init(decoded: String) {
            leadingSpace = decoded.unicodeScalars.first.map(InlineBuilder.isCollapsible) ?? false
            trailingSpace = decoded.unicodeScalars.last.map(InlineBuilder.isCollapsible) ?? false
            text = Sanitizer.clean(decoded)
        }
    }

    mutating func append(_ piece: Piece, style: RichStyle, link: Int?) {
        if piece.leadingSpace || (piece.text.isEmpty && piece.trailingSpace) { oweSpace() }
        guard !piece.text.isEmpty else { return }
        add(piece.text, style: style, link: link)
        if piece.trailingSpace { oweSpace() }
    }

    /// Adds text that is already clean and is not to be split from its neighbours by whitespace
    /// rules (a placeholder such as `[image: alt]`).
    mutating func append(atom text: String, style: RichStyle, link: Int?) {
        guard !text.isEmpty else { return }
        add(text, style: style, link: link)
    }

    mutating func appendLineBreak() {
        pendingSpace = false
        guard !runs.isEmpty else { return }
        let trailingBreaks = runs.reversed().prefix { $0.isLineBreak }.count
        guard trailingBreaks < Self.maxConsecutiveBreaks else { return }
        runs.append(.lineBreak)
    }

    /// Owes a space (a boundary between table cells' blocks, which run together).
    mutating func separate() { oweSpace() }

    /// The runs gathered so far, without breaks at the end; the builder starts again empty.
    mutating func take() -> [RichRun] {
        while runs.last?.isLineBreak == true { runs.removeLast() }
        defer { self = InlineBuilder() }
        return runs
    }

    private mutating func oweSpace() {
        if let last = runs.last, !last.isLineBreak { pendingSpace = true }
    }

    private mutating func add(_ text: String, style: RichStyle, link: Int?) {
        let text = pendingSpace ? " " + text : text
        pendingSpace = false
        if let last = runs.last, !last.isLineBreak, last.style == style, last.link == link {
            runs[runs.count - 1].text += text
        } else {
            runs.append(RichRun(text, style: style, link: link))
        }
    }

    /// The characters that the sanitiser turns into a space (HTML's whitespace and a few more).
    static func isCollapsible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
