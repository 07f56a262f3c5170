import FoundationEssentials

/// Writes the chosen elements as the HTML the article renderer lays out (`ArticleElements.kept`,
/// links and pictures with absolute web addresses, other blocks as `<div>`), and as plain text
/// (one block a line) for search and for piping. Text is sanitised on the way (no escape
/// sequences, no controls) and escaped; no attribute but `href`, `src` and `alt` is written;
/// tracking pixels and pictures from trackers' hosts are left out.
struct ArticleBodyWriter {
    static let maxBodyBytes = 2_000_000

    private let measures: PageMeasures
    private let cleaning: ContentCleaning
    private let baseURL: URL
    private(set) var html = ""
    private var blocks: [String] = []
    private var line = ""
    private var preDepth = 0
    private var linkDepth = 0
    /// Characters other than spaces written, and those of them inside links.
    private(set) var letters = 0, linkLetters = 0
    private(set) var pictures: [URL] = []
    private(set) var truncated = false
    /// The last short line that introduces what follows (a heading, "More on this:"), where it
    /// was written: if nothing follows it, what it introduced was left out, and so is it.
    private var label: (htmlStart: Int, htmlEnd: Int?, blocks: Int, letters: Int, linkLetters: Int, index: Int)?

    init(measures: PageMeasures, cleaning: ContentCleaning, baseURL: URL) {
        self.measures = measures
        self.cleaning = cleaning
        self.baseURL = baseURL
    }

    /// The share of the letters inside links.
    var linkShare: Double { letters > 0 ? Double(linkLetters) / Double(letters) : 0 }
    /// Letters outside links: the prose.
    var proseLetters: Int { letters - linkLetters }

    /// The plain text: blocks separated by blank lines.
    var text: String { blocks.joined(separator: "\n\n") }

    /// Writes `texts` as paragraphs of plain text (the lead, read from outside the body's elements).
    mutating func writeParagraphs(_ texts: [String]) {
        for text in texts {
            let cleaned = Sanitizer.clean(text)
            guard !cleaned.isEmpty else { continue }
            endLine()
            html += "<p>" + Self.escapeText(cleaned) + "</p>"
            letters += Int(PageMeasures.measure(cleaned).letters)
            blocks.append(cleaned)
        }
    }

    /// Writes the elements at `roots`; inside those in `whole`, nothing is dropped but what is hidden or boilerplate.
    mutating func write(_ roots: [Int], whole: [Int] = []) {
        for root in roots where !truncated { write(root: root, whole: whole.contains(root)) }
        endLine()
        dropDanglingLabel()
    }

    /// A heading or a line ending in a colon, short, that may introduce what follows.
    private func isLabel(_ index: Int, _ node: PageTree.Node) -> Bool {
        let length = measures.text[index]
        guard length > 0, length <= 60 else { return false }
        switch node.name {
        case "h2", "h3", "h4", "h5", "h6": return true
        case "p", "div": return cleaning.text(of: index, limit: 200).trimmed().hasSuffix(":")
        default: return false
        }
    }

    /// The body's last line, when it is a label with nothing after it ("Read more:", "Related",
    /// over links that were left out), is left out too.
    private mutating func dropDanglingLabel() {
        guard let label, let end = label.htmlEnd, label.blocks > 0, blocks.count == label.blocks + 1 else { return }
        let utf8 = html.utf8
        let tail = String(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: end)...]))
        guard !tail.contains("<img") else { return }
        html = String(Substring(utf8[..<utf8.index(utf8.startIndex, offsetBy: label.htmlStart)])) + tail
        blocks.removeLast()
        (letters, linkLetters) = (label.letters, label.linkLetters)
        self.label = nil
    }

    private mutating func write(root: Int, whole: Bool) {
        let nodes = measures.tree.nodes
        var open: [(end: Int, closing: String?, isBlock: Bool, isPre: Bool, label: Int?)] = []
        var index = root
        let end = nodes[root].subtreeEnd
        while index < end {
            while let last = open.last, last.end <= index { close(open.removeLast()) }
            guard html.utf8.count < Self.maxBodyBytes else {
                truncated = true
                break
            }
            let node = nodes[index]
            if node.isText {
                appendText(node.text)
                index += 1
                continue
            }
            if measures.excluded[index] || (index != root && !whole && cleaning.drops(index)) {
                index = node.subtreeEnd
                continue
            }
            let labelled = isLabel(index, node)
            let htmlBefore = html.utf8.count
            let entry = start(index, node)
            if labelled { label = (htmlBefore, nil, blocks.count, letters, linkLetters, index) }
            if node.subtreeEnd > index + 1 || entry.closing != nil {
                open.append((node.subtreeEnd, entry.closing, entry.isBlock, entry.isPre, labelled ? index : nil))
            }
            index += 1
        }
        while let last = open.popLast() { close(last) }
    }

    /// Writes an element's start tag; returns its end tag (nil for none) and what it is.
    private mutating func start(_ index: Int, _ node: PageTree.Node) -> (closing: String?, isBlock: Bool, isPre: Bool) {
        let name = node.name
        let isCell = name == "td" || name == "th"
        let isBlock = ArticleElements.blocks.contains(name) && !isCell
        if isBlock { endLine() } else if isCell { space() }
        switch name {
        case "img":
            picture(node)
            return (nil, false, false)
        case "br":
            html += "<br>"
            endLine()
            return (nil, false, false)
        case "hr":
            html += "<hr>"
            return (nil, false, false)
        case "a":
            guard let href = node.value("href"), !href.hasPrefix("#"), let url = URLPolicy.articleURL(href.trimmed(), relativeTo: baseURL),
                Sanitizer.clean(url.absoluteString) == url.absoluteString
            else { return (nil, false, false) }
            html += "<a href=\"\(Self.escapeAttribute(url.absoluteString))\">"
            linkDepth += 1
            return ("</a>", false, false)
        case "h1":
            html += "<h2>"
            return ("</h2>", true, false)
        case "pre":
            html += "<pre>"
            preDepth += 1
            return ("</pre>", true, true)
        case "td", "th":
            if let span = node.value("colspan"), let count = Int(span.prefix(3)), count > 1 {
                html += "<\(name) colspan=\"\(min(count, 50))\">"
            } else {
                html += "<\(name)>"
            }
            return ("</\(name)>", false, false)
        case "ol":
            if let start = node.value("start").flatMap({ Int($0.prefix(9)) }) {
                html += "<ol start=\"\(start)\">"
                return ("</ol>", true, false)
            }
            html += "<ol>"
            return ("</ol>", true, false)
        default:
            if ArticleElements.kept.contains(name) {
                html += "<\(name)>"
                return ("</\(name)>", isBlock, false)
            }
            if isBlock {
                html += "<div>"
                return ("</div>", true, false)
            }
            return (nil, false, false)
        }
    }

    private mutating func close(_ entry: (end: Int, closing: String?, isBlock: Bool, isPre: Bool, label: Int?)) {
        if entry.isBlock { endLine() }
        if entry.isPre { preDepth -= 1 }
        if entry.closing == "</a>" { linkDepth -= 1 }
        if let closing = entry.closing { html += closing }
        if let index = entry.label, label?.index == index { label?.htmlEnd = html.utf8.count }
    }

    private mutating func appendText(_ raw: String) {
        if preDepth > 0 {
            // Each piece of a line cleaned with its spaces kept: a space between two highlighted words is code too.
            let lines = raw.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map { piece in
                let trailing = piece.reversed().prefix { $0 == " " }.count
                let cleaned = PreformattedText.clean(piece)
                return cleaned + String(repeating: " ", count: cleaned.isEmpty ? min(piece.count, 200) : trailing)
            }
            let joined = lines.joined(separator: "\n")
            // Preformatted text is the article's text as much as a paragraph's: a page that is
            // one document in `<pre>` blocks (an RFC) is read, not taken for a list of links.
            let count = Int(PageMeasures.measure(joined).letters)
            letters += count
            if linkDepth > 0 { linkLetters += count }
            html += Self.escapeText(joined)
            line += joined
            return
        }
        let leading = raw.unicodeScalars.first.map(InlineBuilder.isCollapsible) ?? false
        let trailing = raw.unicodeScalars.last.map(InlineBuilder.isCollapsible) ?? false
        var cleaned = Sanitizer.clean(raw)
        // Soft hyphens only say where a word may break: a terminal lays out its own lines, and a
        // search for the word must find it.
        if cleaned.unicodeScalars.contains("\u{AD}") { cleaned = String(cleaned.unicodeScalars.filter { $0 != "\u{AD}" }) }
        guard !cleaned.isEmpty else {
            if leading || trailing { space() }
            return
        }
        if leading { space() }
        let count = Int(PageMeasures.measure(cleaned).letters)
        letters += count
        if linkDepth > 0 { linkLetters += count }
        html += Self.escapeText(cleaned)
        line += cleaned
        if trailing { space() }
    }

    private mutating func space() {
        if html.utf8.last != 0x20 { html += " " }
        if !line.isEmpty, line.utf8.last != 0x20 { line += " " }
    }

    private mutating func endLine() {
        let trimmed = preDepth > 0 ? line.trimmingNewlines() : line.trimmed()
        if !trimmed.isEmpty { blocks.append(trimmed) }
        line = ""
    }

    private mutating func picture(_ node: PageTree.Node) {
        guard let url = Self.pictureURL(node, baseURL: baseURL) else { return }
        let alt = Sanitizer.clean(node.value("alt") ?? "", maxLength: HTMLConverter.maxAltLength)
        html += "<img src=\"\(Self.escapeAttribute(url.absoluteString))\"" + (alt.isEmpty ? ">" : " alt=\"\(Self.escapeAttribute(alt))\">")
        if pictures.count < 100 { pictures.append(url) }
    }

    /// A picture's address, from the attributes lazy loaders use when `src` is a placeholder;
    /// nil for tracking pixels, trackers' hosts and anything that is not a web address.
    static func pictureURL(_ node: PageTree.Node, baseURL: URL) -> URL? {
        if TrackerPictures.isPixel(width: node.value("width"), height: node.value("height")) { return nil }
        let candidates = [
            node.value("data-src"), node.value("data-lazy-src"), node.value("data-original"), node.value("src"),
            node.value("srcset").flatMap(firstSource), node.value("data-srcset").flatMap(firstSource),
        ]
        for case let candidate? in candidates {
            let trimmed = candidate.trimmed()
            guard !trimmed.isEmpty, !trimmed.lowercased().hasPrefix("data:"),
                let url = URLPolicy.articleURL(trimmed, relativeTo: baseURL), Sanitizer.clean(url.absoluteString) == url.absoluteString
            else { continue }
            return TrackerPictures.isTracker(url) ? nil : url
        }
        return nil
    }

    /// The first address of a `srcset`.
    private static func firstSource(_ srcset: String) -> String? {
        srcset.split(separator: ",").first.flatMap { $0.trimmed().split(separator: " ").first.map(String.init) }
    }

    static func escapeText(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else { return text }
        return text.replacingBytes(of: "&", with: "&amp;").replacingBytes(of: "<", with: "&lt;").replacingBytes(of: ">", with: "&gt;")
    }

    static func escapeAttribute(_ text: String) -> String {
        escapeText(text).replacingBytes(of: "\"", with: "&quot;")
    }
}
