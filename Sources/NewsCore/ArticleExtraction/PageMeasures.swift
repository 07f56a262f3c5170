/// Per-node measures of a page tree, each computed in one pass (top-down for what is inherited,
/// leaves-up for what is summed): which elements are boilerplate, how much text and link text
/// each subtree holds, its commas, paragraphs, pictures, list items and form fields.
///
/// Text is counted in characters that are not white space, so that an indented page and a
/// minified one measure the same.
struct PageMeasures {
    let tree: PageTree
    /// Never article text, with everything inside: navigation, asides, hidden elements, and
    /// elements whose names say boilerplate (unless they hold the page's main heading or its
    /// marked article body).
    private(set) var excluded: [Bool]
    private(set) var text: [Int32]
    private(set) var linkText: [Int32]
    /// Text in the element's own inline content: its text children and inline elements, not its blocks.
    private(set) var inlineText: [Int32]
    private(set) var commas: [Int32]
    private(set) var inlineCommas: [Int32]
    /// Line breaks in the element's own inline content: lines of text set apart by `<br>`, not paragraphs.
    private(set) var inlineBreaks: [Int32]
    private(set) var paragraphs: [Int32]
    private(set) var pictures: [Int32]
    private(set) var listItems: [Int32]
    private(set) var fields: [Int32]
    private(set) var headingText: [Int32]
    /// What each element's class and id say.
    private(set) var verdicts: [BoilerplateNames.Verdict]

    /// `relaxed`: a second reading, for a page where the first left too little: what names say
    /// is boilerplate is kept, and so is a part tagged boilerplate (`<header>`, `<aside>`) that
    /// holds much of the page's text; what is hidden stays left out.
    init(_ tree: PageTree, relaxed: Bool = false) {
        self.tree = tree
        let count = tree.nodes.count
        excluded = Array(repeating: false, count: count)
        text = Array(repeating: 0, count: count)
        linkText = text
        inlineText = text
        commas = text
        inlineCommas = text
        inlineBreaks = text
        paragraphs = text
        pictures = text
        listItems = text
        fields = text
        headingText = text
        verdicts = Array(repeating: .neutral, count: count)
        markExcluded(relaxed: relaxed)
        sum()
    }

    func linkDensity(_ index: Int) -> Double {
        text[index] > 0 ? Double(linkText[index]) / Double(text[index]) : 0
    }

    /// Readability's class weight of an element.
    func weight(_ index: Int) -> Int {
        switch verdicts[index] {
        case .boilerplate, .unlikely: -25
        case .content: 25
        case .neutral: 0
        }
    }

    // MARK: - Boilerplate

    private mutating func markExcluded(relaxed: Bool) {
        let nodes = tree.nodes
        // Text before anything is dropped: an element that holds much of the page is not dropped for its names alone.
        var rawText = [Int32](repeating: 0, count: nodes.count)
        // Paragraphs of 100 letters or more: an element holding a few is text, whatever its names say.
        var longParagraphs = [Int32](repeating: 0, count: nodes.count)
        for index in stride(from: nodes.count - 1, through: 1, by: -1) {
            if nodes[index].isText { rawText[index] = Self.measure(nodes[index].text).letters }
            if nodes[index].name == "p", rawText[index] >= 100 { longParagraphs[index] += 1 }
            rawText[nodes[index].parent] += rawText[index]
            longParagraphs[nodes[index].parent] += longParagraphs[index]
        }
        let large = max(500, rawText[tree.body] * 2 / 5)
        // Elements that hold the article for sure: nothing around them is dropped by its names.
        var anchors: [Int] = []
        for (index, node) in nodes.enumerated() where !node.isText {
            if node.name == "h1" || Self.isMarkedBody(node) { anchors.append(index) }
        }
        func holdsAnchor(_ index: Int, headingCounts: Bool) -> Bool {
            let end = nodes[index].subtreeEnd
            var low = 0, high = anchors.count
            while low < high {
                let middle = (low + high) / 2
                if anchors[middle] < index { low = middle + 1 } else { high = middle }
            }
            var position = low
            while position < anchors.count, anchors[position] < end {
                if headingCounts || nodes[anchors[position]].name != "h1" { return true }
                position += 1
            }
            return false
        }
        for index in 1..<nodes.count {
            let node = nodes[index]
            let parent = node.parent
            if parent >= 0, excluded[parent] {
                excluded[index] = true
                continue
            }
            guard !node.isText else { continue }
            let names = [node.value("class"), node.value("id")].compactMap { $0 }.joined(separator: " ")
            let verdict = BoilerplateNames.verdict(names)
            verdicts[index] = verdict
            if Self.isHidden(node) || node.name == "noscript" && Self.isNotice(index, in: nodes, letters: rawText[index]) {
                excluded[index] = true
                continue
            }
            var byTag = Self.boilerplateTags.contains(node.name) || node.value("role").map { Self.boilerplateRoles.contains($0.lowercased()) } == true
            var byNames = verdict == .boilerplate || (verdict == .unlikely && !Self.neverUnlikely.contains(node.name))
            if byNames, !byTag, rawText[index] >= large || longParagraphs[index] >= 3, !BoilerplateNames.saysComments(names) { byNames = false }
            // The second reading goes by tags alone, and keeps a tagged part that holds much of the page (an unclosed `<header>`).
            if relaxed { (byNames, byTag) = (false, byTag && rawText[index] < large) }
            guard byTag || byNames, node.name != "body", !Self.isMarkedBody(node) else { continue }
            if holdsAnchor(index, headingCounts: node.name != "header") { continue }
            excluded[index] = true
        }
    }

    static func isMarkedBody(_ node: PageTree.Node) -> Bool {
        guard let property = node.value("itemprop")?.lowercased() else { return false }
        return property == "articlebody" || property == "text" && node.name != "span"
    }

    /// A `<noscript>` of a few words and no picture tells a browser without scripts to enable
    /// them; one with a picture (a lazy picture's real `<img>`) or a text (Blogger's posts) is read.
    private static func isNotice(_ index: Int, in nodes: [PageTree.Node], letters: Int32) -> Bool {
        guard letters < 200 else { return false }
        return !nodes[(index + 1)..<nodes[index].subtreeEnd].contains { $0.name == "img" }
    }

    static func isHidden(_ node: PageTree.Node) -> Bool {
        if node.value("hidden") != nil || node.value("aria-hidden")?.lowercased() == "true" { return true }
        guard let style = node.value("style"), style.utf8.count < 2_000 else { return false }
        let compact = String(style.lowercased().unicodeScalars.filter { $0 != " " })
        return compact.contains("display:none") || compact.contains("visibility:hidden")
    }

    private static let boilerplateTags: Set<String> = ["nav", "aside", "footer", "header", "dialog", "input", "menu", "label", "fieldset"]
    private static let boilerplateRoles: Set<String> = [
        "navigation", "banner", "contentinfo", "complementary", "search", "menu", "menubar", "dialog", "alertdialog", "toolbar",
    ]
    /// Elements that names alone never drop (Readability's rule): a table's parts, links, the main content.
    private static let neverUnlikely: Set<String> = ["a", "table", "tbody", "tr", "td", "th", "article", "main", "body", "html", "code", "pre"]

    // MARK: - Sums

    private mutating func sum() {
        let nodes = tree.nodes
        for index in stride(from: nodes.count - 1, through: 0, by: -1) {
            guard !excluded[index] else { continue }
            let node = nodes[index]
            if node.isText {
                let (letters, commaCount) = Self.measure(node.text)
                text[index] = letters
                commas[index] = commaCount
            } else {
                switch node.name {
                case "a": linkText[index] = text[index]
                case "p": paragraphs[index] += 1
                case "img", "picture": pictures[index] += 1
                case "li": listItems[index] += 1
                case "input", "select", "textarea", "button": fields[index] += 1
                case "h1", "h2", "h3", "h4", "h5", "h6": headingText[index] = text[index]
                default: break
                }
            }
            let parent = node.parent
            guard parent >= 0 else { continue }
            text[parent] += text[index]
            linkText[parent] += linkText[index]
            commas[parent] += commas[index]
            paragraphs[parent] += paragraphs[index]
            pictures[parent] += pictures[index]
            listItems[parent] += listItems[index]
            fields[parent] += fields[index]
            headingText[parent] += headingText[index]
            if node.name == "br" { inlineBreaks[parent] += 1 }  // a block to the writer, but it cuts the line it sits in
            if node.isText || !ArticleElements.blocks.contains(node.name) {
                inlineText[parent] += text[index]
                inlineCommas[parent] += commas[index]
                inlineBreaks[parent] += inlineBreaks[index]
            }
        }
    }

    /// Characters other than white space, and commas (ASCII, full-width and ideographic).
    static func measure(_ text: String) -> (letters: Int32, commas: Int32) {
        var letters: Int32 = 0, commas: Int32 = 0
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C: break
            case UInt8(ascii: ","):
                commas += 1
                letters += 1
            case 0x80...0xBF:
                // A continuation byte: the character was counted at its lead byte. U+FF0C is EF BC 8C, U+3001 E3 80 81.
                if (beforePrevious == 0xEF && previous == 0xBC && byte == 0x8C) || (beforePrevious == 0xE3 && previous == 0x80 && byte == 0x81) {
                    commas += 1
                }
                if previous == 0xC2 && byte == 0xA0 { letters -= 1 }  // a no-break space
            default:
                letters += 1
            }
            beforePrevious = previous
            previous = byte
        }
        return (letters, commas)
    }
}
