import Foundation
import Testing
import TestSupport
@testable import NewsCore

@Suite("HTML to text: hostile input")
struct HTMLTextHostileTests {
    static let depth = 100_000

    static func nested(_ open: String, _ close: String, inner: String = "x") -> String {
        String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
    }

    @Test(
        "100,000 nested elements convert without recursion",
        arguments: [
            (nested("<div>", "</div>"), ["x"]),
            (nested("<b>", "</b>"), ["**x**"]),
            (nested("<blockquote>", "</blockquote>"), [String(repeating: "> ", count: HTMLConverter.maxDepth) + "x"]),
            (nested("<ul><li>", "</li></ul>"), ["L\(HTMLConverter.maxDepth) • x"]),
            (nested("<table><tr><td>", "</td></tr></table>"), ["table: x"]),
            (nested("<a href=https://a.example/>", "</a>"), ["[x](1)"]),
            (nested("<svg>", "</svg>"), []),
            (nested("<h1>", "</h1>"), ["# x"]),
            (String(repeating: "<div>", count: depth) + "unclosed", ["unclosed"]),
            (String(repeating: "<ol><li>", count: depth) + "unclosed", ["L\(HTMLConverter.maxDepth) 1. unclosed"]),
        ])
    func deepNesting(html: String, expected: [String]) {
        #expect(RichTextOutline.of(html) == expected)
    }

    @Test("unmatched end tags cost nothing, whatever is open")
    func unmatchedEndTags() {
        let html = String(repeating: "<b>", count: Self.depth) + "x" + String(repeating: "</i></li></td>", count: Self.depth)
        #expect(RichTextOutline.of(html) == ["**x**"])
    }

    @Test(
        "escape sequences and controls never survive, wherever they hide",
        arguments: [
            "<p>\u{1b}[31mred\u{1b}[0m</p>",
            "<p>&#27;[31mencoded&#x1B;]0;title&#7;</p>",
            "<p>\u{9b}31mC1 &#x9d;0;osc&#x9c;</p>",
            "<img alt='\u{1b}[2Jalt&#27;[5m'>",
            "<pre>a\u{1b}]0;title\u{07}b\u{7}  c\n\u{1b}[1A\u{1b}[2Kup</pre>",
            "<table><tr><td>\u{1b}[31mcell</td><th>&#x1b;[1mhead</th></tr></table>",
            "<a href='https://x.example/\u{1b}[31m'>link\u{1b}[0m</a>",
            "<h1>\u{202E}reversed\u{2066}</h1><li>\u{0}nul\u{7f}del</li>",
            "<![CDATA[\u{1b}]8;;https://evil.example/\u{07}hyperlink\u{1b}]8;;\u{07}]]>",
        ])
    func escapes(html: String) {
        let text = HTMLText.richText(html, baseURL: nil)
        #expect(!text.blocks.isEmpty)
        for string in RichTextOutline.strings(text) {
            #expect(RichTextOutline.isSafe(string), "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(RichTextOutline.isSafe(HTMLText.plainText(html).replacing("\n", with: "")))
    }

    @Test("a pre keeps its spacing around removed escape sequences")
    func preEscapes() {
        #expect(RichTextOutline.of("<pre>a\u{1b}]0;title\u{07}b\u{7}  c\n\u{1b}[1A\u{1b}[2Kup</pre>") == ["pre|ab  c|up"])
    }

    @Test(
        "unterminated markup ends cleanly",
        arguments: [
            ("<p>text<a href='https://a.example/", ["text"]),
            ("text<!-- never", ["text"]),
            ("<table><tr><td>a", ["table: a"]),
            ("<pre>code", ["pre|code"]),
            ("<ul><li>a", ["L1 • a"]),
            ("<b>bold", ["**bold**"]),
            ("<script>x", []),
            ("<p title=\"a>b", []),
            ("<![CDATA[cut", ["cut"]),
        ])
    func unterminated(html: String, expected: [String]) {
        #expect(RichTextOutline.of(html) == expected)
    }

    @Test("too many blocks: the output stops at the cap and says so")
    func blockCap() {
        let html = String(repeating: "<p>x</p>", count: HTMLConverter.maxBlocks + 5_000)
        let outline = RichTextOutline.of(html)
        #expect(outline.count == HTMLConverter.maxBlocks + 1)
        #expect(outline.last == "{[…]}")
    }

    @Test("too much text: the output stops near the cap")
    func textCap() {
        let word = String(repeating: "w", count: 999) + " "
        let html = "<p>" + String(repeating: word, count: 3_000) + "</p>" + String(repeating: "<p>\(word)</p>", count: 3_000)
        let text = HTMLText.richText(html, baseURL: nil)
        let bytes = RichTextOutline.strings(text).reduce(0) { $0 + $1.utf8.count }
        #expect(bytes < HTMLConverter.maxTextBytes + 4_000_000)  // at most one text node past the cap
        #expect(text.blocks.count < 3_000)
        #expect(RichTextOutline.of(text).last == "{[…]}")
    }

    /// A megabyte of markup fragments in random order: tags of every kind, broken quotes,
    /// comments, references, escapes, wide characters.
    static func garbage(seed: UInt64, bytes: Int) -> String {
        var random = SplitMix64(seed: seed)
        let pieces = [
            "<p>", "</p>", "<div class='a'>", "</div>", "<ul>", "<ol start=3>", "<li>", "</li>", "</ul>", "</ol>",
            "<blockquote>", "</blockquote>", "<pre>", "</pre>", "<table>", "<tr>", "<td>", "<th>", "</td>", "</table>",
            "<b>", "</b>", "<i>", "</em>", "<code>", "<a href='https://a.example/", "'>", "<a href=/rel>", "</a>",
            "<img alt=\"", "\">", "<br>", "<hr>", "<h2>", "</h2>", "<!--", "-->", "<![CDATA[", "]]>", "<script>",
            "</script>", "<svg>", "</svg>", "&amp;", "&#27;[31m", "&#x9b;", "&", "<", ">", "\"", "'", "=",
            "\u{1b}[2J", "\u{1b}]0;t\u{07}", "\u{9b}1m", "\u{0}", "\t", "\n", " ", "text ", "漢字", "🚀", "e\u{301}",
        ]
        var html = ""
        html.reserveCapacity(bytes + 64)
        while html.utf8.count < bytes { html += random.pick(pieces) }
        return html
    }

    @Test("a megabyte of random markup converts, bounded and clean", arguments: [1, 2] as [UInt64])
    func randomMegabyte(seed: UInt64) {
        let html = Self.garbage(seed: seed, bytes: 1_000_000)
        let text = HTMLText.richText(html, baseURL: URL(string: "https://base.example/")!)
        let strings = RichTextOutline.strings(text)
        #expect(strings.allSatisfy(RichTextOutline.isSafe))
        #expect(text.blocks.count <= HTMLConverter.maxBlocks + 1)
        #expect(text.links.count <= LinkRegistry.limit)
        // Images make the most text of the least markup: "<img>" (5 bytes) gives "[image]" (7).
        #expect(strings.reduce(0) { $0 + $1.utf8.count } <= 2 * html.utf8.count)
        #expect(!HTMLText.plainText(html).isEmpty)
    }
}
