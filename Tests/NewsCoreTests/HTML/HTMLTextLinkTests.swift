import Foundation
import Testing
@testable import NewsCore

@Suite("HTML to text: links")
struct HTMLTextLinkTests {
    static let base = URL(string: "https://site.example/news/item.html")!

    @Test("links are numbered in order of first use, one number per URL")
    func numberingAndDeduplication() {
        let html = """
            <a href="https://a.example/">A</a> <a href='https://b.example/'>B <b>bold</b></a>
            <a href=https://a.example/>A again</a>
            """
        let text = HTMLText.richText(html, baseURL: nil)
        #expect(RichTextOutline.of(text) == ["[A](1) [B **bold**](2) [A again](1)"])
        #expect(text.links == [URL(string: "https://a.example/")!, URL(string: "https://b.example/")!])
        #expect(text.link(2) == URL(string: "https://b.example/")!)
        #expect(text.link(0) == nil)
        #expect(text.link(3) == nil)
    }

    @Test(
        "relative links resolve against the base URL",
        arguments: [
            ("../about", "https://site.example/about"),
            ("/root?q=1", "https://site.example/root?q=1"),
            ("other.html#part", "https://site.example/news/other.html#part"),
            ("//cdn.example/x", "https://cdn.example/x"),
            ("  https://a.example/x \n", "https://a.example/x"),
            ("https://a.exa\tmple/y", "https://a.example/y"),
            ("https://x.example/?a=1&amp;b=2", "https://x.example/?a=1&b=2"),
            ("https://x.example/?a=1&not=2&copy3&para;", "https://x.example/?a=1&not=2&copy3%C2%B6"),  // browsers' rule in attributes
            ("https://x.example/?q=&lt&gt;&#38;", "https://x.example/?q=%3C%3E&"),
            ("HTTP://UPPER.example/", "HTTP://UPPER.example/"),
            ("https://x.example/a b", "https://x.example/a%20b"),
        ])
    func relative(href: String, expected: String) {
        let text = HTMLText.richText("<a href=\"\(href)\">t</a>", baseURL: Self.base)
        #expect(text.links.map(\.absoluteString) == [expected])
        #expect(RichTextOutline.of(text) == ["[t](1)"])
    }

    @Test(
        "only web links are numbered; the text of any other stays",
        arguments: [
            "javascript:alert(1)", "mailto:someone@example.com", "ftp://files.example/x", "data:text/html,<b>x</b>",
            "#footnote-1", "file:///etc/passwd", "http://", "", "tel:+123",
        ])
    func refused(href: String) {
        let text = HTMLText.richText("<a href=\"\(href)\">t</a>", baseURL: Self.base)
        #expect(text.links.isEmpty)
        #expect(RichTextOutline.of(text) == ["t"])
    }

    @Test("a relative link without a base is not numbered")
    func relativeWithoutBase() {
        let text = HTMLText.richText("<a href=/x>t</a> <a>no href</a>", baseURL: nil)
        #expect(text.links.isEmpty)
        #expect(RichTextOutline.of(text) == ["t no href"])
    }

    @Test("a link with no text gets no number")
    func emptyLinks() {
        let text = HTMLText.richText("<a href=https://a.example/></a><a href=https://c.example/> </a><a href=https://b.example/>B</a>", baseURL: nil)
        #expect(text.links == [URL(string: "https://b.example/")!])
        #expect(RichTextOutline.of(text) == ["[B](1)"])
    }

    @Test("a link inside a link ends the first; images and cells carry links")
    func nestedAndPlaces() {
        #expect(RichTextOutline.of("<a href=https://a.example/>x<a href=https://b.example/>y</a>z</a>") == ["[x](1)[y](2)z"])
        #expect(RichTextOutline.of("<a href=https://a.example/><img alt=pic></a>") == ["[{[image: pic]}](1)"])
        #expect(RichTextOutline.of("<table><tr><td><a href=https://a.example/>c</a></table>") == ["table: [c](1)"])
        #expect(RichTextOutline.of("<h2><a href=https://a.example/>h</a></h2>") == ["## [h](1)"])
    }

    @Test("at most 100 links are numbered; later ones keep their text")
    func cap() {
        let html = (1...150).map { "<a href=\"https://l.example/\($0)\">l\($0)</a>" }.joined(separator: " ")
        let text = HTMLText.richText(html, baseURL: nil)
        #expect(text.links.count == LinkRegistry.limit)
        #expect(text.links.last?.absoluteString == "https://l.example/100")
        let outline = RichTextOutline.of(text).joined()
        #expect(outline.contains("[l100](100) l101 l102"))
        // A URL already numbered keeps its number after the cap.
        let again = HTMLText.richText(html + " <a href=https://l.example/7>seven</a>", baseURL: nil)
        #expect(RichTextOutline.of(again).joined().hasSuffix("l150 [seven](7)"))
    }

    @Test("a link that would not read the same after sanitising is refused")
    func unsafeLinks() {
        let text = HTMLText.richText("<a href=\"https://x.example/\u{1b}[31m\">t</a>", baseURL: nil)
        for url in text.links { #expect(RichTextOutline.isSafe(url.absoluteString)) }
    }
}
