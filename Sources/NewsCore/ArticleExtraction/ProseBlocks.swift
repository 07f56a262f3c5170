/// The article of a page whose parts the scoring could not gather under one element: every
/// block of running prose in the page (not boilerplate, few links), outermost first, in document
/// order. Read only when the chosen element falls short (too little text, or mostly links):
/// then the page's prose is the article rather than no article at all. One pass over the tree.
enum ProseBlocks {
    /// Blocks whose text is read as a paragraph, and the least text each needs.
    private static let minimumLetters: [String: Int32] = [
        "p": 20, "pre": 20, "blockquote": 20, "dd": 40, "li": 60, "td": 60, "div": 60, "section": 60, "article": 60,
        "h2": 8, "h3": 8, "h4": 8, "h5": 8, "h6": 8, "figcaption": 20, "dt": 20,
    ]

    static func roots(_ measures: PageMeasures) -> [Int] {
        let nodes = measures.tree.nodes
        var roots: [Int] = []
        var index = measures.tree.body + 1
        while index < nodes.count {
            let node = nodes[index]
            guard !node.isText, !measures.excluded[index] else {
                index = node.isText ? index + 1 : node.subtreeEnd
                continue
            }
            // A block with prose of its own is kept whole; one that only holds blocks is looked into.
            let ownText =
                node.name == "div" || node.name == "section" || node.name == "article" || node.name == "td" ? measures.inlineText[index] : measures.text[index]
            if let least = minimumLetters[node.name], ownText >= least, measures.linkDensity(index) < 0.5 {
                roots.append(index)
                index = node.subtreeEnd
                continue
            }
            index += 1
        }
        // A heading stays where prose follows it: headings alone (a section's list) are no article.
        let isHeading = { (root: Int) in nodes[root].name.hasPrefix("h") }
        return roots.enumerated().filter { position, root in
            !isHeading(root) || (position + 1 < roots.count && !isHeading(roots[position + 1]))
        }.map(\.element)
    }

    /// Headings that are links, as a list of teasers has one for each story: a front page's sign.
    static func linkedHeadings(_ measures: PageMeasures) -> Int {
        var count = 0
        for (index, node) in measures.tree.nodes.enumerated() where !node.isText && !measures.excluded[index] {
            switch node.name {
            case "h1", "h2", "h3", "h4", "h5", "h6":
                if measures.text[index] >= 10, measures.linkDensity(index) >= 0.5 { count += 1 }
            default: break
            }
        }
        return count
    }
}
