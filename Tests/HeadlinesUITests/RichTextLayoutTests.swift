import Foundation
import Testing
@testable import HeadlinesUI
import NewsCore

@Suite("RichTextLayout")
struct RichTextLayoutTests {
    static func text(_ html: String, width: Int, base: URL? = nil) -> [String] {
        RichTextLayout.lines(HTMLText.richText(html, baseURL: base), width: width).map(\.text)
    }

    static let fox = "<p>The quick brown fox jumps over the lazy dog</p>"

    @Test(
        "paragraphs wrap at words for each width",
        arguments: [
            (10, ["The quick", "brown fox", "jumps over", "the lazy", "dog"]),
            (20, ["The quick brown fox", "jumps over the lazy", "dog"]),
            (43, ["The quick brown fox jumps over the lazy dog"]),
            (4, ["The", "quic", "k", "brow", "n", "fox", "jump", "s", "over", "the", "lazy", "dog"]),
        ])
    func wrapping(width: Int, expected: [String]) {
        #expect(Self.text(Self.fox, width: width) == expected)
    }

    @Test(
        "wide characters and emoji wrap by their columns",
        arguments: [
            ("<p>東京で大規模な祭り</p>", 7, ["東京で", "大規模", "な祭り"]),
            ("<p>ab 🚀🚀 cd</p>", 5, ["ab", "🚀🚀", "cd"]),
            ("<p>👨‍👩‍👧 family</p>", 8, ["👨‍👩‍👧", "family"]),
            ("<p>漢字</p>", 1, ["…", "…"]),
        ])
    func wideCharacters(html: String, width: Int, expected: [String]) {
        #expect(Self.text(html, width: width) == expected)
    }

    @Test("a line break starts a new line; a blank line parts blocks, not list items")
    func spacing() {
        #expect(
            Self.text("<p>a<br>b<br><br>c</p><p>d</p><ul><li>e<li>f</ul>g", width: 20) == [
                "a", "b", "", "c", "", "d", "", "• e", "• f", "", "g",
            ])
    }

    @Test("headings in the heading style; strong, emphasis, code, links and placeholders styled")
    func styles() throws {
        let html = "<h2>Head</h2><p>n <b>b</b> <i>i</i> <code>c</code> <a href=https://a.example/>l</a> <img alt=p></p>"
        let lines = RichTextLayout.lines(HTMLText.richText(html, baseURL: nil), width: 40)
        #expect(lines[0].runs == [StyledLine.Run("Head", Style(.header, bold: true))])
        let runs = Dictionary(lines[2].runs.map { ($0.text.trimmingCharacters(in: .whitespaces), $0.style) }, uniquingKeysWith: { a, _ in a })
        #expect(runs["n"] == .normal)
        #expect(runs["b"] == Style(.normal, bold: true))
        #expect(runs["i"] == Style(.normal, underline: true))
        #expect(runs["c"] == Style(.source))
        #expect(runs["l"] == Style(.link, underline: true))
        #expect(runs["[1]"] == Style(.link))
        #expect(runs["[image: p]"] == Style(.normal, dim: true))
        #expect(lines[2].text == "n b i c l[1] [image: p]")
    }

    @Test("a space inside an underlined phrase is underlined; between styles it is plain")
    func gapStyles() {
        let lines = RichTextLayout.lines(HTMLText.richText("<p><i>one two</i> three</p>", baseURL: nil), width: 40)
        #expect(lines[0].runs == [StyledLine.Run("one two", Style(.normal, underline: true)), StyledLine.Run(" three")])
    }

    @Test("block quotes are indented behind a bar, nested and wrapped")
    func quotes() throws {
        let lines = RichTextLayout.lines(HTMLText.richText("<blockquote>one two three<blockquote>four five</blockquote></blockquote>", baseURL: nil), width: 11)
        #expect(lines.map(\.text) == ["│ one two", "│ three", "│", "│ │ four", "│ │ five"])
        #expect(Self.text("<blockquote>in</blockquote>out", width: 10) == ["│ in", "", "out"])
        #expect(lines[0].runs.first == StyledLine.Run("│ ", RichTextLayout.quoteStyle))
    }

    @Test(
        "list markers hang, nested lists line up under their item's text",
        arguments: [
            ("<ul><li>item text that wraps</ul>", 12, ["• item text", "  that wraps"]),
            ("<ol><li>one two three</ol>", 10, ["1. one two", "   three"]),
            ("<ol start=9><li>nine<li>ten<ol><li>sub item</ol></ol>", 20, ["9. nine", "10. ten", "    1. sub item"]),
            ("<ul><li>a<ul><li>b<ul><li>c<ul><li>d</ul></ul></ul></ul>", 20, ["• a", "  ◦ b", "    ▪ c", "      ▪ d"]),
            ("<ul><li><p>first</p><p>second para</p></ul>", 20, ["• first", "  second para"]),
            ("<ol><li>x<pre>code</pre></ol>", 20, ["1. x", "   code"]),
        ])
    func lists(html: String, width: Int, expected: [String]) {
        #expect(Self.text(html, width: width) == expected)
    }

    @Test("deep nesting never takes more than half the width")
    func deepIndentation() {
        let html = String(repeating: "<blockquote><ul><li>", count: 40) + "deep text here"
        for width in [8, 20, 41] {
            let lines = RichTextLayout.lines(HTMLText.richText(html, baseURL: nil), width: width)
            for line in lines where !line.text.isEmpty {
                let indent = line.text.prefix { $0 == " " || $0 == "│" || $0 == "•" || $0 == "◦" || $0 == "▪" }
                #expect(TextWidth.of(String(indent)) <= width / 2 + 2, "\(width): \(line.text)")
                #expect(line.width <= width)
            }
        }
    }

    @Test("depths far past any real document are laid out like deep ones")
    func absurdDepths() {
        let block = RichBlock(.listItem(.number(7), [RichRun("text")]), listDepth: 1_000_000, quoteDepth: 1_000_000)
        let lines = RichTextLayout.lines(RichText(blocks: [block]), width: 20)
        #expect(lines.map(\.text) == ["│ │ │ │ │ 7. text"])
    }

    @Test("pre wraps at the width behind a continuation mark, never cut, its spaces kept")
    func preformatted() {
        let lines = RichTextLayout.lines(HTMLText.richText("<pre>short\n    indented line that is long\n\nx</pre>", baseURL: nil), width: 12)
        #expect(lines.map(\.text) == ["short", "    indented", "↪ line that ", "↪is long", "", "x"])
        #expect(lines[0].runs.last?.style == Style(.source))
        #expect(lines[2].runs.first == StyledLine.Run("↪", .muted))
        #expect(!lines.contains { $0.text.contains("…") })
        // Wide characters are never split between rows.
        let wide = RichTextLayout.lines(HTMLText.richText("<pre>東京東京東京</pre>", baseURL: nil), width: 5).map(\.text)
        #expect(wide == ["東京", "↪東京", "↪東京"])
    }

    @Test("an inline image is numbered in the links, by what it shows, so it can be opened")
    func imagesInTheLinks() throws {
        let html =
            "<p>See <a href=/post>the post</a>.</p><p><img src=/chart.png alt=\"Chart of latency\"></p><p><a href=/x><img src=/in-link.png alt=L></a></p>"
        let text = HTMLText.richText(html, baseURL: URL(string: "https://example.com/a"))
        #expect(text.links.map(\.absoluteString) == ["https://example.com/post", "https://example.com/chart.png", "https://example.com/x"])
        #expect(text.link(2)?.absoluteString == "https://example.com/chart.png")
        let lines = RichTextLayout.lines(text, width: 80).map(\.text)
        #expect(lines.contains("[image: Chart of latency][2]"))
        #expect(lines.contains("[2] image: Chart of latency https://example.com/chart.png"))
        // An image inside a link is that link.
        #expect(lines.contains("[image: L][3]"))
        #expect(lines.contains("[3] https://example.com/x"))
    }

    @Test("a blank line separates a nested list from the text of its item after it")
    func listThenText() {
        #expect(
            Self.text("<ul><li>a<ul><li>b</li></ul>more of a</li><li>c</li></ul>", width: 20) == [
                "• a", "  ◦ b", "", "  more of a", "• c",
            ])
    }

    @Test("text-width caps the article's text")
    func textWidth() {
        #expect(ScreenLayout(width: 200, height: 40, withImageRow: true, textWidth: 72).textColumns == 72)
        #expect(ScreenLayout(width: 60, height: 40, withImageRow: true, textWidth: 72).textColumns == 56)
        #expect(ScreenLayout(width: 200, height: 40, withImageRow: true).textColumns == 196)
    }

    @Test("tables: aligned columns, header bold, fair shares, cut cells")
    func tables() {
        let html = "<table><tr><th>Name<th>Age<tr><td>Alice<td>30<tr><td>Bob<td>4</table>"
        #expect(Self.text(html, width: 40) == ["Name  │ Age", "Alice │ 30", "Bob   │ 4"])
        let lines = RichTextLayout.lines(HTMLText.richText(html, baseURL: nil), width: 40)
        #expect(lines[0].runs.first?.style == Style(.normal, bold: true))
        #expect(lines[0].runs[1] == StyledLine.Run(" │ ", .muted))
        let wide = "<table><tr><td>a very long first cell<td>b<td>another long cell here</table>"
        #expect(Self.text(wide, width: 24) == ["a very l… │ b │ another…"])
        #expect(Self.text(wide, width: 5) == ["… │ b"])  // room for two columns only
        #expect(Self.text(wide, width: 1) == ["…"])
        #expect(Self.text("<table><tr><td><a href=https://a.example/>x</a><td>y</table>", width: 30) == ["x[1] │ y", "", "Links", "[1] https://a.example/"])
    }

    @Test(
        "column shares: what a column needs when below the fair share, else equal parts",
        arguments: [
            ([5, 3], 20, [5, 3]),
            ([30, 3], 20, [17, 3]),
            ([30, 30], 20, [10, 10]),
            ([30, 30, 30], 10, [4, 3, 3]),
            ([0, 30, 2], 12, [0, 10, 2]),
            ([10, 10], 0, [0, 0]),
        ])
    func shares(naturals: [Int], total: Int, expected: [Int]) {
        #expect(TableLayout.share(naturals, total: total) == expected)
    }

    @Test("links: numbers after link text and a list at the end, long URLs wrapped under their number")
    func links() {
        let html = "<p>See <a href=https://a.example/>this</a> and <a href=/path/that/is/rather/long>that</a>.</p>"
        #expect(
            Self.text(html, width: 30, base: URL(string: "https://site.example/")!) == [
                "See this[1] and that[2].", "", "Links", "[1] https://a.example/", "[2] https://site.example/path/", "    that/is/rather/long",
            ])
    }

    @Test("a rule spans the width")
    func rule() {
        #expect(Self.text("a<hr>b", width: 5) == ["a", "", "─────", "", "b"])
        #expect(Self.text("<blockquote><hr></blockquote>", width: 6) == ["│ ────"])
    }

    @Test("nothing, or no width, gives no lines")
    func empty() {
        #expect(RichTextLayout.lines(RichText(), width: 40).isEmpty)
        #expect(RichTextLayout.lines(HTMLText.richText("<p>x</p>", baseURL: nil), width: 0).isEmpty)
    }
}
