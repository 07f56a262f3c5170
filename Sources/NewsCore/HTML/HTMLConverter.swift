import FoundationEssentials

/// Turns HTML tokens into `RichText`, one token at a time, with an explicit stack of the open
/// elements that matter (never recursion: 100,000 nested elements cost memory in proportion,
/// not stack). End tags close what they match as browsers' implied end tags do, but never
/// reach past an open table or `pre` (browsers' scope rules).
struct HTMLConverter {
    static let maxBlocks = 20_000
    static let maxTextBytes = 2_000_000
    /// The list and quote depths recorded on blocks: deeper ones are drawn at this depth.
    static let maxDepth = 16
    static let maxAltLength = 300

    enum Entry { case emphasis, strong, code, link, list, item, quote, heading, table, row, cell, pre, skipped, inert }

    struct ListState {
        var ordered: Bool
        var next: Int
        /// Stack index of the list's entry (-1 for the implied list around stray `<li>`s).
        var entry: Int
        /// Stack index of its open `<li>`, if one is open.
        var item: Int?
    }

    var stack: [(name: String, entry: Entry)] = []
    /// For each name, the stack indices of its open entries, innermost last.
    var openIndices: [String: [Int]] = [:]

    var links: LinkRegistry
    var blocks: [RichBlock] = []
    var inline = InlineBuilder()
    var textBytes = 0

    var emphasisDepth = 0, strongDepth = 0, codeDepth = 0
    /// The open links' URLs, innermost last (nil: a link we do not number).
    var linkURLs: [URL?] = []
    var lists: [ListState] = []
    var strayItems = ListState(ordered: false, next: 1, entry: -1)
    var quoteDepth = 0
    var heading: (level: Int, entry: Int)?
    var pendingMarker: ListMarker?
    var table: TableBuilder?
    var tableEntry: Int?, rowEntry: Int?, cellEntry: Int?
    var pre: PreformattedText?
    var preEntry: Int?
    var skipDepth = 0

    init(baseURL: URL?) {
        links = LinkRegistry(baseURL: baseURL)
    }

    /// True once an output cap is reached: the rest of the input is not read.
    var isFull: Bool { blocks.count >= Self.maxBlocks || textBytes >= Self.maxTextBytes }

    mutating func consume(_ token: HTMLToken) {
        switch token {
        case .text(let raw): appendText(HTMLEntities.decode(raw))
        case .cdata(let text): appendText(text)
        case .startTag(let tag): start(tag)
        case .endTag(let name): end(name)
        }
    }

    /// Closes everything still open and returns the document.
    mutating func finish(truncated: Bool) -> RichText {
        popTo(0)
        flush()
        if truncated { emit(.paragraph([RichRun("[…]", style: .placeholder)])) }
        return RichText(blocks: blocks, links: links.urls, labels: links.labels)
    }

    // MARK: - Tags

    mutating func start(_ tag: HTMLTag) {
        let name = tag.name
        let element = HTMLElement.named(name)
        if skipDepth > 0 {
            if case .skipped = element, !tag.selfClosing { push(name, .skipped) }
            return
        }
        if pre != nil {
            if element == .lineBreak { pre?.appendLineBreak() } else if element == .image { image(tag) }
            return
        }
        guard let element else { return }
        if table != nil, element.isStructural || element == .rule {
            // Inside a cell, blocks only separate words; their entries keep end tags matched.
            table?.separate()
            if element != .rule { push(name, .inert) }
            return
        }
        switch element {
        case .emphasis: push(name, .emphasis)
        case .strong: push(name, .strong)
        case .code: push(name, .code)
        case .link: startLink(tag)
        case .lineBreak: lineBreak()
        case .image: image(tag)
        case .rule:
            flush()
            emit(.rule)
        case .quote:
            flush()
            push(name, .quote)
            quoteDepth += 1
        case .preformatted:
            flush()
            push(name, .pre)
            preEntry = stack.count - 1
            pre = PreformattedText()
        case .list: startList(tag)
        case .item: startItem(tag)
        case .heading(let level): startHeading(level)
        case .tablePart: startTablePart(tag)
        case .boundary: boundary()
        case .skipped(let placeholder):
            if let placeholder { media(tag, label: placeholder) }
            if !tag.selfClosing { push(name, .skipped) }
        case .media(let label): media(tag, label: label)
        }
    }

    mutating func end(_ name: String) {
        let element = HTMLElement.named(name)
        if element == .lineBreak { return lineBreak() }  // browsers read `</br>` as `<br>`
        if skipDepth > 0 {
            if case .skipped = element, let index = openIndices[name]?.last { popTo(index) }
            return
        }
        // End tags do not reach out of an open table or pre.
        let barrier = max(tableEntry ?? 0, preEntry ?? 0)
        if let index = openIndices[name]?.last, index >= barrier,
            element != .item || index > (lists.last?.entry ?? -1)
        {
            popTo(index)
        }
        if element == .boundary { boundary() }
    }

    mutating func push(_ name: String, _ entry: Entry) {
        openIndices[name, default: []].append(stack.count)
        stack.append((name, entry))
        switch entry {
        case .emphasis: emphasisDepth += 1
        case .strong: strongDepth += 1
        case .code: codeDepth += 1
        case .skipped: skipDepth += 1
        default: break
        }
    }

    /// Pops entries until the stack holds `count`, undoing what each one did.
    mutating func popTo(_ count: Int) {
        while stack.count > max(0, count) {
            let (name, entry) = stack.removeLast()
            openIndices[name]?.removeLast()
            let index = stack.count
            switch entry {
            case .emphasis: emphasisDepth -= 1
            case .strong: strongDepth -= 1
            case .code: codeDepth -= 1
            case .skipped: skipDepth -= 1
            case .link: linkURLs.removeLast()
            case .quote:
                flush()
                quoteDepth -= 1
            case .heading:
                flush()
                heading = nil
            case .list:
                flush()
                pendingMarker = nil
                lists.removeLast()
            case .item:
                flush()
                pendingMarker = nil
                if lists.last?.item == index { lists[lists.count - 1].item = nil } else { strayItems.item = nil }
            case .pre: endPreformatted()
            case .table, .row, .cell: endTablePart(entry)
            case .inert: table?.separate()
            }
        }
    }

    // MARK: - Text

    var style: RichStyle {
        var style: RichStyle = []
        if emphasisDepth > 0 { style.insert(.emphasis) }
        if strongDepth > 0 { style.insert(.strong) }
        if codeDepth > 0 { style.insert(.code) }
        return style
    }

    /// The number of the innermost open link, given now if it has none yet (so that links
    /// without text are never listed).
    mutating func currentLink() -> Int? {
        guard let url = linkURLs.last ?? nil else { return nil }
        return links.number(for: url)
    }

    mutating func appendText(_ decoded: String) {
        guard skipDepth == 0 else { return }
        if pre != nil {
            pre?.append(decoded)
            textBytes += decoded.utf8.count
            return
        }
        let piece = InlineBuilder.Piece(decoded: decoded)
        let link = piece.text.isEmpty ? nil : currentLink()
        textBytes += piece.text.utf8.count
        let style = style
        if table != nil {
            // Whitespace between rows and cells (how tables are written) is no cell.
            guard table?.hasOpenCell == true || !piece.text.isEmpty else { return }
            table?.withCell { $0.append(piece, style: style, link: link) }
        } else {
            inline.append(piece, style: style, link: link)
        }
    }

    /// Clean text that stands as one word (`[image: alt]`).
    mutating func appendAtom(_ text: String, style: RichStyle, link: Int?) {
        textBytes += text.utf8.count
        if pre != nil {
            pre?.append(text)
        } else if table != nil {
            table?.withCell { $0.append(atom: text, style: style, link: link) }
        } else {
            inline.append(atom: text, style: style, link: link)
        }
    }

    mutating func lineBreak() {
        if pre != nil {
            pre?.appendLineBreak()
        } else if table != nil {
            table?.separate()
        } else {
            inline.appendLineBreak()
        }
    }

    /// A block element's edge: the text so far is a block (in a cell, only a word boundary).
    mutating func boundary() {
        if table != nil { table?.separate() } else { flush() }
    }
}
