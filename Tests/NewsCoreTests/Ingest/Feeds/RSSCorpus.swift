@testable import NewsCore

/// RSS 2.0 and 0.9x documents in the styles seen in the wild, with what each must decode to.
enum RSSCorpus {
    static let cases = [newsSite, netscape091, permalinks, relativeToSite, relativeToFeed, xmlBase, cdataAndEntities, namespaces]

    static let newsSite = FeedCase(
        name: "RSS 2.0, a news site (Media RSS, content:encoded, dc:creator, enclosure)",
        document: """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"
                 xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom">
            <channel>
              <title>Example News &amp; Views</title>
              <image><title>Logo title</title><url>https://news.example.com/logo.png</url><link>https://news.example.com/logo</link></image>
              <atom:link href="https://news.example.com/feed.xml" rel="self" type="application/rss+xml"/>
              <link>https://news.example.com/</link>
              <description>All the news</description>
              <item>
                <title>Markets rally as rates hold</title>
                <link>https://news.example.com/business/markets-rally</link>
                <guid isPermaLink="false">news-1001</guid>
                <pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate>
                <dc:creator>Jane Smith</dc:creator>
                <category>Business</category>
                <description>&lt;p&gt;Stocks rose on &lt;b&gt;Tuesday&lt;/b&gt;.&lt;/p&gt;</description>
                <content:encoded><![CDATA[<p>Stocks rose on <b>Tuesday</b>.</p><p>More.</p>]]></content:encoded>
                <media:content url="https://img.example.com/markets.jpg?w=1200&amp;h=800" medium="image" width="1200"/>
                <source url="https://other.example/rss">Other title</source>
              </item>
              <item>
                <title>Storm warning issued</title>
                <link>
                  https://news.example.com/weather/storm
                </link>
                <guid>https://news.example.com/weather/storm</guid>
                <pubDate>Wed, 11 Jun 2003 09:30:00 +0200</pubDate>
                <author>weather@example.com (Sam Rivers)</author>
                <description>Heavy rain expected.</description>
                <enclosure url="https://img.example.com/storm.png" type="image/png" length="1234"/>
              </item>
            </channel>
            </rss>
            """,
        title: "Example News & Views", site: "https://news.example.com/",
        articles: [
            ExpectedArticle(
                title: "Markets rally as rates hold", url: "https://news.example.com/business/markets-rally",
                date: "2003-06-10T04:00:00Z", image: "https://img.example.com/markets.jpg?w=1200&h=800", guid: "news-1001",
                author: "Jane Smith", description: "Stocks rose on Tuesday.",
                body: .html("<p>Stocks rose on <b>Tuesday</b>.</p><p>More.</p>")
            ),
            ExpectedArticle(
                title: "Storm warning issued", url: "https://news.example.com/weather/storm", date: "2003-06-11T07:30:00Z",
                image: "https://img.example.com/storm.png", guid: "https://news.example.com/weather/storm",
                author: "Sam Rivers", description: "Heavy rain expected."
            ),
        ]
    )

    static let netscape091 = FeedCase(
        name: "RSS 0.91 with Netscape's DTD (never fetched) and HTML entities it declares",
        document: """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN"
             "http://my.netscape.com/publish/formats/rss-0.91.dtd">
            <rss version="0.91">
            <channel>
            <title>Caf&eacute; Society</title>
            <link>http://cafe.example.org/</link>
            <description>News</description>
            <language>fr</language>
            <item>
            <title>Cr&egrave;me br&ucirc;l&eacute;e &amp; more&nbsp;news</title>
            <link>http://cafe.example.org/creme</link>
            <description>Desserts &#8212; all of them</description>
            </item>
            </channel>
            </rss>
            """,
        title: "Café Society", site: "http://cafe.example.org/",
        articles: [
            ExpectedArticle(
                title: "Crème brûlée & more\u{A0}news", url: "http://cafe.example.org/creme", description: "Desserts — all of them"
            )
        ]
    )

    static let permalinks = FeedCase(
        name: "RSS GUIDs: a permalink GUID serves as the link, a non-permalink does not: that item has no link",
        document: FeedTesting.rss(
            item: """
                <title>Only a permalink guid</title><guid>https://site.example/a</guid></item>
                <item><title>Not a permalink</title><guid isPermaLink="false">https://site.example/b</guid></item>
                <item><title>Both</title><link>https://site.example/c-link</link><guid isPermaLink="true">https://site.example/c</guid>
                """),
        title: "T", site: "https://site.example/",
        articles: [
            ExpectedArticle(title: "Only a permalink guid", url: "https://site.example/a", guid: "https://site.example/a"),
            ExpectedArticle(title: "Not a permalink", url: nil, guid: "https://site.example/b"),
            ExpectedArticle(title: "Both", url: "https://site.example/c-link", guid: "https://site.example/c"),
        ]
    )

    static let relativeToSite = FeedCase(
        name: "Relative links without xml:base resolve against the channel's link",
        document: FeedTesting.rss(
            item: """
                <title>One</title><link>/2024/post-1</link><media:content url="img/p1.jpg" type="image/jpeg"/></item>
                <item><title>Two</title><link>post-2</link><content:encoded><![CDATA[<p>x</p><IMG alt="a" SRC='../pics/p2.png'>]]></content:encoded>
                """,
            channel: "<title>Blog</title><link>https://site.example/blog/</link>"
        ),
        title: "Blog", site: "https://site.example/blog/",
        articles: [
            ExpectedArticle(title: "One", url: "https://site.example/2024/post-1", image: "https://site.example/blog/img/p1.jpg"),
            ExpectedArticle(
                title: "Two", url: "https://site.example/blog/post-2", image: "https://site.example/pics/p2.png",
                body: .html("<p>x</p><IMG alt=\"a\" SRC='../pics/p2.png'>")
            ),
        ]
    )

    static let relativeToFeed = FeedCase(
        name: "Relative links with no site link resolve against the feed's own URL",
        document: FeedTesting.rss(item: "<title>One</title><link>articles/1</link>", channel: "<title>No site</title>"),
        title: "No site",
        articles: [ExpectedArticle(title: "One", url: "https://feeds.example.com/news/articles/1")]
    )

    static let xmlBase = FeedCase(
        name: "xml:base, scoped: on the feed, the channel, an item and a single element",
        document: """
            <rss version="2.0" xml:base="https://base.example/root/">
            <channel xml:base="channel/">
            <title>Based</title><link>home</link>
            <item xml:base="https://other.example/items/">
              <title>One</title><link>one.html</link><enclosure url="/i/one.jpg" type="image/jpeg"/>
            </item>
            <item><title>Two</title><link>two.html</link></item>
            <item><title>Three</title><link xml:base="https://third.example/x/">three.html</link></item>
            </channel>
            </rss>
            """,
        title: "Based", site: "https://base.example/root/channel/home",
        articles: [
            ExpectedArticle(title: "One", url: "https://other.example/items/one.html", image: "https://other.example/i/one.jpg"),
            ExpectedArticle(title: "Two", url: "https://base.example/root/channel/two.html"),
            ExpectedArticle(title: "Three", url: "https://third.example/x/three.html"),
        ]
    )

    static let cdataAndEntities = FeedCase(
        name: "Titles in CDATA, double-escaped, with tags, with escaped markup that is text",
        document: FeedTesting.rss(
            item: """
                <title><![CDATA[Tom & Jerry <em>return</em>]]></title><link>https://site.example/1</link></item>
                <item><title>Fish &amp;amp; Chips</title><link>https://site.example/2</link></item>
                <item><title>&lt;b&gt;Bold&lt;/b&gt; move</title><link>https://site.example/3</link></item>
                <item><title>5 &lt; 6 &#38; 7 &#x3E; 3</title><link>https://site.example/4</link></item>
                <item><title>&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;</title><link>https://site.example/5</link></item>
                <item><title>AT&amp;T&apos;s &quot;deal&quot;</title><link>https://site.example/6?a=1&amp;b=2</link>
                <description><![CDATA[<p>Caf&eacute; &amp; bar</p>]]></description>
                """),
        title: "T", site: "https://site.example/",
        articles: [
            ExpectedArticle(title: "Tom & Jerry return", url: "https://site.example/1"),
            ExpectedArticle(title: "Fish & Chips", url: "https://site.example/2"),
            ExpectedArticle(title: "Bold move", url: "https://site.example/3"),
            ExpectedArticle(title: "5 < 6 & 7 > 3", url: "https://site.example/4"),
            ExpectedArticle(title: "<script>alert(1)</script>", url: "https://site.example/5"),
            ExpectedArticle(
                title: "AT&T's \"deal\"", url: "https://site.example/6?a=1&b=2", description: "Café & bar",
                body: .html("<p>Caf&eacute; &amp; bar</p>")
            ),
        ]
    )

    static let namespaces = FeedCase(
        name: "Namespaces under other prefixes, an undeclared media prefix, a foreign title",
        document: """
            <rss version="2.0" xmlns:m="http://search.yahoo.com/mrss" xmlns:c="http://purl.org/rss/1.0/modules/content/"
                 xmlns:d="http://purl.org/dc/elements/1.1/" xmlns:x="urn:example:other">
            <channel><title>Prefixes</title><link>https://ns.example/</link>
            <item>
              <x:title>Not this one</x:title><title>Prefixed</title><link>https://ns.example/1</link>
              <d:creator>Dee</d:creator><d:date>2024-01-02T03:04:05Z</d:date>
              <m:thumbnail url="https://ns.example/1.jpg"/><c:encoded>&lt;p&gt;Body&lt;/p&gt;</c:encoded>
            </item>
            <item>
              <title>Undeclared</title><link>https://ns.example/2</link><media:thumbnail url="https://ns.example/2.jpg"/>
            </item>
            </channel></rss>
            """,
        title: "Prefixes", site: "https://ns.example/",
        articles: [
            ExpectedArticle(
                title: "Prefixed", url: "https://ns.example/1", date: "2024-01-02T03:04:05Z", image: "https://ns.example/1.jpg",
                author: "Dee", body: .html("<p>Body</p>")
            ),
            ExpectedArticle(title: "Undeclared", url: "https://ns.example/2", image: "https://ns.example/2.jpg"),
        ]
    )
}
