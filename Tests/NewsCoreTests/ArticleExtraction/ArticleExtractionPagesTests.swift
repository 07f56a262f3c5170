import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// Each kind of page from our own set (Tests/NewsCoreTests/ArticleExtraction/Pages, never used to
/// tune the extractor): the body read as a person reads it (by the article-extraction benchmark's
/// F1 against the page's `.txt`), without the page's navigation, share bars, related links,
/// comments or banners, and with what the page says of itself.
@Suite("Article extraction: our own pages")
struct ArticleExtractionPagesTests {
    /// The body of `name` against its `.txt`, with the extracted article.
    static func extract(_ name: String, contentType: String = "text/html") throws -> (ExtractedArticle, f1: Double) {
        let expected = try OwnPage.expected(name)
        let article = try ArticleExtractor.extract(page: try OwnPage.page(name), url: expected.url, contentType: contentType).get()
        return (article, ShingleScore.counts(truth: expected.body, prediction: article.text).f1)
    }

    static func expectAbsent(_ phrases: [String], in article: ExtractedArticle, sourceLocation: SourceLocation = #_sourceLocation) {
        for phrase in phrases {
            #expect(!article.text.contains(phrase), "“\(phrase)” is boilerplate", sourceLocation: sourceLocation)
        }
    }

    @Test func aNewsArticleLosesItsNavigationShareBarAdsRelatedLinksAndCookieBanner() throws {
        let (article, f1) = try Self.extract("news-harbour")
        #expect(f1 >= 0.9, "F1 \(f1)\n\(article.text)")
        #expect(article.text.hasPrefix("The harbour bridge will close"), "\(article.text.prefix(200))")
        #expect(article.text.contains("The council said it would review the parking charges"))
        Self.expectAbsent(
            ["We use cookies", "Share on Facebook", "Advertisement", "Ring road widening", "Most read", "All rights reserved", "Sign up", "Opinion"],
            in: article)
        // Its structure comes through as the renderer's HTML.
        #expect(article.html.contains("<h2>Detours and extra buses</h2>"))
        #expect(article.html.contains("<li>Closure starts at 8pm on Tuesday 2 April.</li>"))
        #expect(article.html.contains("<blockquote>"))
        #expect(article.title == "Harbour bridge to close for six weeks of repairs")
        #expect(article.byline == "Priya Natarajan")
        #expect(article.siteName == "The Coastal Courier")
        #expect(article.published == ISO8601.parse("2024-03-11T07:45:00Z"))
        #expect(article.leadImageURL?.absoluteString == "https://media.coastalcourier.example/2024/03/bridge-lead.jpg")
        #expect(article.canonicalURL?.absoluteString == "https://www.coastalcourier.example/news/2024/03/11/harbour-bridge-repairs")
        // No tracker pictures: neither the ad server's nor the one-pixel counter.
        #expect(!article.html.contains("doubleclick"))
        #expect(!article.html.contains("pixel.coastalcourier"))
    }

    @Test func aBlogPostKeepsItsFigureListAndTableButNotItsComments() throws {
        let (article, f1) = try Self.extract("blog-sourdough")
        #expect(f1 >= 0.85, "F1 \(f1)\n\(article.text)")
        #expect(article.text.contains("Start with what you have, and bake every week."))
        Self.expectAbsent(
            ["The notebook tip changed everything", "Leave a Reply", "Share this", "A dark rye for beginners", "Recent Posts", "Proudly powered"], in: article)
        // The lazy picture's real address, not its placeholder; the table as a table.
        #expect(
            article.html.contains(#"<img src="https://crumbandcrust.example/wp-content/uploads/2023/09/crumb.jpg" alt="An open crumb with irregular holes">"#))
        #expect(!article.html.contains("data:image"))
        #expect(article.html.contains("<table>") && article.html.contains("<th>Ingredient</th>"))
        #expect(article.html.contains("<ol><li>Feed the starter the night before.</li>"))
        #expect(article.title == "What I learned from a year of sourdough")
        #expect(article.byline == "Jonas Lindqvist")
        #expect(article.published == ISO8601.parse("2023-09-02T18:20:11+02:00"))
        #expect(!article.html.contains("pixel.wp.com"))
    }

    @Test func documentationKeepsItsCodeAndTableWithoutTheSidebarOrFooter() throws {
        let (article, f1) = try Self.extract("docs-config")
        #expect(f1 >= 0.85, "F1 \(f1)\n\(article.text)")
        #expect(article.html.contains("<pre>"))
        #expect(article.text.contains(#"path = "/srv/tides/raw""#))
        #expect(article.text.contains("Durations are written as a number and a unit"))
        Self.expectAbsent(["Installing", "View page source", "Built with", "Search docs", "Previous"], in: article)
        #expect(article.title == "Configuration files — Tidewater 3.2 documentation")
    }

    @Test func aPageWithMoreCommentsThanArticleGivesTheArticleAlone() throws {
        let (article, f1) = try Self.extract("news-with-comments")
        #expect(f1 >= 0.9, "F1 \(f1)\n\(article.text)")
        #expect(article.text.contains("Repairs to the Hollin reservoir dam"))
        Self.expectAbsent(["dividends", "Load more comments", "Comments are moderated", "Bypass plan approved", "WhatsApp"], in: article)
        #expect(article.byline == "Gwen Roberts, Sam Adeyemi")
        #expect(article.title == "Reservoir repairs will take until 2027, water company admits")
        #expect(article.published == ISO8601.parse("2024-11-20T16:05:00Z"))
        #expect(article.leadImageURL?.absoluteString == "https://cdn.valleypost.example/img/reservoir-wall.jpg")
    }

    @Test func aForumThreadGivesItsPostsWithoutProfilesOrButtons() throws {
        let (article, f1) = try Self.extract("forum-thread")
        #expect(f1 >= 0.7, "F1 \(f1)\n\(article.text)")
        #expect(article.text.contains("My old touring bike has started jumping"))
        Self.expectAbsent(["Who is online", "Powered by", "Board index", "Post Reply"], in: article)
    }

    @Test func aPageInWindows1252IsReadInItsEncoding() throws {
        let (article, f1) = try Self.extract("news-german")
        #expect(f1 >= 0.85, "F1 \(f1)\n\(article.text)")
        #expect(article.text.contains("übernehmen"))
        #expect(article.text.contains("Frühjahr"))
        Self.expectAbsent(["Anzeige", "Mehr zum Thema", "Impressum", "Artikel teilen"], in: article)
        #expect(article.byline == "Katrin Müller")
        #expect(article.leadImageURL?.absoluteString == "https://www.stadtanzeiger.example/bilder/tram-1200.jpg")
        #expect(article.language == "de")
    }

    @Test(arguments: [
        ("not-article-front-page", "https://www.northernledger.example/", NotAnArticle.homePage),
        ("not-article-section", "https://www.dailyalmanac.example/world/", NotAnArticle.homePage),
        ("not-article-paywall", "https://www.marketweekly.example/tech/2024/02/01/battery-race", NotAnArticle.paywall),
        ("not-article-video", "https://coast.example/video/pier-collapse", NotAnArticle.media),
    ])
    func aPageThatIsNoArticleSaysWhyInOneSentence(_ name: String, _ address: String, _ reason: NotAnArticle) throws {
        let result = ArticleExtractor.extract(page: try OwnPage.page(name), url: URL(string: address)!, contentType: "text/html; charset=utf-8")
        #expect(throws: reason) { try result.get() }
        #expect(reason.message.hasSuffix("."))
        #expect(reason.message.split(separator: ". ").count == 1)
    }
}
