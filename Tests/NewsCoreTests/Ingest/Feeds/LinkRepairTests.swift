import Foundation
import Testing
@testable import NewsCore

/// Links that feeds write with raw spaces, brackets or non-ASCII are repaired so that they
/// parse, and the escapes they already hold are kept: `caf%C3%A9 menu` once became
/// `caf%25C3%25A9%20menu`, another address, opened, printed and stored that way.
@Suite("Links kept as written")
struct LinkRepairTests {
    @Test(
        "a link with escapes and raw characters keeps its escapes",
        arguments: [
            // The link.
            ("http://a.example/caf%C3%A9 menu?q=a%26b", "http://a.example/caf%C3%A9%20menu?q=a%26b"),
            // WordPress writes lower-case escapes, and titles in brackets raw.
            (
                "https://blog.example.wordpress.com/2024/05/01/%e2%80%8bsummer-[update]/",
                "https://blog.example.wordpress.com/2024/05/01/%e2%80%8bsummer-%5Bupdate%5D/"
            ),
            // A news site's search link: an encoded slash, a raw space and raw non-ASCII.
            (
                "https://www.example-news.de/suche?q=k%C3%BCnstliche Intelligenz&filter=a%2Fb&ort=Zürich",
                "https://www.example-news.de/suche?q=k%C3%BCnstliche%20Intelligenz&filter=a%2Fb&ort=Z%C3%BCrich"
            ),
            // A `%` that starts no escape is escaped itself.
            ("https://a.example/100% sure", "https://a.example/100%25%20sure"),
            // The brackets of an IPv6 host are the host's; a space after them is repaired.
            ("http://[::1]:8080/a b", "http://[::1]:8080/a%20b"),
            // Valid as written: untouched.
            ("https://a.example/caf%C3%A9?q=a%26b#top", "https://a.example/caf%C3%A9?q=a%26b#top"),
        ])
    func absoluteLinks(written: String, expected: String) throws {
        let url = try #require(URLPolicy.articleURL(written, relativeTo: nil))
        #expect(url.absoluteString == expected)
        #expect(URLPolicy.imageURL(written, relativeTo: nil)?.absoluteString == expected)
    }

    @Test func aRelativeLinkKeepsItsEscapes() throws {
        let base = URL(string: "https://site.example/news/")!
        let url = try #require(URLPolicy.articleURL("caf%C3%A9 menu?q=a%26b", relativeTo: base))
        #expect(url.absoluteString == "https://site.example/news/caf%C3%A9%20menu?q=a%26b")
    }

    @Test func aRedirectKeepsItsEscapes() throws {
        let base = URL(string: "https://site.example/old")!
        let url = try #require(RedirectPolicy.resolve("/caf%C3%A9 menu?q=a%26b", against: base))
        #expect(url.absoluteString == "https://site.example/caf%C3%A9%20menu?q=a%26b")
    }

    @Test func aFeedItemsLinkAndImageKeepTheirEscapes() throws {
        let edition = try FeedTesting.decode(
            FeedTesting.rss(
                item: """
                    <title>Menu</title><link>http://a.example/caf%C3%A9 menu?q=a%26b</link>
                    <enclosure url="https://img.example/photos/%C3%A9t%C3%A9 [1].jpg" type="image/jpeg" length="1"/>
                    """))
        let article = try #require(edition.articles.first)
        #expect(article.url?.absoluteString == "http://a.example/caf%C3%A9%20menu?q=a%26b")
        #expect(article.imageURL?.absoluteString == "https://img.example/photos/%C3%A9t%C3%A9%20%5B1%5D.jpg")
    }
}
