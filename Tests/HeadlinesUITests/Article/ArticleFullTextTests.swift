import Foundation
import Testing
@testable import HeadlinesUI
import NewsCore
import SessionTestSupport

/// A feed article's full text in the article view: laid out from its HTML with numbered links;
/// NewsAPI articles (no body) keep their description and content.
@Suite("Article full text")
struct ArticleFullTextTests {
    static let html = """
        <h2>What changed</h2>
        <p>The <a href="/notes">release notes</a> list three things:</p>
        <ul><li>faster starts</li><li>a <a href="https://docs.example/guide">new guide</a></li><li>fewer crashes</li></ul>
        <p>See <a href="https://news.example/notes">the notes</a> again, and <script>alert(1)</script>enjoy.</p>
        """

    static func feedArticle(body: ArticleBody? = .html(html)) -> Article {
        Article(
            sourceName: "Feed", title: "Version 10", description: "The summary, not shown when there is a body.",
            url: URL(string: "https://news.example/articles/10")!, publishedAt: Fixtures.now, body: body)
    }

    static func lines(_ article: Article, width: Int = 60) -> [StyledLine] {
        ArticleView(state: ArticleState(article: article), layout: ScreenLayout(width: width, height: 30, withImageRow: true), localTime: Fixtures.utcTime)
            .lines().lines
    }

    @Test func theBodyIsLaidOutWithHeadingsListsAndNumberedLinks() {
        let lines = Self.lines(Self.feedArticle())
        #expect(
            lines.map(\.text) == [
                "Version 10",
                "Feed",
                "Sun 29 Nov 2026, 21:40",
                "",
                "What changed",
                "",
                "The release notes[1] list three things:",
                "",
                "• faster starts",
                "• a new guide[2]",
                "• fewer crashes",
                "",
                "See the notes[1] again, and enjoy.",
                "",
                "Links",
                "[1] https://news.example/notes",
                "[2] https://docs.example/guide",
                "",
                "https://news.example/articles/10",
                "",
            ])
        #expect(lines[4].runs.first?.style == RichTextLayout.headingStyle)  // the heading
        #expect(lines[8].runs.first?.style == RichTextLayout.markerStyle)
        #expect(lines[6].runs.contains { $0.text == "release notes" && $0.style == RichTextLayout.linkStyle })
    }

    @Test(arguments: [20, 33, 48, 80, 120])
    func everyLineFitsTheTextColumns(_ width: Int) {
        let lines = Self.lines(Self.feedArticle(), width: width)
        for line in lines { #expect(line.width <= width - 4, "\(width): \(line.text)") }
        #expect(lines.contains { $0.text.hasPrefix("[2]") })
    }

    @Test func plainTextBodiesKeepTheirParagraphs() {
        let lines = Self.lines(Self.feedArticle(body: .text("First paragraph.\n\nSecond one.")))
        #expect(Array(lines.map(\.text)[4...]) == ["First paragraph.", "", "Second one.", "", "https://news.example/articles/10", ""])
    }

    @Test func aBodyThatReadsAsNothingFallsBackToTheSummary() {
        let lines = Self.lines(Self.feedArticle(body: .html("<script>only()</script>")))
        #expect(lines.map(\.text).contains("The summary, not shown when there is a body."))
    }

    @Test func newsAPIArticlesKeepTheirDescriptionAndContent() {
        let lines = Self.lines(ArticleViewTests.article(), width: 40).map(\.text)
        #expect(
            lines == [
                "Swift on the terminal: a headline", "that needs two lines", "Example Times · by Ada Lovelace", "Sun 29 Nov 2026, 21:40", "",
                "A short description.", "", "Content paragraph with 世界 wide", "characters and an emoji 🚀 to wrap.", "",
                "https://news.example/articles/2026/1", "1/29/swift-on-the-terminal-headline", "",
            ])
    }

    @Test @MainActor func theScreenLaysTheTextOutOncePerWidth() async throws {
        let host = try TestHost(isRoot: false)
        let screen = ArticleScreen(article: Self.feedArticle(), services: try await host.services(ScriptedSource([.success(Edition(articles: []))])))
        var first = Canvas(width: 60, height: 20)
        screen.render(into: &first)
        var again = Canvas(width: 60, height: 20)
        screen.render(into: &again)
        #expect(first == again)
        #expect(first.contains("• a new guide[2]"))
        var narrow = Canvas(width: 44, height: 20)
        screen.render(into: &narrow)
        #expect(narrow.contains("The release notes[1] list three"))
    }
}
