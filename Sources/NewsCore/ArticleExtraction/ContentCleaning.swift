/// Drops what sits inside the article's elements but is not the article, after Readability's
/// "clean conditionally": blocks that are mostly links (related stories, tag lists), pictures
/// with no text about them, form fields, and short lines that only announce something else
/// ("Advertisement", "Read more"). Each test reads `PageMeasures`, so each costs nothing more.
struct ContentCleaning {
    let measures: PageMeasures
    let scores: [Double]
    /// The page's title, folded (`folded`), to drop the heading that repeats it.
    let foldedTitle: String?
    /// The text of all the article's elements together: no test drops half of it.
    var articleText: Int32 = 0

    /// Whether the element at `index` (inside the article) is left out, with all it holds.
    func drops(_ index: Int) -> Bool {
        let node = measures.tree.nodes[index]
        if measures.excluded[index] { return true }
        switch node.name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            return dropsHeading(index)
        case "div", "section", "ul", "ol", "table", "form", "figure", "dl", "article", "aside", "header", "footer":
            return dropsBlock(index)
        case "p", "li", "dd", "dt", "blockquote":
            return dropsLine(index)
        default:
            return false
        }
    }

    private func dropsHeading(_ index: Int) -> Bool {
        if measures.weight(index) < 0 || measures.linkDensity(index) > 0.33 { return true }
        if measures.tree.nodes[index].name == "h1" { return true }
        guard let foldedTitle else { return false }
        let heading = Self.folded(text(of: index, limit: 600))
        return !heading.isEmpty && (heading == foldedTitle || foldedTitle.hasPrefix(heading) && heading.utf8.count > 20)
    }

    private func dropsBlock(_ index: Int) -> Bool {
        let name = measures.tree.nodes[index].name
        let weight = Double(measures.weight(index))
        if isAnnouncement(index) { return true }
        // Most of the article is the article; a long run of prose with few links is text, however
        // it is laid out (breaks, not paragraphs).
        if measures.text[index] * 2 >= articleText { return false }
        if measures.text[index] > 600, measures.linkDensity(index) < 0.25 { return false }
        if weight < 0, weight + scores[index] < 0 { return true }
        guard measures.commas[index] < 10 else { return false }
        let paragraphs = Double(measures.paragraphs[index])
        let pictures = Double(measures.pictures[index])
        let items = Double(measures.listItems[index]) - 100
        let fields = Double(measures.fields[index])
        let length = Double(measures.text[index])
        let density = measures.linkDensity(index)
        let isList = name == "ul" || name == "ol" || name == "dl"
        let isFigure = name == "figure" || isInsideFigure(index)
        if name == "table", isDataTable(index) { return false }
        let headingDensity = length > 0 ? Double(measures.headingText[index]) / length : 0
        if pictures > 1, paragraphs / pictures < 0.5, !isFigure { return true }
        if !isList, items > paragraphs { return true }
        if fields > (paragraphs / 3).rounded(.down) { return true }
        if !isList, headingDensity < 0.9, length < 25, pictures == 0 || pictures > 2, !isFigure { return true }
        if !isList, weight < 25, density > 0.2 { return true }
        if weight >= 25, density > 0.5 { return true }
        if isList, density > 0.5 { return true }
        return false
    }

    private func dropsLine(_ index: Int) -> Bool {
        if isAnnouncement(index) || isLeadIn(index) { return true }
        let length = measures.text[index]
        return length > 0 && length < 120 && measures.linkDensity(index) > 0.9 && measures.pictures[index] == 0
    }

    /// A short line that sends the reader to another story ("Read more: …", "Lesen Sie auch: …"):
    /// it starts with one of `leadIns` and is largely its link.
    private func isLeadIn(_ index: Int) -> Bool {
        guard measures.text[index] <= 200, measures.text[index] > 0, measures.linkDensity(index) >= 0.3 else { return false }
        let line = Self.folded(text(of: index, limit: 120))
        return Self.leadIns.contains { line.hasPrefix($0) }
    }

    /// How lines that point elsewhere start, in the languages pages come in most.
    private static let leadIns: [String] = [
        "read more", "read also", "also read", "see also", "related", "more on", "lea también", "lee también", "ver también",
        "lire aussi", "à lire aussi", "a lire aussi", "voir aussi", "lesen sie auch", "lesen sie mehr", "mehr zum thema", "auch interessant",
        "das könnte sie auch interessieren", "weiterlesen", "leggi anche", "czytaj też", "czytaj także", "zobacz też", "zobacz także",
        "leia também", "lees ook", "läs också", "les også", "læs også",
    ]

    /// A short block whose whole text is one of the lines pages put between paragraphs.
    private func isAnnouncement(_ index: Int) -> Bool {
        guard measures.text[index] <= 60, measures.text[index] > 0 else { return false }
        return Self.announcements.contains(Self.folded(text(of: index, limit: 200)))
    }

    private static let announcements: Set<String> = [
        "advertisement", "advertisements", "advertisment", "ad", "ads", "sponsored", "sponsored content", "paid content",
        "story continues below advertisement", "article continues below advertisement", "continue reading below",
        "continue reading", "read more", "read more below", "scroll to continue with content", "related", "related articles",
        "related stories", "related content", "related coverage", "more on this", "see also", "recommended", "share",
        "share this", "share this article", "share this story", "share on facebook", "share on twitter", "tweet", "email",
        "print", "comments", "leave a comment", "view comments", "show comments", "click here", "subscribe", "sign up",
        "follow us", "newsletter", "skip advertisement", "skip ad", "loading", "loading...", "video", "watch", "watch video",
        "photo", "photos", "gallery", "view gallery", "next", "previous", "back to top", "top", "advertisement - continue reading below",
        "supported by", "trending", "most popular", "most read", "up next",
        // The same in the languages pages come in most.
        "schon gelesen", "war der artikel nützlich", "war dieser artikel hilfreich", "möchten sie den artikel teilen", "über den autor",
        "über die autorin", "artikel teilen", "teilen", "drucken", "anzeige", "werbung", "weiterlesen", "mehr zum thema", "auch interessant",
        "lesen sie auch", "publicidad", "compartir", "lea también", "publicité", "partager", "lire aussi", "à lire aussi", "reklama",
        "udostępnij", "czytaj też", "pubblicità", "condividi", "leggi anche", "about the author",
    ]

    private func isInsideFigure(_ index: Int) -> Bool {
        var node = measures.tree.nodes[index].parent
        var steps = 0
        while node > 0, steps < 6 {
            if measures.tree.nodes[node].name == "figure" { return true }
            node = measures.tree.nodes[node].parent
            steps += 1
        }
        return false
    }

    /// A table of data rather than of layout: it has a caption, header cells or a summary.
    private func isDataTable(_ index: Int) -> Bool {
        let nodes = measures.tree.nodes
        if nodes[index].value("role")?.lowercased() == "presentation" { return false }
        for node in index + 1..<min(nodes[index].subtreeEnd, index + 400)
        where nodes[node].name == "th" || nodes[node].name == "caption" || nodes[node].name == "thead" {
            return true
        }
        return false
    }

    /// The text inside `index`, up to about `limit` bytes.
    func text(of index: Int, limit: Int) -> String {
        let nodes = measures.tree.nodes
        var text = ""
        var node = index
        let end = nodes[index].subtreeEnd
        while node < end {
            if measures.excluded[node] {
                node = nodes[node].subtreeEnd
                continue
            }
            if nodes[node].isText {
                text += nodes[node].text
                if text.utf8.count > limit { break }
            }
            node += 1
        }
        return text
    }

    /// Lowercased, letters, digits and single spaces only, for comparing lines.
    static func folded(_ text: String) -> String {
        var result = ""
        var space = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "." {
                if space, !result.isEmpty { result.append(" ") }
                space = false
                result.append(character)
            } else {
                space = true
            }
        }
        return result
    }
}
