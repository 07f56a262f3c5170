import Foundation
import Testing
@testable import NewsCore

@Suite("HTML to text: inline text")
struct HTMLTextInlineTests {
    @Test(
        "whitespace collapses across text and tags as in a browser",
        arguments: [
            ("  a \n\t b  ", "a b"),
            ("<b>bold</b> <i>it</i>", "**bold** _it_"),
            ("<b>bold </b><i> it</i>", "**bold** _it_"),
            ("a<span> </span>b", "a b"),
            ("a<b>b</b>c", "a**b**c"),
            ("a<span>\n</span><span>\n</span>b", "a b"),
            ("word<!-- comment -->word", "wordword"),
            ("a&nbsp;&nbsp;b", "a\u{A0}\u{A0}b"),
            ("x&#32;&#32;y", "x y"),
            ("tab\u{0B}vt\u{85}nel\u{2028}ls", "tab vt nel ls"),
        ])
    func whitespace(html: String, expected: String) {
        #expect(RichTextOutline.of(html) == [expected])
    }

    @Test(
        "emphasis, strong and code, nested",
        arguments: [
            // Neighbours in one style are one run, the space between them included.
            ("<em>e</em> <i>i</i> <cite>c</cite> <q>q</q>", "_e i c q_"),
            ("<strong>s</strong> <b>b</b>", "**s b**"),
            ("<code>c</code> <kbd>k</kbd> <samp>s</samp> <tt>t</tt>", "`c k s t`"),
            ("<b>s</b> <code>c</code> <i>i</i>", "**s** `c` _i_"),
            ("<b>x<i>y</i></b>", "**x****_y_**"),
            ("<b><b>twice</b>still</b>not", "**twicestill**not"),
            ("<b>unclosed", "**unclosed**"),
            ("<span style='x'><font color=red>plain</font></span>", "plain"),
        ])
    func styles(html: String, expected: String) {
        #expect(RichTextOutline.of(html) == [expected])
    }

    @Test(
        "character references are decoded in text, never read as markup",
        arguments: [
            ("Tom &amp; Jerry &mdash; &#x1F600; &#8212;", "Tom & Jerry — 😀 —"),
            ("&notit; &bogus; AT&T &copy 2026", "¬it; &bogus; AT&T © 2026"),
            ("&lt;script&gt;alert(1)&lt;/script&gt;", "<script>alert(1)</script>"),
            ("&lt;b&gt;not bold&lt;/b&gt;", "<b>not bold</b>"),
            ("&#150; &#0; &#xD800;", "– \u{FFFD} \u{FFFD}"),
            ("&amp;lt;", "&lt;"),
        ])
    func references(html: String, expected: String) {
        #expect(RichTextOutline.of(html) == [expected])
    }

    @Test("CDATA sections are literal text")
    func cdata() {
        #expect(RichTextOutline.of("<p><![CDATA[a &amp; <b>]]> after</p>") == ["a &amp; <b> after"])
    }

    @Test(
        "images become [image: alt], or [image]",
        arguments: [
            ("<img src=cat.png alt=\"Cat\">", "{[image: Cat]}"),
            ("<img src=cat.png>", "{[image]}"),
            ("<img alt=''>", "{[image]}"),
            ("<img alt='  Two\n lines  '>", "{[image: Two lines]}"),
            ("<img alt=\"Fish &amp; chips &lt;3\">", "{[image: Fish & chips <3]}"),
            ("see <img alt=x> here", "see {[image: x]} here"),
            ("<b><img alt=b></b>", "**{[image: b]}**"),
            ("a<img src=pixel.gif width=1 height=1>b<img height=\"0\">c", "abc"),
        ])
    func images(html: String, expected: String) {
        #expect(RichTextOutline.of(html) == [expected])
    }

    @Test("a very long alt text is cut")
    func longAlt() {
        let text = HTMLText.plainText("<img alt='\(String(repeating: "a", count: 5_000))'>")
        #expect(text.count == "[image: ]".count + HTMLConverter.maxAltLength)
        #expect(text.hasSuffix("…]"))
    }

    @Test("video, audio and embedded pages are placeholders linked to their source")
    func media() {
        let html = """
            <video src="https://v.example/a.mp4" poster=p.jpg>Your browser cannot play this</video>
            <audio src="javascript:alert(1)"><source src=x.ogg>fallback</audio>
            <iframe src="https://www.youtube.com/embed/abc">no frames</iframe><embed src="/e.swf">
            """
        let text = HTMLText.richText(html, baseURL: URL(string: "https://site.example/")!)
        #expect(RichTextOutline.of(text) == ["[{[video]}](1) {[audio]} [{[embedded]}](2)[{[embedded]}](3)"])
        #expect(
            text.links.map(\.absoluteString) == [
                "https://v.example/a.mp4", "https://www.youtube.com/embed/abc", "https://site.example/e.swf",
            ])
    }
}
