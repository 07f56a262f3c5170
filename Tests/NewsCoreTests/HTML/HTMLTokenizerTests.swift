import Testing
@testable import NewsCore

@Suite("HTML tokenizer")
struct HTMLTokenizerTests {
    static func tokens(_ html: String) -> [HTMLToken] { Array(HTMLTokenizer(html)) }
    static func start(_ name: String, _ attributes: [(String, String)] = [], selfClosing: Bool = false) -> HTMLToken {
        .startTag(HTMLTag(name, attributes: attributes.map { (name: $0.0, value: $0.1) }, selfClosing: selfClosing))
    }

    @Test("attribute values quoted, unquoted and missing; names lowercased")
    func attributes() {
        #expect(
            Self.tokens("<p class=x id='y' data-z=\"w v\" hidden>") == [
                Self.start("p", [("class", "x"), ("id", "y"), ("data-z", "w v"), ("hidden", "")])
            ])
        #expect(Self.tokens("<A HREF=X Title = 'spaced' >") == [Self.start("a", [("href", "X"), ("title", "spaced")])])
        #expect(Self.tokens("<a b=1 b=2 c='>'>") == [Self.start("a", [("b", "1"), ("c", ">")])])
        #expect(Self.tokens("<p =x>") == [Self.start("p", [("=x", "")])])
        #expect(Self.tokens("<p a=>") == [Self.start("p", [("a", "")])])
        #expect(Self.tokens("<p a=&amp;>") == [Self.start("p", [("a", "&amp;")])])  // decoded when read
    }

    @Test("self-closing only with /> right before the end")
    func selfClosing() {
        #expect(Self.tokens("<br/>") == [Self.start("br", selfClosing: true)])
        #expect(Self.tokens("<br />") == [Self.start("br", selfClosing: true)])
        #expect(Self.tokens("<a href=/x/>") == [Self.start("a", [("href", "/x/")])])
        #expect(Self.tokens("<img / alt=x>") == [Self.start("img", [("alt", "x")])])
    }

    @Test(
        "text, including < that opens nothing",
        arguments: [
            ("a < b", [HTMLToken.text("a < b")]),
            ("1<2 & 3>2", [.text("1<2 & 3>2")]),
            ("end<", [.text("end<")]),
            ("x</", [.text("x"), .text("</")]),
            ("a</>b", [.text("a"), .text("b")]),
            ("café 漢字 🚀", [.text("café 漢字 🚀")]),
            ("&amp;", [.text("&amp;")]),
            // "<!" before anything but a letter, "-" or "[" opens nothing (feedparser reads it so).
            ("<!' <a href=\"foo\">", [.text("<!' "), start("a", [("href", "foo")])]),
            ("x<!", [.text("x<!")]),
        ])
    func text(html: String, expected: [HTMLToken]) {
        #expect(Self.tokens(html) == expected)
    }

    @Test(
        "comments, doctypes, processing instructions and bogus comments vanish",
        arguments: [
            "<!-- c -->x", "<!-->x", "<!--->x", "<!-- a --!>x", "<!-- a -- b -->x", "<!---->x",
            "<!DOCTYPE html>x", "<?xml version='1.0'?>x", "</3>x", "<!x>x", "<!-- <p>not a tag</p> -->x",
        ])
    func dropped(html: String) {
        #expect(Self.tokens(html) == [.text("x")])
    }

    @Test("CDATA is literal text, terminated or not")
    func cdata() {
        #expect(Self.tokens("<![CDATA[a<b>&amp;]]>c") == [.cdata("a<b>&amp;"), .text("c")])
        #expect(Self.tokens("<![CDATA[abc") == [.cdata("abc")])
        #expect(Self.tokens("<![CDATA[]]>x") == [.text("x")])
    }

    @Test(
        "raw-text elements' content is skipped to their own end tag",
        arguments: [
            ("<script>if (a<b) document.write('</p>')</script>x", [start("script"), .endTag("script"), .text("x")]),
            ("<SCRIPT>x</ScRiPt >y", [start("script"), .endTag("script"), .text("y")]),
            ("<style>p{}</styles></style>z", [start("style"), .endTag("style"), .text("z")]),
            ("<script/>still script</script>y", [start("script", selfClosing: true), .endTag("script"), .text("y")]),
            ("<style>p{}</style", [start("style")]),
            ("<script>never closed <p>at all", [start("script")]),
            ("<noscript><p>x</p></noscript>", [start("noscript"), .endTag("noscript")]),
        ])
    func rawText(html: String, expected: [HTMLToken]) {
        #expect(Self.tokens(html) == expected)
    }

    @Test(
        "input that ends inside a tag drops the unfinished tag",
        arguments: [
            "text<p", "text<p title=\"unterminated", "text<a href=", "text<a href='x' ", "text</p", "text</p a='",
        ])
    func unterminated(html: String) {
        #expect(Self.tokens(html) == [.text("text")])
    }

    /// An unterminated comment runs to the end; an unterminated bogus comment is text, so that
    /// a description of just "<!DOCTYPE" is not an empty article (as feedparser reads it).
    @Test("unterminated comments run to the end; unterminated bogus comments are text")
    func unterminatedComments() {
        #expect(Self.tokens("a<!-- never closed <p>b").isEmpty == false)
        #expect(Self.tokens("a<!-- never closed <p>b") == [.text("a")])
        #expect(Self.tokens("a<!doctype") == [.text("a"), .text("<!doctype")])
        #expect(Self.tokens("<!DOCTYPE") == [.text("<!DOCTYPE")])
        #expect(Self.tokens("a<?pi") == [.text("a"), .text("<?pi")])
    }

    @Test("a quote inside an unquoted value is part of it")
    func quoteInUnquotedValue() {
        #expect(
            Self.tokens("<a href=http://example.com/\">example</a>") == [
                Self.start("a", [("href", "http://example.com/\"")]), .text("example"), .endTag("a"),
            ])
    }

    @Test("end tags: names lowercased, attributes ignored, quotes respected")
    func endTags() {
        #expect(Self.tokens("</P class='a>b'>c") == [.endTag("p"), .text("c")])
        #expect(Self.tokens("</div\n>") == [.endTag("div")])
    }

    @Test("attributes past the cap are read and dropped")
    func attributeCap() {
        let html = "<p " + (1...40).map { "a\($0)=\($0)" }.joined(separator: " ") + ">x"
        let tokens = Self.tokens(html)
        guard case .startTag(let tag) = tokens.first else { Issue.record("no tag: \(tokens)"); return }
        #expect(tag.attributes.count == HTMLTokenizer.maxAttributes)
        #expect(tokens.last == .text("x"))
    }
}
