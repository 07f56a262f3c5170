/// Builds a `PageTree` from a page's UTF-8 bytes in one pass over `HTMLScanner`'s markup, with the
/// end tags browsers imply (a block closes an open `<p>`, an `<li>` the item before it, a cell the
/// cell before it) and without their rarer repairs (no foster parenting, no adoption agency).
/// An end tag closes the nearest open element of its name and everything inside it; one with no
/// open element is ignored. Each element is opened and closed once, so a page costs time in
/// proportion to its length however it nests; past `maxDepth` elements are kept but no longer
/// nested (their text stays, their depth does not grow), past `maxNodes` the rest is not read.
///
/// Scripts, styles, templates, forms' controls and embedded documents are read past unparsed;
/// JSON-LD scripts, the `<title>`, `<meta>` and `<link>` tags are handed to `metadata` as found.
struct PageTreeBuilder {
    static let maxDepth = 200
    static let maxNodes = 100_000
    /// The most JSON-LD read from one page, in bytes (a page with more is not an article's).
    static let maxLinkedDataBytes = 2_000_000

    private(set) var tree = PageTree()
    private(set) var metadata = PageMetadata.Collector()
    /// Indices of the open elements, outermost first (the root is always there).
    private var stack: [Int] = [0]
    /// For each element name, the stack positions of its open elements, innermost last.
    private var openPositions: [String: [Int]] = [:]
    private var linkedDataBytes = 0

    /// Reads `bytes` whole.
    static func build(_ bytes: UnsafeBufferPointer<UInt8>) -> (PageTree, PageMetadata.Collector) {
        var builder = PageTreeBuilder()
        builder.read(bytes)
        builder.finish()
        return (builder.tree, builder.metadata)
    }

    private init() {
        tree.nodes.append(PageTree.Node(name: "#document", parent: -1, subtreeEnd: 1, attributes: [], text: "", depth: 0))
    }

    // MARK: - Reading

    private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
        var position = 0
        let count = bytes.count
        while position < count {
            guard tree.nodes.count < Self.maxNodes else {
                tree.truncated = true
                return
            }
            var end = position
            while end < count, !(bytes[end] == UInt8(ascii: "<") && HTMLScanner.startsMarkup(bytes, at: end)) { end += 1 }
            if end > position {
                appendText(bytes, position..<end)
                position = end
                continue
            }
            var attributes: [(name: String, value: String)] = []
            let markup = HTMLScanner.markup(bytes, at: position) { name, value in
                guard attributes.count < 24, let kept = Self.keptName(bytes, name) else { return true }
                if !attributes.contains(where: { $0.name == kept }) {
                    let raw = value.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) } ?? ""
                    attributes.append((kept, raw.utf8.count > Self.maxAttributeBytes ? "" : HTMLEntities.decode(raw, in: .attribute)))
                }
                return true
            }
            switch markup {
            case .tag(let tag):
                position = tag.end
                if tag.isClosing {
                    close(tag.name)
                } else {
                    position = open(tag, attributes: attributes, bytes: bytes)
                }
            case .cdata(let content, let cdataEnd):
                appendText(bytes, content, decode: false)
                position = cdataEnd
            case .text(let textEnd):
                appendText(bytes, position..<textEnd)
                position = textEnd
            case .dropped(let droppedEnd), .declaration(let droppedEnd):
                position = droppedEnd
            }
        }
    }

    /// Opens the element `tag` starts (or reads past its raw content); returns where reading goes on.
    private mutating func open(_ tag: HTMLScanner.Tag, attributes: [(name: String, value: String)], bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let name = tag.name
        if let rawEnd = rawContent(tag, attributes: attributes, bytes: bytes) { return rawEnd }
        switch name {
        case "meta", "link", "base":
            metadata.tag(name, attributes)
            return tag.end
        case "html":
            if metadata.language == nil { metadata.language = attributes.first { $0.name == "lang" }?.value }
            return tag.end
        case "body" where tree.body != 0, "head" where tree.body != 0:
            // A second page pasted inside the first: browsers read its `<body>` as nothing.
            return tag.end
        default:
            break
        }
        closeImplied(before: name)
        let node = append(PageTree.Node(name: name, parent: stack.last ?? 0, subtreeEnd: 0, attributes: attributes, text: "", depth: 0))
        if name == "body" { tree.body = node }
        if !Self.voidElements.contains(name), !tag.selfClosing || !Self.svgish.contains(name), stack.count < Self.maxDepth {
            openPositions[name, default: []].append(stack.count)
            stack.append(node)
        }
        return tag.end
    }

    /// For an element whose content is not markup to read: reads or skips that content and returns
    /// the offset past its end tag; nil for every other element.
    private mutating func rawContent(_ tag: HTMLScanner.Tag, attributes: [(name: String, value: String)], bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !tag.selfClosing || tag.name == "script", Self.rawElements.contains(tag.name) else { return nil }
        let name = tag.name
        let contentEnd = HTMLScanner.endOfRawText(bytes, named: name, from: tag.end)
        let content = UnsafeBufferPointer(rebasing: bytes[tag.end..<contentEnd])
        switch name {
        case "title":
            if metadata.title == nil {
                metadata.title = HTMLEntities.decode(String(decoding: content.prefix(4_000), as: UTF8.self))
            }
        case "script":
            let type = attributes.first { $0.name == "type" }?.value.lowercased() ?? ""
            if type.hasPrefix("application/ld+json"), linkedDataBytes + content.count <= Self.maxLinkedDataBytes {
                linkedDataBytes += content.count
                metadata.linkedData.append(Array(content))
            }
        default:
            break
        }
        return HTMLScanner.pastRawText(bytes, named: name, from: tag.end)
    }

    private mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, decode: Bool = true) {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        var text: String
        if slice.allSatisfy(Self.isSpace), openPositions["pre"]?.isEmpty ?? true, openPositions["listing"]?.isEmpty ?? true {
            // Whitespace alone still separates words, once.
            guard let last = tree.nodes.last, !(last.isText && last.text == " ") else { return }
            text = " "
        } else {
            text = String(decoding: slice, as: UTF8.self)
            if decode { text = HTMLEntities.decode(text) }
        }
        _ = append(PageTree.Node(name: "", parent: stack.last ?? 0, subtreeEnd: 0, attributes: [], text: text, depth: 0))
    }

    @discardableResult
    private mutating func append(_ node: PageTree.Node) -> Int {
        var node = node
        let index = tree.nodes.count
        node.depth = stack.count
        node.subtreeEnd = index + 1
        tree.nodes.append(node)
        return index
    }

    // MARK: - Closing

    private mutating func close(_ name: String) {
        if name == "br" {
            // Browsers read `</br>` as `<br>`.
            _ = append(PageTree.Node(name: "br", parent: stack.last ?? 0, subtreeEnd: 0, attributes: [], text: "", depth: 0))
            return
        }
        // Browsers go on putting what follows `</body>` in the body (a page pasted inside another closes it early).
        guard name != "body", name != "html", let position = openPositions[name]?.last else { return }
        pop(to: position)
    }

    /// Closes the open elements from the innermost through the one at stack `position`.
    private mutating func pop(to position: Int) {
        let end = tree.nodes.count
        while stack.count > max(1, position) {
            let node = stack.removeLast()
            tree.nodes[node].subtreeEnd = end
            openPositions[tree.nodes[node].name]?.removeLast()
        }
    }

    private mutating func finish() {
        pop(to: 1)
        tree.nodes[0].subtreeEnd = tree.nodes.count
    }

    /// The end tags a start tag implies, as browsers read them.
    private mutating func closeImplied(before name: String) {
        func innermost(_ names: String...) -> Int {
            names.compactMap { openPositions[$0]?.last }.max() ?? -1
        }
        if Self.closesParagraph.contains(name), let paragraph = openPositions["p"]?.last, paragraph > innermost("table", "td", "th", "button", "caption") {
            pop(to: paragraph)
        }
        switch name {
        case "li":
            if let item = openPositions["li"]?.last, item > innermost("ul", "ol", "menu") { pop(to: item) }
        case "dt", "dd":
            let item = innermost("dt", "dd")
            if item >= 0, item > innermost("dl") { pop(to: item) }
        case "tr":
            let row = innermost("tr")
            if row >= 0, row > innermost("table") { pop(to: row) }
        case "td", "th":
            let cell = innermost("td", "th")
            if cell >= 0, cell > innermost("tr", "table") { pop(to: cell) }
        case "tbody", "thead", "tfoot":
            let section = innermost("tbody", "thead", "tfoot")
            if section >= 0, section > innermost("table") { pop(to: section) }
        case "option":
            if let option = openPositions["option"]?.last { pop(to: option) }
        case "a":
            if let link = openPositions["a"]?.last { pop(to: link) }
        case "h1", "h2", "h3", "h4", "h5", "h6":
            if let current = stack.last, Self.headings.contains(tree.nodes[current].name) { pop(to: stack.count - 1) }
        default:
            break
        }
    }

    // MARK: - Tables

    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta", "param", "source", "track", "wbr",
    ]
    /// Elements that may be written `<x/>` and mean it (SVG's, MathML's).
    private static let svgish: Set<String> = ["path", "circle", "rect", "line", "use", "g", "polygon", "polyline", "ellipse", "stop"]
    /// Elements whose content is not read as markup: browsers' raw text and RCDATA elements, and
    /// what holds no article text (drawings, formulas, form controls, embedded documents).
    /// `<noscript>` is read as a browser without scripts reads it: as markup (Blogger's posts and
    /// lazy pictures' real `<img>` are there).
    static let rawElements: Set<String> = [
        "script", "style", "template", "iframe", "noembed", "noframes", "xmp", "title", "textarea",
        "svg", "math", "select", "object", "canvas", "video", "audio", "button",
    ]
    private static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
    private static let closesParagraph: Set<String> = [
        "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure", "footer",
        "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre",
        "section", "table", "ul", "li", "dd", "dt",
    ]
    private static let maxAttributeBytes = 16_384

    /// The attributes extraction reads; any other is dropped as it is read.
    private static let keptAttributes: [String] = [
        "id", "class", "itemprop", "itemtype", "role", "href", "src", "data-src", "data-lazy-src", "data-original", "srcset",
        "data-srcset", "alt", "title", "width", "height", "datetime", "content", "property", "name", "type", "rel", "style",
        "hidden", "aria-hidden", "aria-label", "lang", "charset", "http-equiv", "start", "value", "colspan", "pubdate",
    ]

    /// The kept attribute `range` names, lowercased, or nil.
    private static func keptName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        guard range.count <= 14 else { return nil }
        let name = HTMLScanner.lowercased(bytes, range)
        return keptAttributes.contains(name) ? name : nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
