import Foundation
import Testing
@testable import NewsCore

@Suite("HTML to text: blocks")
struct HTMLTextBlockTests {
    @Test(
        "paragraphs, line breaks and divisions",
        arguments: [
            ("<p>One</p><p>Two</p>", ["One", "Two"]),
            ("Loose text<p>para</p>tail", ["Loose text", "para", "tail"]),
            ("<div>a<div>b</div>c</div>", ["a", "b", "c"]),
            ("<p>One<p>Two", ["One", "Two"]),
            ("a<br>b<br/>c</br>d", ["a⏎b⏎c⏎d"]),
            ("a<br><br><br><br>b", ["a⏎⏎b"]),
            ("<p><br>a<br></p><p><br></p>", ["a"]),
            ("a <br> b", ["a⏎b"]),
            ("<dl><dt>Term<dd>Definition</dl>", ["Term", "Definition"]),
            ("a<hr>b<hr/>", ["a", "---", "b", "---"]),
            ("<section><article><header>H</header><p>P</p><footer>F</footer></article></section>", ["H", "P", "F"]),
        ])
    func paragraphs(html: String, expected: [String]) {
        #expect(RichTextOutline.of(html) == expected)
    }

    @Test(
        "headings keep their level and their inline styles",
        arguments: [
            ("<h1>Title</h1><h3>Sub</h3>", ["# Title", "### Sub"]),
            ("<h2>A <em>b</em></h2>text", ["## A _b_", "text"]),
            ("<h6>six</h6>", ["###### six"]),
            ("<h1>one<h2>two</h2>", ["# one", "## two"]),  // a heading inside a heading ends the first
            ("<h2>a<p>b</p>c</h2>", ["## a", "## b", "## c"]),
        ])
    func headings(html: String, expected: [String]) {
        #expect(RichTextOutline.of(html) == expected)
    }

    @Test(
        "lists: bullets, numbers, start and value, nesting, stray items",
        arguments: [
            ("<ul><li>one</li><li>two</ul>", ["L1 • one", "L1 • two"]),
            ("<ol><li>a<li>b<li>c</ol>", ["L1 1. a", "L1 2. b", "L1 3. c"]),
            ("<ol start=5><li>a</li><li value=9>b</li><li>c</li></ol>", ["L1 5. a", "L1 9. b", "L1 10. c"]),
            ("<ol start=' -2'><li>a<li>b</ol>", ["L1 -2. a", "L1 -1. b"]),
            ("<ol start=x><li>a</ol>", ["L1 1. a"]),
            ("<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>", ["L1 • a", "L2 • b", "L1 • c"]),
            ("<ol><li>x<ol><li>y<li>z</ol></ol>after", ["L1 1. x", "L2 1. y", "L2 2. z", "after"]),
            ("<li>stray</li><li>two</li>then", ["L1 • stray", "L1 • two", "then"]),
            ("<ul><li><p>first</p><p>second</p></li></ul>", ["L1 • first", "L1 second"]),
            ("<ul>bare<li>item</ul>", ["L1 bare", "L1 • item"]),
            ("<ul><li>a<ul> </li><li>b</ul></ul>", ["L1 • a", "L2 • b"]),  // `</li>` does not reach out of a list
            ("<menu><li>m</menu>", ["L1 • m"]),
        ])
    func lists(html: String, expected: [String]) {
        #expect(RichTextOutline.of(html) == expected)
    }

    @Test(
        "block quotes nest, and combine with lists",
        arguments: [
            ("<blockquote><p>q</p><blockquote>qq</blockquote>after</blockquote>out", ["> q", "> > qq", "> after", "out"]),
            ("<ul><li>item<blockquote>quoted</blockquote></li></ul>", ["L1 • item", "> L1 quoted"]),
            ("<blockquote><ol><li>in</ol></blockquote>", ["> L1 1. in"]),
            ("<blockquote>unclosed", ["> unclosed"]),
        ])
    func quotes(html: String, expected: [String]) {
        #expect(RichTextOutline.of(html) == expected)
    }

    @Test(
        "pre keeps its lines and spaces, expands tabs, drops the first newline",
        arguments: [
            ("<pre>\n  a\tb\n    c  \n</pre>", ["pre|  a     b|    c"]),
            ("<pre><code>x &lt; y</code>\n<b>z</b></pre>", ["pre|x < y|z"]),
            ("<pre>\r\nwin\r\ndows\rmac</pre>", ["pre|win|dows|mac"]),
            ("<pre>a<br>b</pre>", ["pre|a|b"]),
            ("<pre>\n\n\nlate\n\nblank kept\n\n</pre>", ["pre|late||blank kept"]),
            ("<pre>12345678\tx\n\ty</pre>", ["pre|12345678        x|        y"]),
            ("<pre>a<img alt=pic>b</pre>", ["pre|a[image: pic]b"]),
            ("<pre>code</li></ul></table>more</pre>after", ["pre|codemore", "after"]),
            ("<ul><li><pre>in list</pre></ul>", ["L1 pre|in list"]),
            ("<pre>   </pre>", []),
        ])
    func preformatted(html: String, expected: [String]) {
        #expect(RichTextOutline.of(html) == expected)
    }

    @Test(
        "tables become rows of cells",
        arguments: [
            ("<table><tr><th>H1<th>H2<tr><td>a<td>b</table>", ["table: *H1* | *H2* / a | b"]),
            ("<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>", ["table: *h* / 1"]),
            ("<table><tr><td>a<table><tr><td>in1<td>in2</table></td><td>b</table>", ["table: a in1 in2 | b"]),
            ("<table><tr><td>a<ul><li>b</ul>c<br>d<p>e</td></tr></table>", ["table: a b c d e"]),
            ("<table>loose<tr><td>x</table>", ["table: loose / x"]),
            ("<table><caption>Cap</caption><tr><td>x</table>", ["table: Cap / x"]),
            ("<table><tr><td>a<td><td>c</tr><tr><td></td></tr></table>", ["table: a |  | c"]),
            ("<table>\n <tr>\n  <td> a </td>\n  <td>b</td>\n </tr>\n</table>", ["table: a | b"]),
            ("<table><tr><td>open", ["table: open"]),
            ("<table></table><p>after</p>", ["after"]),
            ("<ul><li>x<table><tr><td>c</table></ul>", ["L1 • x", "L1 table: c"]),
            ("<td>orphan cell</td><tr>orphan row", ["orphan cell", "orphan row"]),
            ("<table><tr><td><b>bold</b> <i>it</i></td></tr></table>", ["table: **bold** _it_"]),
            ("<li>item<table><tr><td>a</li>b</td></tr></table>", ["L1 • item", "L1 table: ab"]),  // `</li>` stops at the table
        ])
    func tables(html: String, expected: [String]) {
        #expect(RichTextOutline.of(html) == expected)
    }

    @Test("a table keeps at most 32 columns")
    func tableColumnCap() throws {
        let html = "<table><tr>" + (1...40).map { "<td>\($0)</td>" }.joined() + "</tr></table>"
        let block = try #require(HTMLText.richText(html, baseURL: nil).blocks.first)
        guard case .table(let rows) = block.content else { Issue.record("not a table: \(block)"); return }
        #expect(rows.first?.count == TableBuilder.maxColumns)
        #expect(rows.first?.last?.text == "32")
    }

    @Test(
        "script, style, template, noscript, iframes' content and comments are dropped",
        arguments: [
            ("<script>alert(1)</script><style>p{color:red}</style><!-- hi -->Text", ["Text"]),
            ("<p>a<script>document.write('<p>b</p>')</script>c</p>", ["ac"]),
            ("<template><p>t</p></template><noscript>Enable JS</noscript>x", ["x"]),
            ("<title>Page</title>body", ["body"]),
            ("<svg><text>junk</text><svg/><text>more</text></svg>after", ["after"]),
            ("<math><mi>x</mi></math>y", ["y"]),
            ("<head><meta charset=utf-8><link rel=stylesheet href=s.css></head><body>b</body>", ["b"]),
        ])
    func dropped(html: String, expected: [String]) {
        #expect(RichTextOutline.of(html) == expected)
    }

    @Test("stray end tags change nothing")
    func strayEndTags() {
        #expect(RichTextOutline.of("a</ul></li></table></pre></blockquote></h1></b></a>b") == ["ab"])
        #expect(RichTextOutline.of("<b>x</i>y</b>z") == ["**xy**z"])
    }
}
