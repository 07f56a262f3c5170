import Foundation
import Testing
@testable import NewsCore

/// Fields feeds give in other vocabularies than their format's own, as feedparser reads them:
/// Dublin Core and DCMI terms, iTunes, Media RSS (YouTube's `media:group`), Atom 0.3's base64.
@Suite("Feed fields")
struct FeedFieldTests {
    static let namespaces = """
        xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" \
        xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/"
        """

    static func rss(channel: String = "<title>C</title>", item: String) throws -> Edition {
        try FeedTesting.decode("<rss version=\"2.0\" \(namespaces)><channel>\(channel)<item><link>https://e.example/1</link>\(item)</item></channel></rss>")
    }

    static func article(_ edition: Edition) throws -> Article { try #require(edition.articles.first) }

    @Test func dublinCoreStandsInForTheItemsOwnFields() throws {
        let article = try Self.article(
            Self.rss(
                item: """
                    <dc:title>DC title</dc:title><dc:description>DC &lt;b&gt;summary&lt;/b&gt;</dc:description>
                    <dc:creator>Ann Author</dc:creator><dcterms:modified>2024-05-06T07:08:09Z</dcterms:modified>
                    """))
        #expect(article.title == "DC title")
        #expect(article.description == "DC summary")
        #expect(article.author == "Ann Author")
        #expect(article.publishedAt.map(ISO8601.formatUTC) == "2024-05-06T07:08:09Z")
    }

    @Test(arguments: ["issued", "created", "modified"])
    func everyDCMITermDates(element: String) throws {
        let article = try Self.article(Self.rss(item: "<title>T</title><dcterms:\(element)>2003-12-31T10:14:55Z</dcterms:\(element)>"))
        #expect(article.publishedAt.map(ISO8601.formatUTC) == "2003-12-31T10:14:55Z")
    }

    @Test func theFormatsOwnFieldsComeFirstWhateverTheOrder() throws {
        let article = try Self.article(
            Self.rss(
                item: """
                    <dc:title>DC title</dc:title><itunes:summary>Podcast summary</itunes:summary><media:title>Media title</media:title>
                    <title>Own title</title><description>Own summary</description>
                    <dcterms:modified>2024-05-06T07:08:09Z</dcterms:modified><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate>
                    """))
        #expect(article.title == "Own title")
        #expect(article.description == "Own summary")
        #expect(article.publishedAt.map(ISO8601.formatUTC) == "2024-01-01T00:00:00Z")
    }

    @Test func aChannelsDublinCoreTitleAndCreator() throws {
        let edition = try Self.rss(channel: "<dc:title>DC channel</dc:title><dc:creator>Chan Nel</dc:creator>", item: "<title>T</title>")
        #expect(edition.title == "DC channel")
        #expect(try Self.article(edition).author == "Chan Nel")
    }

    @Test func iTunesSummaryAuthorAndImage() throws {
        let edition = try Self.rss(
            channel: "<title>Show</title><itunes:author>The Show</itunes:author>",
            item: """
                <title>Episode 1</title><itunes:summary>What we talk about</itunes:summary>
                <itunes:image href="https://e.example/episode1.jpg"/>
                """)
        let article = try Self.article(edition)
        #expect(article.description == "What we talk about")
        #expect(article.author == "The Show")
        #expect(article.imageURL?.absoluteString == "https://e.example/episode1.jpg")
        let own = try Self.article(Self.rss(item: "<title>E</title><itunes:author>Host Name</itunes:author>"))
        #expect(own.author == "Host Name")
    }

    /// YouTube's feeds: Atom entries whose description and picture are in `media:group`.
    @Test func mediaGroupAsYouTubeWritesIt() throws {
        let edition = try FeedTesting.decode(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><title>Channel</title>
            <entry><id>yt:video:abc</id><title>Video title</title><link rel="alternate" href="https://www.youtube.com/watch?v=abc"/>
            <media:group><media:title>Video title</media:title>
            <media:content url="https://www.youtube.com/v/abc?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
            <media:thumbnail url="https://i1.ytimg.com/vi/abc/hqdefault.jpg" width="480" height="360"/>
            <media:description>What the video shows.
            Links below.</media:description></media:group></entry></feed>
            """)
        let article = try Self.article(edition)
        #expect(article.title == "Video title")
        #expect(article.description == "What the video shows. Links below.")
        #expect(article.imageURL?.absoluteString == "https://i1.ytimg.com/vi/abc/hqdefault.jpg")
        let untitled = try Self.article(Self.rss(item: "<media:title>Only media</media:title>"))
        #expect(untitled.title == "Only media")
    }

    @Test func atom03Base64AndAnEmptyType() throws {
        // "Base64 <b>title</b>" and "<p>Body</p>"
        let edition = try FeedTesting.decode(
            """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title type="">Feed</title>
            <entry><title type="text/html" mode="base64">QmFzZTY0IDxiPnRpdGxlPC9iPg==</title>
            <link rel="alternate" type="text/html" href="https://e.example/1"/>
            <content type="text/html" mode="base64">
            PHA+Qm9keTwvcD4=
            </content></entry>
            <entry><title type="">Empty type</title><link rel="alternate" href="https://e.example/2"/></entry></feed>
            """)
        #expect(edition.title == "Feed")
        #expect(edition.articles.map(\.title) == ["Base64 title", "Empty type"])
        #expect(edition.articles.first?.body == .html("<p>Body</p>"))
    }

    /// Atom 1.0 says a text construct in a binary MIME type is base64 (feedparser shows it decoded).
    @Test func anAtomTitleAndSummaryInABinaryTypeAreBase64() throws {
        // "Example <b>Atom</b>", and "Plain summary"
        let edition = try FeedTesting.decode(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title type="application/octet-stream">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</title>
            <entry><title type="application/octet-stream">
              RXhhbXBsZSA8Yj5BdG9tPC9iPg==
            </title><summary type="application/octet-stream">UGxhaW4gc3VtbWFyeQ==</summary></entry></feed>
            """)
        #expect(edition.title == "Example <b>Atom</b>")
        #expect(edition.articles.map(\.title) == ["Example <b>Atom</b>"])
        #expect(edition.articles.first?.description == "Plain summary")
    }

    /// Issue 30: a title in a type that is not text is its text as written unless it strictly is
    /// base64 (decoding `Die Rückkehr` made `��-` of it); a type that says base64 is decoded.
    @Test func onlyTextThatIsBase64IsDecoded() throws {
        let edition = try FeedTesting.decode(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title type="application/x-custom">Die Rückkehr</title>
            <entry><title type="application/x-custom">Hello</title><id>1</id></entry>
            <entry><title type="application/base64">SGVsbG8gYmFzZTY0</title><id>2</id></entry>
            <entry><title type="application/x-custom">Rm9vYmFyYmF6</title><summary type="application/x-custom">Not base64 at all.</summary><id>3</id></entry>
            </feed>
            """)
        #expect(edition.title == "Die Rückkehr")
        #expect(edition.articles.map(\.title) == ["Hello", "Hello base64", "Foobarbaz"])
        #expect(edition.articles.last?.description == "Not base64 at all.")
    }

    /// Issue 30: Atom links written as element text, not `href` (feedparser misses both).
    @Test func atomLinksWrittenAsText() throws {
        let edition = try FeedTesting.decode(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>F</title>
            <entry><title>a</title><link rel="alternate" type="text/html">http://www.example.com/alternate</link>
            <link rel="enclosure" type="audio/mpeg" length="1234">http://www.example.com/a.mp3</link></entry>
            <entry><title>b</title><link rel="enclosure" type="image/jpeg">http://www.example.com/b.jpg</link>
            <link>http://www.example.com/b</link></entry>
            </feed>
            """)
        #expect(edition.articles.map(\.url?.absoluteString) == ["http://www.example.com/alternate", "http://www.example.com/b"])
        #expect(edition.articles.first?.enclosure?.url.absoluteString == "http://www.example.com/a.mp3")
        #expect(edition.articles.first?.enclosure?.byteSize == 1234)
        #expect(edition.articles.last?.imageURL?.absoluteString == "http://www.example.com/b.jpg")
    }

    /// The full text as `<body>`, `<xhtml:body>` (elements, not escaped text) or `<fullitem>`.
    @Test func bodyXHTMLBodyAndFullitemAreTheFullText() throws {
        let body = try Self.article(Self.rss(item: "<title>T</title><body>safe<applet code=\"x\"></applet> text &amp; more</body>"))
        #expect(body.body == .html("safe<applet code=\"x\"></applet> text &amp; more"))
        let xhtml = try Self.article(
            Self.rss(
                item: """
                    <title>T</title><xhtml:body xmlns:xhtml="http://www.w3.org/1999/xhtml"><xhtml:p>Para</xhtml:p></xhtml:body>
                    """))
        #expect(xhtml.body == .html("<xhtml:p>Para</xhtml:p>"))
        let fullitem = try Self.article(Self.rss(item: "<title>T</title><fullitem>&lt;p&gt;Full&lt;/p&gt;</fullitem>"))
        #expect(fullitem.body == .html("<p>Full</p>"))
    }

    /// feedparser's readings: `dc:author`, the iTunes namespace as Apple also spells it, and
    /// RSS's own names in another case (iTunes reads `<TiTlE>`).
    @Test func dcAuthorTheCapitalisedITunesNamespaceAndRSSNamesInAnyCase() throws {
        #expect(try Self.article(Self.rss(item: "<title>T</title><dc:author>Ed Itor</dc:author>")).author == "Ed Itor")
        let edition = try FeedTesting.decode(
            """
            <rss xmlns:itunes="http://www.itunes.com/DTDs/Podcast-1.0.dtd"><channel><TiTlE>Show</TiTlE>
            <item><TITLE>Episode</TITLE><itunes:author>Mark</itunes:author><itunes:summary>About it</itunes:summary>
            <PubDate>Mon, 01 Jan 2024 00:00:00 GMT</PubDate></item></channel></rss>
            """)
        #expect(edition.title == "Show")
        let article = try Self.article(edition)
        #expect(article.title == "Episode")
        #expect(article.author == "Mark")
        #expect(article.description == "About it")
        #expect(article.publishedAt.map(ISO8601.formatUTC) == "2024-01-01T00:00:00Z")
    }

    /// Microsoft's CDF: the channel is the root, an item's link and date are its attributes.
    @Test func channelDefinitionFormat() throws {
        let edition = try FeedTesting.decode(
            """
            <CHANNEL HREF="http://www.example.org/"><TITLE>Example feed</TITLE>
            <ITEM HREF="http://www.example.org/1" LASTMOD="2004-04-06T23:05:43-05:00">
            <TITLE>Example item</TITLE><ABSTRACT>Example description</ABSTRACT></ITEM></CHANNEL>
            """)
        #expect(edition.title == "Example feed")
        let article = try Self.article(edition)
        #expect(article.title == "Example item")
        #expect(article.description == "Example description")
        #expect(article.url?.absoluteString == "http://www.example.org/1")
        #expect(article.publishedAt.map(ISO8601.formatUTC) == "2004-04-07T04:05:43Z")
    }

    /// The content's only image is a tracking pixel: the summary's picture is the next candidate.
    @Test func aTrackingPixelIsNotTheArticlesPicture() throws {
        let article = try Self.article(
            Self.rss(
                item: """
                    <title>T</title><description>&lt;img src="https://e.example/photo.jpg"&gt;</description>
                    <content:encoded xmlns:content="http://purl.org/rss/1.0/modules/content/">&lt;p&gt;Text&lt;/p&gt;\
                    &lt;img src="https://medium.com/_/stat?event=post.clientViewed&amp;amp;postId=1" width="1" height="1"&gt;</content:encoded>
                    """))
        #expect(article.imageURL?.absoluteString == "https://e.example/photo.jpg")
    }
}
