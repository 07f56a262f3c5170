@testable import NewsCore

/// Atom 1.0 (and 0.3) documents, with what each must decode to.
enum AtomCorpus {
    static let cases = [blog, xmlBase, atom03, noNamespace]

    static let blog = FeedCase(
        name: "Atom 1.0: text, html and xhtml constructs, link relations, inherited author",
        document: """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
              <title type="text">Atom &amp; Eve</title>
              <link rel="self" href="https://atom.example/feed.atom"/>
              <link rel="alternate" type="text/html" href="https://atom.example/"/>
              <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
              <updated>2024-05-01T10:00:00Z</updated>
              <author><name>Feed Author</name></author>
              <entry>
                <title type="html">Ben &amp;amp; Jerry&amp;#39;s &lt;i&gt;new&lt;/i&gt; flavour</title>
                <link href="https://atom.example/2024/flavour"/>
                <id>tag:atom.example,2024:1</id>
                <published>2024-05-01T09:00:00+02:00</published>
                <updated>2024-05-02T00:00:00Z</updated>
                <author><name>Ann Lee</name><email>ann@example.com</email></author>
                <summary type="html">&lt;p&gt;Cold &amp;amp; sweet&lt;/p&gt;</summary>
                <content type="html">&lt;p&gt;Cold &amp;amp; sweet.&lt;/p&gt;&lt;img src="/img/ice.jpg"&gt;</content>
                <source><title>Not the entry's title</title><link href="https://source.example/"/></source>
              </entry>
              <entry>
                <title>Plain &lt;b&gt; text</title>
                <link rel="alternate" type="application/pdf" href="https://atom.example/doc.pdf"/>
                <link rel="alternate" type="text/html" href="https://atom.example/doc.html"/>
                <link rel="enclosure" type="image/png" href="https://atom.example/doc.png"/>
                <link rel="related" href="https://elsewhere.example/"/>
                <id>tag:atom.example,2024:2</id>
                <updated>2024-05-03T12:00:00Z</updated>
                <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>An <a href="https://x.example/?a=1&amp;b=2">x &amp; y</a></p></div></content>
              </entry>
              <entry>
                <title>Text content</title>
                <link href="/relative/3"/>
                <id>tag:atom.example,2024:3</id>
                <published>2024-05-04T00:00:00Z</published>
                <content type="text">Line one
            Line two &amp; three</content>
                <media:thumbnail url="https://atom.example/thumb3.jpg"/>
              </entry>
              <entry>
                <title>Only a self link</title>
                <link rel="self" href="https://atom.example/entries/4"/>
                <id>tag:atom.example,2024:4</id>
              </entry>
            </feed>
            """,
        title: "Atom & Eve", site: "https://atom.example/",
        articles: [
            ExpectedArticle(
                title: "Ben & Jerry's new flavour", url: "https://atom.example/2024/flavour", date: "2024-05-01T07:00:00Z",
                image: "https://atom.example/img/ice.jpg", guid: "tag:atom.example,2024:1", author: "Ann Lee",
                description: "Cold & sweet", body: .html("<p>Cold &amp; sweet.</p><img src=\"/img/ice.jpg\">")
            ),
            ExpectedArticle(
                title: "Plain <b> text", url: "https://atom.example/doc.html", date: "2024-05-03T12:00:00Z",
                image: "https://atom.example/doc.png", guid: "tag:atom.example,2024:2", author: "Feed Author",
                body: .html("<div><p>An <a href=\"https://x.example/?a=1&amp;b=2\">x &amp; y</a></p></div>")
            ),
            ExpectedArticle(
                title: "Text content", url: "https://atom.example/relative/3", date: "2024-05-04T00:00:00Z",
                image: "https://atom.example/thumb3.jpg", guid: "tag:atom.example,2024:3", author: "Feed Author",
                body: .text("Line one\nLine two & three")
            ),
            // Only a self link: an article without a link, known by its id.
            ExpectedArticle(title: "Only a self link", url: nil, guid: "tag:atom.example,2024:4", author: "Feed Author"),
        ]
    )

    static let xmlBase = FeedCase(
        name: "Atom with xml:base on the feed, an entry and its content",
        document: """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://base.example/blog/">
            <title>Based Atom</title>
            <link href="/"/>
            <entry xml:base="2024/">
             <title>One</title><link href="one"/><id>1</id>
             <content type="html" xml:base="https://cdn.example/media/">&lt;img src="pic.jpg"&gt;</content>
            </entry>
            <entry><title>Two</title><link href="two"/><id>2</id></entry>
            </feed>
            """,
        title: "Based Atom", site: "https://base.example/",
        articles: [
            ExpectedArticle(
                title: "One", url: "https://base.example/blog/2024/one", image: "https://cdn.example/media/pic.jpg", guid: "1",
                body: .html("<img src=\"pic.jpg\">")
            ),
            ExpectedArticle(title: "Two", url: "https://base.example/blog/two", guid: "2"),
        ]
    )

    static let atom03 = FeedCase(
        name: "Atom 0.3: issued and modified, escaped content",
        document: """
            <?xml version="1.0" encoding="utf-8"?>
            <feed version="0.3" xmlns="http://purl.org/atom/ns#">
            <title>Old Atom</title>
            <link rel="alternate" type="text/html" href="http://old.example/"/>
            <entry>
            <title>Old entry</title>
            <link rel="alternate" type="text/html" href="http://old.example/1"/>
            <id>tag:old.example,2004:1</id>
            <issued>2004-01-01T10:00:00Z</issued>
            <modified>2004-01-02T10:00:00Z</modified>
            <content type="text/html" mode="escaped">&lt;p&gt;Hi&lt;/p&gt;</content>
            </entry>
            </feed>
            """,
        title: "Old Atom", site: "http://old.example/",
        articles: [
            ExpectedArticle(
                title: "Old entry", url: "http://old.example/1", date: "2004-01-01T10:00:00Z", guid: "tag:old.example,2004:1",
                body: .html("<p>Hi</p>"))
        ]
    )

    static let noNamespace = FeedCase(
        name: "An Atom feed that forgot its namespace",
        document: """
            <feed><title>Bare</title><link href="https://bare.example/"/>
            <entry><title>Entry</title><link href="e1"/><id>e1</id><updated>2024-02-03T04:05:06Z</updated></entry></feed>
            """,
        title: "Bare", site: "https://bare.example/",
        articles: [ExpectedArticle(title: "Entry", url: "https://bare.example/e1", date: "2024-02-03T04:05:06Z", guid: "e1")]
    )
}
