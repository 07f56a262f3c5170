/// The article's lead (its standfirst, abstract or intro): the sentences between the headline
/// and the body that pages set in the article's header, which the boilerplate rules drop with
/// the header (a byline and share buttons sit there too). Taken as plain paragraphs: at most
/// three, each a sentence or more of prose (80 letters, ending as a sentence ends), with few
/// links, shown, and not in navigation. One bounded pass between the headline and the body.
enum LeadParagraphs {
    /// The most nodes between the headline and the body for a lead to be looked for there.
    static let reach = 600
    private static let candidates: Set<String> = ["p", "h2"]
    /// Words that name a lead, in a `<div>`'s (or its parent's) class or itemprop.
    private static let leadWords: Set<String> = [
        "lead", "intro", "introduction", "standfirst", "summary", "description", "abstract", "teaser", "subtitle", "excerpt", "dek", "deck",
        "subline", "kicker", "perex",
    ]
    private static let outside: Set<String> = ["nav", "aside", "footer", "form", "menu", "dialog", "figure", "figcaption", "button", "a", "time"]

    /// The lead's paragraphs, as text, for a body that starts at `first`.
    static func texts(before first: Int, _ measures: PageMeasures) -> [String] {
        let nodes = measures.tree.nodes
        var headline = -1
        var index = first - 1
        while index > measures.tree.body, first - index <= reach {
            if nodes[index].name == "h1" {
                headline = index
                break
            }
            index -= 1
        }
        guard headline >= 0 else { return [] }
        var texts: [String] = []
        var letters = 0
        index = nodes[headline].subtreeEnd
        while index < first, texts.count < 3 {
            let node = nodes[index]
            if node.isText || outside.contains(node.name) || PageMeasures.isHidden(node) {
                index = node.isText ? index + 1 : node.subtreeEnd
                continue
            }
            guard candidates.contains(node.name) || node.name == "div" && saysLead(index, nodes), !holdsBlocks(index, nodes),
                let text = prose(index, nodes)
            else {
                index += 1
                continue
            }
            let count = Int(PageMeasures.measure(text).letters)
            guard letters + count <= 1_500 else { break }
            texts.append(text)
            letters += count
            index = node.subtreeEnd
        }
        return texts
    }

    /// Whether a `<div>`, or the element around it, is named as a lead (`class="lead"`, `itemprop="description"`).
    private static func saysLead(_ index: Int, _ nodes: [PageTree.Node]) -> Bool {
        for element in [index, nodes[index].parent] where element > 0 {
            let names = [nodes[element].value("class"), nodes[element].value("itemprop")].compactMap { $0 }.joined(separator: " ")
            if BoilerplateNames.words(names).contains(where: leadWords.contains) { return true }
        }
        return false
    }

    /// Whether the element has block children (its own text is then read from those).
    private static func holdsBlocks(_ index: Int, _ nodes: [PageTree.Node]) -> Bool {
        var child = index + 1
        while child < nodes[index].subtreeEnd {
            if !nodes[child].isText, ArticleElements.blocks.contains(nodes[child].name) { return true }
            child = nodes[child].subtreeEnd
        }
        return false
    }

    /// The element's text when it reads as a sentence or more of prose with few links; else nil.
    private static func prose(_ index: Int, _ nodes: [PageTree.Node]) -> String? {
        var text = ""
        var linked = 0
        var node = index + 1
        let end = nodes[index].subtreeEnd
        while node < end {
            if !nodes[node].isText, outside.contains(nodes[node].name) || PageMeasures.isHidden(nodes[node]) {
                if nodes[node].name == "a" { linked += nodes[node].subtreeEnd - node }
                if nodes[node].name != "a" {
                    node = nodes[node].subtreeEnd
                    continue
                }
            }
            if nodes[node].isText { text += nodes[node].text }
            guard text.utf8.count < 4_000 else { return nil }
            node += 1
        }
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard PageMeasures.measure(words).letters >= 80, linked <= 4 else { return nil }
        guard let last = words.last, ".!?…\"“”»«'’)".contains(last) else { return nil }
        return words
    }
}
