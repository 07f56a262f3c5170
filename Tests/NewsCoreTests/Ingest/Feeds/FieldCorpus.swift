@testable import NewsCore

/// One feed per field whose forms vary in the wild: every image form in its order of
/// preference, every date form, every kind of body.
enum FieldCorpus {
    static let cases = [images, dates, bodies]

    /// An RSS item with a title and link `https://f.example/<title>`, plus `extra` inside it.
    private static func item(_ title: String, _ extra: String) -> String {
        "<item><title>\(title)</title><link>https://f.example/\(title)</link>\(extra)</item>"
    }

    private static func feed(_ items: [String]) -> String {
        """
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"
             xmlns:media="http://search.yahoo.com/mrss/"><channel><title>F</title><link>https://f.example/</link>
        \(items.joined(separator: "\n"))
        </channel></rss>
        """
    }

    private static func article(
        _ title: String, date: String? = nil, image: String? = nil, description: String? = nil,
        body: ArticleBody? = nil
    ) -> ExpectedArticle {
        ExpectedArticle(title: title, url: "https://f.example/\(title)", date: date, image: image, description: description, body: body)
    }

    static let images = FeedCase(
        name: "Every image form, in the issue's order of preference",
        document: feed([
            item("medium", #"<media:content url="https://f.example/m.jpg" medium="image"/>"#),
            item("type", #"<media:content url="https://f.example/t.jpg" type="image/jpeg"/>"#),
            item("extension", #"<media:content url="https://f.example/e.webp?x=1"/>"#),
            item("video", #"<media:content url="https://f.example/v.mp4" medium="video"/><media:thumbnail url="https://f.example/v.jpg"/>"#),
            item("thumbnailFirst", #"<media:thumbnail url="https://f.example/th.jpg"/><media:content url="https://f.example/c.jpg" medium="image"/>"#),
            item("group", #"<media:group><media:content url="https://f.example/g.png" type="image/png"/></media:group>"#),
            item("enclosure", #"<enclosure url="https://f.example/en.gif" type="image/gif" length="1"/>"#),
            item(
                "enclosureOverMediaVideo",
                #"<media:content url="https://f.example/x.mp4" type="video/mp4"/><enclosure url="https://f.example/en2.png" type="image/png"/>"#),
            item(
                "audio",
                #"<enclosure url="https://f.example/a.mp3" type="audio/mpeg"/><content:encoded><![CDATA[<p><img src="/in-content.jpg"></p>]]></content:encoded>"#
            ),
            item("summaryImage", #"<description>&lt;img src="https://f.example/d.jpg"&gt; Caption</description>"#),
            item("none", ""),
        ]),
        title: "F", site: "https://f.example/",
        articles: [
            article("medium", image: "https://f.example/m.jpg"),
            article("type", image: "https://f.example/t.jpg"),
            article("extension", image: "https://f.example/e.webp?x=1"),
            article("video", image: "https://f.example/v.jpg"),
            article("thumbnailFirst", image: "https://f.example/c.jpg"),
            article("group", image: "https://f.example/g.png"),
            article("enclosure", image: "https://f.example/en.gif"),
            article("enclosureOverMediaVideo", image: "https://f.example/en2.png"),
            article("audio", image: "https://f.example/in-content.jpg", body: .html(#"<p><img src="/in-content.jpg"></p>"#)),
            article(
                "summaryImage", image: "https://f.example/d.jpg", description: "Caption",
                body: .html(#"<img src="https://f.example/d.jpg"> Caption"#)),
            article("none"),
        ]
    )

    static let dates = FeedCase(
        name: "Dates: pubDate and dc:date forms, the better one kept, an unreadable one never guessed",
        document: feed([
            item("gmt", "<pubDate>Sun, 05 May 2024 10:00:00 GMT</pubDate>"),
            item("offset", "<pubDate>Sun, 05 May 2024 12:00:00 +0200</pubDate>"),
            item("pacific", "<pubDate>Sun, 05 May 2024 03:00:00 PDT</pubDate>"),
            item("noWeekday", "<pubDate>5 May 24 10:00 Z</pubDate>"),
            item("wrongWeekday", "<pubDate>Mon, 05 May 2024 10:00:00 UT</pubDate>"),
            item("dcDate", "<dc:date>2024-05-05T10:00:00Z</dc:date>"),
            item("dcDateOnly", "<dc:date>2024-05-05</dc:date>"),
            item("both", "<dc:date>2001-01-01T00:00:00Z</dc:date><pubDate>Sun, 05 May 2024 10:00:00 GMT</pubDate>"),
            item("unreadablePubDate", "<pubDate>sometime soon</pubDate><dc:date>2024-05-05T10:00:00+00:00</dc:date>"),
            item("unreadable", "<pubDate>31/02/2024</pubDate>"),
            item("isoInPubDate", "<pubDate>2024-05-05T10:00:00Z</pubDate>"),
        ]),
        title: "F", site: "https://f.example/",
        articles: [
            article("gmt", date: "2024-05-05T10:00:00Z"), article("offset", date: "2024-05-05T10:00:00Z"),
            article("pacific", date: "2024-05-05T10:00:00Z"), article("noWeekday", date: "2024-05-05T10:00:00Z"),
            article("wrongWeekday", date: "2024-05-05T10:00:00Z"), article("dcDate", date: "2024-05-05T10:00:00Z"),
            article("dcDateOnly", date: "2024-05-05T00:00:00Z"), article("both", date: "2024-05-05T10:00:00Z"),
            article("unreadablePubDate", date: "2024-05-05T10:00:00Z"), article("unreadable"),
            article("isoInPubDate", date: "2024-05-05T10:00:00Z"),
        ]
    )

    static let bodies = FeedCase(
        name: "Bodies: content:encoded as received, else an HTML summary; a plain summary is only the description",
        document: feed([
            item("content", "<description>Short</description><content:encoded>&lt;p&gt;Long &amp;amp; full&lt;/p&gt;</content:encoded>"),
            item("htmlSummary", "<description>&lt;p&gt;Only &lt;a href=\"/x\"&gt;this&lt;/a&gt;&lt;/p&gt;</description>"),
            item("plainSummary", "<description>Just words &amp; more</description>"),
            item("blankContent", "<description>Kept</description><content:encoded>   </content:encoded>"),
        ]),
        title: "F", site: "https://f.example/",
        articles: [
            article("content", description: "Short", body: .html("<p>Long &amp; full</p>")),
            article("htmlSummary", description: "Only this", body: .html(#"<p>Only <a href="/x">this</a></p>"#)),
            article("plainSummary", description: "Just words & more"),
            article("blankContent", description: "Kept"),
        ]
    )
}
