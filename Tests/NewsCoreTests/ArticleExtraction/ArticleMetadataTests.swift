import Foundation
import Testing
@testable import NewsCore

/// What a page says of itself: Open Graph and other `<meta>` tags first, then JSON-LD, then
/// `<title>` and `<time>`; all of it sanitised.
@Suite("Article extraction: metadata")
struct ArticleMetadataTests {
    static let url = URL(string: "https://news.example/2024/05/story")!
    static let body = "<p>" + String(repeating: "A sentence of the article that runs on, with a comma or two, and ends. ", count: 8) + "</p>"

    static func extract(head: String, body: String = ArticleMetadataTests.body) throws -> ExtractedArticle {
        let page = "<!doctype html><html><head>\(head)</head><body><article>\(body)</article></body></html>"
        return try ArticleExtractor.extract(page: Data(page.utf8), url: url, contentType: "text/html; charset=utf-8").get()
    }

    @Test func metaTagsGiveTitleBylineDateSiteAndPicture() throws {
        let article = try Self.extract(
            head: """
                <title>Ignored | Site</title><meta property="og:title" content="The &amp; title">
                <meta name="author" content="Ada Lovelace"><meta property="article:published_time" content="2024-05-02T10:00:00+02:00">
                <meta property="og:site_name" content="Example News"><meta property="og:image" content="/img/lead.jpg">
                """)
        #expect(article.title == "The & title")
        #expect(article.byline == "Ada Lovelace")
        #expect(article.published == ISO8601.parse("2024-05-02T08:00:00Z"))
        #expect(article.siteName == "Example News")
        #expect(article.leadImageURL?.absoluteString == "https://news.example/img/lead.jpg")
    }

    @Test func jsonLinkedDataInAGraphGivesWhatTheMetaTagsLack() throws {
        let article = try Self.extract(
            head: """
                <title>Fallback title</title>
                <script type="application/ld+json">not json at all</script>
                <script type="application/ld+json">
                {"@context":"https://schema.org","@graph":[{"@type":"WebPage","name":"page"},
                 {"@type":"NewsArticle","headline":"From JSON-LD","datePublished":"2023-01-31T12:00:00Z",
                  "author":[{"@type":"Person","name":"Grace Hopper"},{"@type":"Person","name":"Alan Turing"},"https://x.example/profile"],
                  "image":[{"@type":"ImageObject","url":"https://cdn.example/a.jpg"}],"publisher":{"@type":"Organization","name":"JSON News"}}]}
                </script>
                """)
        #expect(article.title == "From JSON-LD")
        #expect(article.byline == "Grace Hopper, Alan Turing")
        #expect(article.published == ISO8601.parse("2023-01-31T12:00:00Z"))
        #expect(article.leadImageURL?.absoluteString == "https://cdn.example/a.jpg")
        #expect(article.siteName == "JSON News")
    }

    @Test func theTitleElementAndATimeElementAreTheLastResort() throws {
        let article = try Self.extract(
            head: "<title>Only  the\ttitle</title>",
            body: "<time datetime=\"2022-07-04\">4 July</time>" + Self.body + "<img src=\"/first.png\" alt=\"chart\">")
        #expect(article.title == "Only the title")
        #expect(article.byline == nil)
        #expect(article.published == ISO8601.parse("2022-07-04T00:00:00Z"))
        #expect(article.leadImageURL?.absoluteString == "https://news.example/first.png")
    }

    @Test func metadataIsSanitisedAndTrackersAreNoLeadPicture() throws {
        let article = try Self.extract(
            head: """
                <meta property="og:title" content="Title&#27;[2J with an escape\u{1B}]0;owned\u{07}">
                <meta name="author" content="\u{202E}Mallory">
                <meta property="og:image" content="https://www.facebook.com/tr?id=1&ev=PageView">
                """)
        #expect(article.title == "Title with an escape")
        #expect(article.byline == "Mallory")
        #expect(article.leadImageURL == nil)
    }
}
