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

    /// As feedparser keeps them: an item with only a date, an author or a body is an article.
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
        #expect(edition.articles.map(\.title) == ["", "", "", ""])
        #expect(edition.articles[0].publishedAt != nil && edition.articles[1].author == "Ann" && edition.articles[2].body != nil)
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
