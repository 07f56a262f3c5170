import Foundation
import Testing
@testable import NewsCore

/// Control characters and terminal escape sequences in every text field of every format: the
/// feed still reads, and none of them reaches an article.
@Suite("Hostile feed text")
struct HostileTextTests {
    /// What a hostile field holds around its word: raw C0 controls, a colour sequence, a title-setting
    /// OSC sequence, C1 controls (CSI as U+009B), a bidi override, DEL.
    static func dirty(_ word: String) -> String {
        "\u{01}\u{1B}[31m\u{07}" + word + "\u{1B}]0;pwned\u{07}\u{9B}2J\u{202E}\u{7F}\u{1B}[0m\u{08}"
    }

    /// The same, as XML character references (a forbidden reference must not lose the feed either).
    static func dirtyReferences(_ word: String) -> String {
        "&#x1B;[31m&#7;" + word + "&#27;]0;pwned&#x07;&#x9B;2J&#x202E;&#0;&#x1b;[0m"
    }

    static func rss(_ dirty: (String) -> String) -> String {
        """
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
        <channel><title>\(dirty("Channel"))</title><link>https://h.example/</link>
        <item><title>\(dirty("Title"))</title><link>https://h.example/1</link><guid isPermaLink="false">\(dirty("guid"))</guid>
        <dc:creator>\(dirty("Author"))</dc:creator><description>\(dirty("Summary"))</description>
        <pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate></item></channel></rss>
        """
    }

    static func atom(_ dirty: (String) -> String) -> String {
        """
        <feed xmlns="http://www.w3.org/2005/Atom"><title type="html">\(dirty("Channel"))</title><link href="https://h.example/"/>
        <entry><title>\(dirty("Title"))</title><link href="https://h.example/1"/><id>\(dirty("guid"))</id>
        <author><name>\(dirty("Author"))</name></author><summary>\(dirty("Summary"))</summary></entry></feed>
        """
    }

    static func jsonFeed() -> String {
        func dirty(_ word: String) -> String {
            #"\u0001\u001b[31m\u0007"# + word + #"\u001b]0;pwned\u0007\u009b2J\u202e\u007f\u001b[0m\u0000"#
        }
        return #"{"version":"https://jsonfeed.org/version/1.1","title":""# + dirty("Channel")
            + #"","home_page_url":"https://h.example/","items":[{"id":""# + dirty("guid") + #"","url":"https://h.example/1","title":""#
            + dirty("Title") + #"","summary":""# + dirty("Summary") + #"","authors":[{"name":""# + dirty("Author") + #""}]}]}"#
    }

    @Test(arguments: [
        ("RSS, raw controls", rss(dirty)), ("RSS, character references", rss(dirtyReferences)),
        ("Atom, raw controls", atom(dirty)), ("Atom, character references", atom(dirtyReferences)),
        ("JSON Feed, escapes", jsonFeed()),
    ])
    func noControlSurvives(name: String, document: String) throws {
        let edition = try FeedTesting.decode(document)
        let article = try #require(edition.articles.first, "\(name)")
        for text in FeedTesting.texts(edition) {
            let bad = text.unicodeScalars.filter { scalar in
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                    || (0x2066...0x2069).contains(scalar.value)
            }
            #expect(bad.isEmpty, "\(name): \(text.debugDescription)")
        }
        // Every field is still there, its word intact (what is left of a sequence is plain text).
        #expect(edition.title?.contains("Channel") == true, "\(name)")
        #expect(article.title.contains("Title"), "\(name)")
        #expect(article.guid?.contains("guid") == true, "\(name)")
        #expect(article.author?.contains("Author") == true, "\(name)")
        #expect(article.description?.contains("Summary") == true, "\(name)")
    }

    /// A terminal hyperlink written raw in XML goes whole, as from JSON text: stripping only the
    /// control bytes (which XML forbids) left "]8;;https://evil.exampleClick me]8;; now".
    @Test(arguments: [
        (
            "\u{1B}]8;;https://evil.example\u{07}Click me\u{1B}]8;;\u{07} now",
            #"\u001b]8;;https://evil.example\u0007Click me\u001b]8;;\u0007 now"#
        ),
        (
            "<![CDATA[\u{1B}]8;;https://evil.example\u{1B}\\Click me\u{1B}]8;;\u{1B}\\ now]]>",
            #"\u001b]8;;https://evil.example\u001b\\Click me\u001b]8;;\u001b\\ now"#
        ),
        ("\u{1B}[1mClick me\u{1B}[0m now", #"\u001b[1mClick me\u001b[0m now"#),
    ])
    func escapeSequencesGoWholeFromXML(xmlTitle: String, jsonTitle: String) throws {
        let edition = try FeedTesting.decode(FeedTesting.rss(item: "<title>\(xmlTitle)</title><link>https://h.example/1</link>"))
        #expect(edition.articles.first?.title == "Click me now")
        let json =
            #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","url":"https://h.example/1","title":""#
            + jsonTitle + #""}]}"#
        #expect(try FeedTesting.decode(json).articles.first?.title == "Click me now")
    }

    /// An unterminated sequence ends at the next tag at the latest: the feed's markup is kept.
    @Test func anUnterminatedSequenceStopsAtMarkup() throws {
        let edition = try FeedTesting.decode(FeedTesting.rss(item: "<title>Kept\u{1B}]8;;https://evil.example</title><link>https://h.example/1</link>"))
        #expect(edition.articles.first?.title == "Kept")
        #expect(edition.articles.first?.url?.absoluteString == "https://h.example/1")
    }

    /// Numeric references as HTML reads them, written straight into the XML, each case on its
    /// own: a feed whose only oddity is `&#146;` is valid XML and never takes the careful path,
    /// so the mapping must hold there too (issue 30: `don&#146;t` came out "dont").
    @Test(arguments: [
        ("It&#146;s", "It’s"),  // valid XML: only the optimistic path
        ("&#x93;q&#x94;", "“q”"),  // hex, valid XML
        ("&#128;5 &#133;", "€5 …"),  // the two ends of the range, valid XML
        ("<![CDATA[a]]>&#150;b", "a–b"),  // beside CDATA
        ("&#X41;", "A"),  // upper-case X: not XML, so the careful path
        ("It&#146;s &#X41;", "It’s A"),  // both at once
    ])
    func windows1252ReferencesInXML(title: String, expected: String) throws {
        let edition = try FeedTesting.decode(FeedTesting.rss(item: "<title>\(title)</title><link>https://h.example/1</link>"))
        #expect(edition.articles.first?.title == expected)
    }

    @Test func windows1252ReferencesInASummaryOfValidXML() throws {
        let edition = try FeedTesting.decode(
            FeedTesting.rss(item: "<title>t</title><description>don&#146;t</description><link>https://h.example/1</link>"))
        #expect(edition.articles.first?.description == "don’t")
    }

    /// feedparser's item_description_not_a_doctype tests: the description is text, not nothing.
    @Test(arguments: [
        ("<description>&lt;!' &lt;a href=\"foo\"&gt;</description>", "<!'"),
        ("<description><![CDATA[ <!DOCTYPE ]]></description>", "<!DOCTYPE"),
        ("<title>&lt;a href=http://example.com/\"&gt;example&lt;/a&gt;</title>", "example"),
    ])
    func markupThatIsText(item: String, expected: String) throws {
        let edition = try FeedTesting.decode(FeedTesting.rss(item: item + "<link>https://h.example/1</link>"))
        let article = try #require(edition.articles.first)
        #expect(article.title == expected)
    }

    @Test func controlsInsideCDATAAndAttributesAreRemovedToo() throws {
        let document = FeedTesting.rss(
            item: """
                <title><![CDATA[\u{1B}[1mLoud\u{0}]]></title><link>https://h.example/\u{1}x</link>
                <media:content url="https://h.example/i\u{2}.jpg" medium="image"/>
                """)
        let edition = try FeedTesting.decode(document)
        let article = try #require(edition.articles.first)
        #expect(article.title == "Loud")  // the whole escape sequence gone
        #expect(article.url?.absoluteString == "https://h.example/x")
        #expect(article.imageURL?.absoluteString == "https://h.example/i.jpg")
    }
}
