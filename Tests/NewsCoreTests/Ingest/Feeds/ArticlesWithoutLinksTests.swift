import Foundation
import Testing
@testable import NewsCore

/// Items without a link (announcements, podcast episodes, JSON Feed items with only an `id`)
/// are articles without one, not dropped items.
@Suite("Articles without links")
struct ArticlesWithoutLinksTests {
    @Test func rssItemsWithoutALinkAreKept() throws {
        let edition = try FeedTesting.decode(
            FeedTesting.rss(
                item: """
                    <title>Announcement</title><description>Office closed on Friday</description></item>
                    <item><title>Episode 12</title><guid>episode-12</guid><enclosure url="https://site.example/12.mp3" type="audio/mpeg"/></item>
                    <item><title>Permalink</title><guid>https://site.example/p</guid></item>
                    <item><description></description></item>
                    <item><title>Refused</title><link>javascript:alert(1)</link></item>
                    <item><title>Announcement</title><description>The same item twice</description>
                    """))
        #expect(edition.articles.map(\.title) == ["Announcement", "Episode 12", "Permalink"])
        #expect(edition.articles.map { $0.url?.absoluteString } == [nil, nil, "https://site.example/p"])
        // A permalink GUID that is not a URL is only a GUID: it does not become a link on the site.
        #expect(edition.articles[1].guid == "episode-12")
        // Nothing to show, a refused link, and a repeat (same title, no date) are skipped.
        #expect(edition.skipped == 3)
    }

    /// As feedparser keeps them: an item with only a date, an author or a body is an article,
    /// under a title made for it (issue 30: no blank rows).
    @Test func itemsWithOnlyADateAuthorOrBodyAreKept() throws {
        let edition = try FeedTesting.decode(
            FeedTesting.rss(
                item: """
                    <pubDate>Sun, 05 May 2024 10:00:00 GMT</pubDate></item>
                    <item><author>Ann</author><pubDate>Mon, 06 May 2024 10:00:00 GMT</pubDate></item>
                    <item><content:encoded>&lt;span class="x"&gt;&lt;/span&gt;</content:encoded></item>
                    <item><title>&lt;img src="https://site.example/i.png"&gt;</title><pubDate>Tue, 07 May 2024 10:00:00 GMT</pubDate></item>
                    <item><title> </title>
                    """))
        #expect(edition.articles.count == 4 && edition.skipped == 1)
        #expect(edition.articles.map(\.title) == ["Untitled, 5 May", "Untitled, 6 May", "Untitled, T", "Untitled, 7 May"])
        #expect(edition.articles[0].publishedAt != nil && edition.articles[1].author == "Ann" && edition.articles[2].body != nil)
    }

    /// Issue 30: no blank rows. An item with an id and nothing else to show or open is left out,
    /// and the edition says so (printed with `--verbose`).
    @Test func anItemWithOnlyAnIDIsLeftOutAndSaidSo() throws {
        let edition = try FeedTesting.decode(
            FeedTesting.rss(
                item: """
                    <guid isPermaLink="false">only-an-id</guid></item>
                    <item><guid isPermaLink="false">another</guid><title> </title></item>
                    <item><title>Kept</title>
                    """))
        #expect(edition.articles.map(\.title) == ["Kept"])
        #expect(edition.skipped == 2)
        #expect(edition.notes.contains(FeedNotes.nothingToShow(2)))
    }

    /// Issue 30: a title or summary that is only an image shows its `alt`; a feed title too.
    @Test func anImageOnlyTitleShowsItsAlt() throws {
        let edition = try FeedTesting.decode(
            """
            <rss version="2.0"><channel><title>&lt;img src="/logo.png" alt="년"&gt;</title>
            <item><title>&lt;img src="/t.png" alt="Today's chart"&gt;</title><link>https://site.example/1</link></item>
            <item><description>&lt;img src="/d.png" alt="A drawing"&gt;</description><link>https://site.example/2</link></item>
            </channel></rss>
            """)
        #expect(edition.title == "년")
        #expect(edition.articles.map(\.title) == ["Today's chart", "A drawing"])
        #expect(edition.articles.last?.description == "A drawing")
    }

    /// Issue 30: podcast pictures as `<itunes:image url>` and `<itunes:link rel="image">`; an
    /// episode whose only content is such a picture is kept.
    @Test func itunesPicturesInEveryForm() throws {
        let edition = try FeedTesting.decode(
            FeedTesting.rss(
                item: """
                    <title>A</title><itunes:image url="https://site.example/a.jpg"/></item>
                    <item><title>B</title><itunes:link rel="image" type="image/jpeg" href="https://site.example/b.jpg"/></item>
                    <item><itunes:image href="https://site.example/c.jpg"/>
                    """
            ).replacingOccurrences(of: "xmlns:media=", with: "xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\" xmlns:media="))
        #expect(
            edition.articles.map { $0.imageURL?.absoluteString } == ["https://site.example/a.jpg", "https://site.example/b.jpg", "https://site.example/c.jpg"])
        #expect(edition.articles.count == 3)
        #expect(edition.articles.last?.title.hasPrefix("Untitled") == true)
    }

    @Test func identityWithoutALinkIsTheGUIDElseTheTitleAndDate() {
        let dated = Article(title: "T", url: nil, publishedAt: Date(timeIntervalSince1970: 0))
        #expect(dated.identity == "t:1970-01-01T00:00:00Z T")
        #expect(Article(title: "T", url: nil).identity != dated.identity)
        #expect(Article(title: "T", url: nil, guid: "g").identity == "g:g")
    }

    @Test func jsonFeedItemsWithOnlyAnIDAreKept() throws {
        let edition = try FeedTesting.decode(#"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"a","content_text":"Just words"}]}"#)
        let article = try #require(edition.articles.first)
        #expect(article.url == nil && article.guid == "a" && article.title == "Just words")
    }
}
