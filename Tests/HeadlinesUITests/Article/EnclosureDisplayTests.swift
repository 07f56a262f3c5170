import Foundation
import Testing
@testable import HeadlinesUI
@testable import NewsCore
import SessionTestSupport
import HeadlinesSession

/// An enclosure on screen: a line under the byline with its type, size and duration, its link
/// among the numbered links, and a mark before the age in the list (no column moves).
@Suite("Enclosure display")
struct EnclosureDisplayTests {
    static let episode = Enclosure(
        url: URL(string: "https://cdn.example/show/ep1.mp3")!, mimeType: "audio/mpeg", byteSize: 44_150_000, duration: 3_723)!

    static func podcast(body: ArticleBody? = nil) -> Article {
        Article(
            sourceName: "The Show", author: "Host", title: "Episode one", url: URL(string: "https://show.example/1")!,
            publishedAt: Fixtures.now, body: body, enclosure: episode)
    }

    @Test func theLineUnderTheBylineAndTheLinkAmongTheLinks() {
        let (canvas, _) = ArticleViewTests.render(ArticleState(article: Self.podcast()), width: 60, height: 24)
        let expected = [
            " The Show",
            "  Episode one",
            "  The Show · by Host",
            "  Enclosure: audio/mpeg · 42.1 MiB · 1:02:03",
            "  Sun 29 Nov 2026, 21:40",
        ]
        for (y, text) in expected.enumerated() {
            #expect(canvas.line(y) == padded(text, 60), "line \(y)")
        }
        #expect(canvas.contains("[1] enclosure: https://cdn.example/show/ep1.mp3"))
        #expect(ArticleText.richText(Self.podcast())?.link(1) == Self.episode.url, "link 1 opens it")
    }

    @Test func theLinkComesAfterTheTextsOwnAndIsNotRepeated() {
        let body = ArticleBody.html("<p>See <a href=\"https://show.example/notes\">notes</a>.</p>")
        let text = ArticleText.richText(Self.podcast(body: body))
        #expect(text?.links == [URL(string: "https://show.example/notes")!, Self.episode.url])
        let linked = ArticleBody.html("<p><a href=\"https://cdn.example/show/ep1.mp3\">Listen</a></p>")
        #expect(ArticleText.richText(Self.podcast(body: linked))?.links == [Self.episode.url])
    }

    @Test func whatIsUnknownIsLeftOut() {
        let bare = Enclosure(url: URL(string: "https://cdn.example/x")!)!
        #expect(bare.summary == "file")
        #expect(Enclosure(url: bare.url, mimeType: "video/mp4", duration: 59)?.summary == "video/mp4 · 0:59")
    }

    @Test func theListMarksItBeforeTheAgeInTheMarksStyle() {
        var articles = Fixtures.articles(3)
        articles[1].enclosure = Self.episode
        var state = HeadlinesState(sourceName: "Demo News")
        state.beginLoad()
        state.finishLoad(articles, at: Fixtures.now)
        let (canvas, _) = Fixtures.render(state, width: 100, height: 10)
        let plain = canvas.line(1)
        let marked = canvas.line(2)
        #expect(marked.hasPrefix(HeadlinesView.enclosureMark), "\(marked)")
        #expect(canvas[0, 2].style.role == .mark && canvas[0, 1].style.role != .mark)
        #expect(canvas.column(of: "Headline number 1", y: 2) == canvas.column(of: "Headline number 0", y: 1), "no column moves")
        #expect(plain.hasPrefix(" "))
    }

    @Test func aCachedListKeepsItsGutterAndMarksTheEnclosureAfterIt() {
        var article = Fixtures.article(0)
        article.enclosure = Self.episode
        var state = HeadlinesState(sourceName: "Demo News")
        state.beginLoad()
        state.show([ListRow(article: article, id: ArticleID(1), isStarred: true)])
        state.endLoad(at: Fixtures.now)
        let (canvas, _) = Fixtures.render(state, width: 60, height: 5)
        #expect(canvas.line(1).hasPrefix("*•" + HeadlinesView.enclosureMark + "now"), "\(canvas.line(1))")
    }
}
