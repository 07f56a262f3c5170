import Foundation
import Testing
@testable import NewsCore

/// Titles and summaries flattened to text; the small HTML helpers feeds use.
@Suite("HTMLInline")
struct HTMLInlineTests {
    @Test(arguments: [
        ("Plain words", "Plain words"),
        ("<p>One</p><p>Two</p>", "One Two"),
        ("a<br>b<br/>c", "a b c"),
        ("<b>bo</b>ld <em>and</em> <a href=\"/x\">linked</a>", "bold and linked"),
        ("<!-- hidden <p> -->shown", "shown"),
        ("<script>document.write('<p>no</p>')</script>Safe", "Safe"),
        ("<STYLE type=\"text/css\">p { color: red }</STYLE>Safe", "Safe"),
        ("x &lt;b&gt; y", "x <b> y"),
        ("Caf&eacute; &amp; &#233; &#xE9;", "Café & é é"),
        ("AT&T and R&D", "AT&T and R&D"),
        ("&copy 2024", "© 2024"),
        ("&notit;", "¬it;"),
        ("a < b and <3", "a < b and <3"),
        ("<a title=\"x>y\">link</a>", "link"),
        ("<img src=\"x.png\" alt=\"y\">text", "text"),
        ("<div><p>Nested</p></div><ul><li>one</li><li>two</li></ul>", "Nested one two"),
        ("unclosed <b", "unclosed"),
        ("&#128512; &#0; &#x110000;", "😀 \u{FFFD} \u{FFFD}"),
        // A quote inside an unquoted value is part of it, not the start of a quoted one.
        ("<a href=http://example.com/\">example</a>", "example"),
        ("<a href=x\"y title='z'>w</a> v", "w v"),
        // "<!" before anything but a letter, "-" or "[" is text; so is a declaration never closed
        // (feedparser's item_description_not_a_doctype tests).
        ("<!' <a href=\"foo\">", "<!'"),
        ("<!DOCTYPE", "<!DOCTYPE"),
        ("<!DOCTYPE html>shown", "shown"),
        ("It&#146;s &#X41;", "It’s A"),
    ])
    func plainText(html: String, expected: String) {
        #expect(HTMLInline.plainText(html) == expected)
    }

    /// References decoded here follow `HTMLEntities.decode` exactly.
    @Test(arguments: [
        "&amp; &lt; &gt; &quot; &apos; &nbsp;", "&hellip;&mdash;&ndash;&rsquo;", "&amp &lt &gt &copy &reg &not",
        "&notin; &notit; &ampx &amp;x", "&#38; &#x26; &#X26; &#38 &#; &#x; &#xZ", "&#x80; &#150; &#x9F;",
        "&NotNestedGreaterGreater; &CounterClockwiseContourIntegral;", "&unknown; & &; &1;", "no references at all",
        "&Eacute;t&eacute; &#x1F600;", "trailing &", "&amp;amp;",
    ])
    func referencesMatchHTMLEntities(text: String) {
        #expect(HTMLInline.plainText(text) == HTMLEntities.decode(text))
    }

    @Test func textThatNeedsNothingComesBackAsIs() {
        let title = "A title & nothing to do"
        #expect(HTMLInline.plainText(title) == title)
    }

    @Test(arguments: [
        ("jane@example.com (Jane Doe)", "Jane Doe"), ("Jane Doe", "Jane Doe"), ("jane@example.com", "jane@example.com"),
        ("(Nobody)", "(Nobody)"), ("x@y ()", "x@y ()"),
        ("Jane Doe (jane@example.com)", "Jane Doe"), ("Jane Doe <jane@example.com>", "Jane Doe"),
        ("<jane@example.com>", "<jane@example.com>"), ("Joe (The Boss)", "Joe (The Boss)"),
    ])
    func rssAuthorNames(text: String, expected: String) {
        #expect(ItemNormaliser.authorName(text) == expected)
    }

    @Test(
        arguments: [
            ("<p>x</p><img src=\"a.jpg\"><img src=\"b.jpg\">", "a.jpg"),
            ("<IMG SRC=a.jpg>", "a.jpg"),
            ("<img alt=\"no source\"><img src='b.png'>", "b.png"),
            ("<!-- <img src=\"hidden.jpg\"> --><img src=\"shown.jpg\">", "shown.jpg"),
            ("<script>'<img src=\"no.jpg\">'</script>", nil),
            ("<img src=\"a.jpg?w=1&amp;h=2\">", "a.jpg?w=1&h=2"),
            // Attribute rules: a legacy name before "=" is part of the query, not "©".
            ("<img src=\"a.jpg?w=1&copy=2\">", "a.jpg?w=1&copy=2"),
            ("no images", nil),
            // Tracking pixels (Medium's among them) are passed over for the next candidate.
            ("<img src=\"https://medium.com/_/stat?event=post.clientViewed\" width=\"1\" height=\"1\" alt=\"\"><img src=\"real.jpg\">", "real.jpg"),
            ("<img src=a.gif height=2px><img src=b.gif WIDTH=\" 1 \"><img src=c.jpg width=600 height=400>", "c.jpg"),
            ("<img src=only-a-pixel.gif width=1 height=1>", nil),
        ] as [(String, String?)])
    func firstImage(html: String, expected: String?) {
        #expect(ItemNormaliser.firstImageSource(html) == expected)
    }

    @Test func bodiesAreCappedAtTheLimit() throws {
        let long = String(repeating: "é", count: TextLimits.body + 5)
        let document =
            #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","url":"https://c.example/1","title":"T","content_text":""#
            + long + #""}]}"#
        let article = try #require(try FeedTesting.decode(document).articles.first)
        guard case .text(let body) = article.body else {
            Issue.record("no text body")
            return
        }
        #expect(body.count == TextLimits.body)
    }
}
