/// Chooses the elements that hold a page's article, after Readability's scoring: each block of
/// running text (25 characters or more of its own) scores by its length and commas, and gives
/// that score to its parent, half to its grandparent and less to the three above; an element's
/// score is then weighed by its names and by how little of its text is links. The best element
/// is the article, with those of its siblings that score near it or read as paragraphs.
/// Every step is one pass over the tree, or over the few candidates.
struct ContentSelection {
    /// The chosen elements, in document order: siblings of one parent, and any blocks of a
    /// recipe's ingredients elsewhere on the page (`readWhole`).
    private(set) var roots: [Int] = []
    /// Those of `roots` read as they are, nothing in them dropped (a recipe's ingredients).
    private(set) var readWhole: [Int] = []
    /// Each candidate's score (zero for elements that are not candidates).
    private(set) var scores: [Double]
    private(set) var top: Int

    init(_ measures: PageMeasures) {
        let tree = measures.tree
        let nodes = tree.nodes
        var scores = [Double](repeating: 0, count: nodes.count)
        var isCandidate = Array(repeating: false, count: nodes.count)
        var candidates: [Int] = []
        func initialise(_ index: Int) {
            guard !isCandidate[index] else { return }
            isCandidate[index] = true
            candidates.append(index)
            scores[index] = Self.baseScore(nodes[index].name) + Double(measures.weight(index))
        }
        for index in 0..<nodes.count {
            let node = nodes[index]
            guard !node.isText, !measures.excluded[index], Self.scored.contains(node.name) else { continue }
            let length = measures.inlineText[index]
            guard length >= 25 else { continue }
            // Lines set apart by `<br>` count as the paragraphs they are, as far as their length goes.
            let pieces = max(1, min(1 + Double(measures.inlineBreaks[index]), Double(length) / 100))
            let score = pieces + Double(measures.inlineCommas[index]) + min(3 * pieces, Double(length) / 100)
            var ancestor = node.parent
            var level = 0
            while ancestor > 0, level < 5 {
                initialise(ancestor)
                let divider: Double = level == 0 ? 1 : (level == 1 ? 2 : Double(level) * 3)
                scores[ancestor] += score / divider
                ancestor = nodes[ancestor].parent
                level += 1
            }
        }
        var best = tree.body
        var bestScore = -Double.infinity
        for candidate in candidates {
            scores[candidate] *= 1 - measures.linkDensity(candidate)
            if scores[candidate] > bestScore {
                bestScore = scores[candidate]
                best = candidate
            }
        }
        // The page says where its content is (`<main>`): a block outside it (a slider of short
        // boxes full of commas) wins only when nothing inside scores near it (trafilatura's rule, in part).
        if let main = Self.mainElement(measures), !tree.isInside(best, main) {
            var inside = -1
            for candidate in candidates where tree.isInside(candidate, main) && (inside < 0 || scores[candidate] > scores[inside]) { inside = candidate }
            if inside >= 0, scores[inside] >= bestScore * 0.75 { best = inside }
        }
        self.scores = scores
        top = best
        roots = Self.repeated(around: best, measures: measures, scores: scores) ?? Self.siblings(of: best, measures: measures, scores: scores)
        if let body = Self.markedBody(around: roots, measures: measures) { roots = [body] }
        readWhole = IngredientLists.blocks(outside: roots, measures)
        if !readWhole.isEmpty { roots = (roots + readWhole).sorted() }
    }

    /// The page's one `<main>` (or `role=main`), when it holds a fair amount of text that is not mostly links.
    private static func mainElement(_ measures: PageMeasures) -> Int? {
        let nodes = measures.tree.nodes
        var found: Int?
        for (index, node) in nodes.enumerated() where !node.isText && (node.name == "main" || node.value("role")?.lowercased() == "main") {
            if found != nil { return nil }
            found = index
        }
        guard let main = found, !measures.excluded[main], measures.text[main] >= ArticleExtractor.minimumText,
            measures.linkDensity(main) < 0.5
        else { return nil }
        return main
    }

    /// The element the page marks as the article's body (`itemprop="articleBody"`) around the
    /// chosen elements, when they hold only part of it: a body cut into sections, each under a
    /// subheading, where the scoring chose one section. Nil when there is none or it is mostly links.
    private static func markedBody(around roots: [Int], measures: PageMeasures) -> Int? {
        let nodes = measures.tree.nodes
        guard let first = roots.first else { return nil }
        let kept = roots.reduce(0) { $0 + Int(measures.text[$1]) }
        var ancestor = nodes[first].parent
        var level = 0
        while ancestor > 0, ancestor != measures.tree.body, level < 8 {
            if PageMeasures.isMarkedBody(nodes[ancestor]) {
                let text = Int(measures.text[ancestor])
                guard !measures.excluded[ancestor], measures.linkDensity(ancestor) < 0.3, kept * 10 < text * 9 else { return nil }
                return ancestor
            }
            ancestor = nodes[ancestor].parent
            level += 1
        }
        return nil
    }

    /// The posts of a thread, or the parts of an article cut up by what sits between them:
    /// siblings of one kind (their element and first class name), each with prose of its own,
    /// around the top candidate or one of its three nearest ancestors. Nil when there are none.
    private static func repeated(around top: Int, measures: PageMeasures, scores: [Double]) -> [Int]? {
        let tree = measures.tree
        let nodes = tree.nodes
        func kind(_ index: Int) -> String? {
            guard let first = nodes[index].value("class")?.split(separator: " ").first else { return nil }
            return nodes[index].name + "." + first
        }
        var node = top
        for _ in 0..<4 {
            let parent = nodes[node].parent
            guard parent > 0, node != tree.body else { return nil }
            if let key = kind(node) {
                let peers = tree.children(of: parent).filter { peer in
                    !nodes[peer].isText && !measures.excluded[peer] && kind(peer) == key && measures.text[peer] >= 100
                        && measures.linkDensity(peer) < 0.3 && scores[peer] >= scores[node] * 0.3
                }
                let total = peers.reduce(0) { $0 + Int(measures.text[$1]) }
                if peers.count >= 2, peers.contains(node), total > Int(measures.text[top]) * 13 / 10 { return peers }
            }
            node = parent
        }
        return nil
    }

    /// The top candidate's siblings worth keeping beside it (Readability's rules), in order.
    private static func siblings(of top: Int, measures: PageMeasures, scores: [Double]) -> [Int] {
        let tree = measures.tree
        let nodes = tree.nodes
        var top = top
        // A wrapper whose only element is the top candidate is the same text (Readability's rule).
        while top != tree.body, nodes[top].parent > 0, nodes[top].parent != tree.body,
            tree.children(of: nodes[top].parent).filter({ !nodes[$0].isText }).count == 1
        {
            top = nodes[top].parent
        }
        let parent = nodes[top].parent
        guard parent >= 0, top != tree.body else { return [top] }
        let topScore = scores[top]
        let threshold = max(10, topScore * 0.2)
        let topClass = nodes[top].value("class") ?? ""
        var kept: [Int] = []
        for sibling in tree.children(of: parent) {
            if sibling == top {
                kept.append(sibling)
                continue
            }
            guard !measures.excluded[sibling], !nodes[sibling].isText else { continue }
            var bonus = 0.0
            if !topClass.isEmpty, nodes[sibling].value("class") == topClass { bonus = topScore * 0.2 }
            if scores[sibling] + bonus >= threshold {
                kept.append(sibling)
            } else if proseSiblings.contains(nodes[sibling].name), measures.text[sibling] > 150, measures.linkDensity(sibling) < 0.1,
                measures.weight(sibling) >= 0, measures.fields[sibling] == 0
            {
                // A list, a table, a quote or a block of text without paragraphs beside the article: its text.
                kept.append(sibling)
            } else if nodes[sibling].name == "p" {
                let length = measures.text[sibling]
                let density = measures.linkDensity(sibling)
                if length > 80 && density < 0.25 {
                    kept.append(sibling)
                } else if length > 0, length <= 80, density == 0, endsSentence(sibling, tree) {
                    kept.append(sibling)
                }
            }
        }
        return kept
    }

    /// Siblings kept for prose of their own, however they score (Readability keeps only paragraphs).
    private static let proseSiblings: Set<String> = ["ul", "ol", "dl", "table", "blockquote", "pre", "div", "section"]

    private static func endsSentence(_ index: Int, _ tree: PageTree) -> Bool {
        var text = ""
        for node in index..<tree.nodes[index].subtreeEnd where tree.nodes[node].isText {
            text += tree.nodes[node].text
            if text.utf8.count > 400 { break }
        }
        let trimmed = text.trimmed()
        return trimmed.hasSuffix(".") || trimmed.contains(". ")
    }

    /// Elements whose own text is scored as a paragraph.
    static let scored: Set<String> = [
        "p", "pre", "td", "div", "section", "article", "main", "center", "font",
    ]

    private static func baseScore(_ name: String) -> Double {
        switch name {
        case "div", "article", "section", "main": 5
        case "pre", "td", "blockquote": 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": -3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": -5
        default: 0
        }
    }
}
