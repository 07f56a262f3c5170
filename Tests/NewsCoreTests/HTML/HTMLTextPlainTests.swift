import Foundation
import Testing
@testable import NewsCore

@Suite("HTML to text: plain text")
struct HTMLTextPlainTests {
    @Test("plain text of HTML: blocks on lines, cells spaced, no link numbers")
    func plainOfHTML() {
        let html = """
            <h1>T</h1><p>a <b>b</b> <a href=https://x.example/>link</a><br>next</p>
            <ul><li>i1<li>i2</ul><pre>p1\n  p2</pre><table><tr><td>c1<td><td>c2<tr><td>d</table><hr>
            <p><img alt=pic> &amp; end</p><script>no</script>
            """
        #expect(HTMLText.plainText(html) == "T\na b link\nnext\ni1\ni2\np1\n  p2\nc1 c2\nd\n[image: pic] & end")
    }

    @Test("plain text of nothing is empty", arguments: ["", "   ", "<p></p><br><!-- c -->", "<script>x</script>"])
    func empty(html: String) {
        #expect(HTMLText.plainText(html) == "")
        #expect(HTMLText.richText(html, baseURL: nil).isEmpty)
    }

    @Test(
        "plain text input: blank lines part paragraphs, other line breaks stay",
        arguments: [
            ("line one\nline two\n\n\npara two\r\nmore\n \n\u{1b}[31mred", ["line one⏎line two", "para two⏎more", "red"]),
            ("  spaced   out  ", ["spaced out"]),
            ("\n\n", []),
            ("a\u{2028}b", ["a b"]),
        ])
    func plainInput(text: String, expected: [String]) {
        let rich = HTMLText.richText(plain: text)
        #expect(RichTextOutline.of(rich) == expected)
        #expect(rich.links.isEmpty)
    }

    @Test("plain text input is capped like HTML")
    func plainCap() {
        let rich = HTMLText.richText(plain: String(repeating: "x\n\n", count: HTMLConverter.maxBlocks + 10))
        #expect(rich.blocks.count == HTMLConverter.maxBlocks + 1)
        #expect(RichTextOutline.of(rich).last == "{[…]}")
    }

    @Test("an article body is read by its kind")
    func body() {
        let base = URL(string: "https://site.example/a/")!
        let html = HTMLText.richText(.html("<p><a href=b>x</a></p>"), baseURL: base)
        #expect(html.links == [URL(string: "https://site.example/a/b")!])
        #expect(RichTextOutline.of(HTMLText.richText(.text("<p>not html</p>"), baseURL: base)) == ["<p>not html</p>"])
    }
}
