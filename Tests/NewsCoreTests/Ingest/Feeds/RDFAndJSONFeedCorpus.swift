@testable import NewsCore

/// RSS 1.0 and 0.90 (RDF) and JSON Feed 1.0 and 1.1 documents, with what each must decode to.
enum RDFCorpus {
    static let cases = [rss10, rss090]

    static let rss10 = FeedCase(
        name: "RSS 1.0: items beside the channel, rdf:about, dc:date, content:encoded",
        document: """
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                     xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
            <channel rdf:about="http://rdf.example/rss">
              <title>RDF Times</title>
              <link>http://rdf.example/</link>
              <description>Daily</description>
              <items><rdf:Seq><rdf:li rdf:resource="http://rdf.example/a"/><rdf:li rdf:resource="http://rdf.example/b"/></rdf:Seq></items>
            </channel>
            <item rdf:about="http://rdf.example/a">
              <title>Alpha</title>
              <link>http://rdf.example/a?ref=rss</link>
              <description>First &amp;amp; foremost</description>
              <dc:date>2004-02-01T08:00:00-05:00</dc:date>
              <dc:creator>Al</dc:creator>
              <content:encoded><![CDATA[<p>Alpha body</p>]]></content:encoded>
            </item>
            <item rdf:about="http://rdf.example/b">
              <title>Beta</title>
              <dc:date>2004-02-02</dc:date>
            </item>
            </rdf:RDF>
            """,
        title: "RDF Times", site: "http://rdf.example/",
        articles: [
            ExpectedArticle(
                title: "Alpha", url: "http://rdf.example/a?ref=rss", date: "2004-02-01T13:00:00Z", guid: "http://rdf.example/a",
                author: "Al", description: "First & foremost", body: .html("<p>Alpha body</p>")
            ),
            ExpectedArticle(title: "Beta", url: "http://rdf.example/b", date: "2004-02-02T00:00:00Z", guid: "http://rdf.example/b"),
        ]
    )

    static let rss090 = FeedCase(
        name: "RSS 0.90 (Netscape's RDF namespace)",
        document: """
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/">
            <channel><title>Mozilla Dot Org</title><link>http://www.mozilla.org</link><description>the Mozilla Organization</description></channel>
            <image><title>Mozilla</title><url>http://www.mozilla.org/images/moz.gif</url><link>http://www.mozilla.org</link></image>
            <item><title>New Status Updates</title><link>http://www.mozilla.org/status/</link></item>
            <item><title>Bugzilla Reorganized</title><link>http://www.mozilla.org/bugs/</link></item>
            </rdf:RDF>
            """,
        title: "Mozilla Dot Org", site: "http://www.mozilla.org",
        articles: [
            ExpectedArticle(title: "New Status Updates", url: "http://www.mozilla.org/status/"),
            ExpectedArticle(title: "Bugzilla Reorganized", url: "http://www.mozilla.org/bugs/"),
        ]
    )
}

enum JSONFeedCorpus {
    static let cases = [version11, version10]

    static let version11 = FeedCase(
        name: "JSON Feed 1.1: content_html and content_text, image and banner, authors, relative URLs",
        document: #"""
            {
              "version": "https://jsonfeed.org/version/1.1",
              "title": "JSON &amp; Friends <3",
              "home_page_url": "https://json.example/",
              "feed_url": "https://json.example/feed.json",
              "authors": [{"name": "Feed Person"}],
              "items": [
                {"id": "1", "url": "https://json.example/1", "title": "Die Rückkehr von <i> und <b>",
                 "content_html": "<p>Hello <img src=\"/a.png\"></p>", "summary": "Hello there",
                 "date_published": "2024-06-01T10:00:00+02:00", "authors": [{"name": "Jo"}]},
                {"id": 2, "external_url": "https://elsewhere.example/2", "title": "Linked", "content_text": "Plain\ntext",
                 "image": "img/2.jpg", "banner_image": "https://json.example/banner.jpg", "date_modified": "2024-06-02T00:00:00Z"},
                {"id": "3", "url": "posts/3", "content_text": "A micro post with no title", "banner_image": "https://json.example/b3.jpg",
                 "date_published": "last Tuesday"},
                "not an object",
                {"id": "5", "title": "No link"}
              ]
            }
            """#,
        // Titles are plain text (issue 30): written as they are, not read as HTML.
        title: "JSON &amp; Friends <3", site: "https://json.example/", skipped: 1,
        articles: [
            ExpectedArticle(
                title: "Die Rückkehr von <i> und <b>", url: "https://json.example/1", date: "2024-06-01T08:00:00Z", image: "https://json.example/a.png",
                guid: "1", author: "Jo", description: "Hello there", body: .html("<p>Hello <img src=\"/a.png\"></p>")
            ),
            ExpectedArticle(
                title: "Linked", url: "https://elsewhere.example/2", date: "2024-06-02T00:00:00Z", image: "https://json.example/img/2.jpg",
                guid: "2", author: "Feed Person", body: .text("Plain\ntext")
            ),
            ExpectedArticle(
                title: "A micro post with no title", url: "https://json.example/posts/3", image: "https://json.example/b3.jpg",
                guid: "3", author: "Feed Person", body: .text("A micro post with no title")
            ),
            ExpectedArticle(title: "No link", url: nil, guid: "5", author: "Feed Person"),
        ]
    )

    static let version10 = FeedCase(
        name: "JSON Feed 1.0: the author object, no home page (the feed's URL is the base)",
        document: #"""
            {"version": "https://jsonfeed.org/version/1", "title": "Old JSON", "author": {"name": "Old Style"},
             "items": [{"id": "x", "url": "x.html", "title": "X", "content_text": "x", "date_modified": "2020-01-01T00:00:00Z"}]}
            """#,
        title: "Old JSON",
        articles: [
            ExpectedArticle(
                title: "X", url: "https://feeds.example.com/news/x.html", date: "2020-01-01T00:00:00Z", guid: "x", author: "Old Style",
                body: .text("x")
            )
        ]
    )
}
