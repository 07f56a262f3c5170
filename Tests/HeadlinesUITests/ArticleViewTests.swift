import Foundation
import Testing
@testable import HeadlinesUI
@testable import NewsCore
import SessionTestSupport
@testable import HeadlinesSession

@Suite("ArticleView")
struct ArticleViewTests {
    static let link = "https://news.example/articles/2026/11/29/swift-on-the-terminal-headline"

    static func article(imageURL: URL? = nil) -> Article {
        Article(
            sourceName: "Example Times",
            author: "Ada Lovelace",
            title: "Swift on the terminal: a headline that needs two lines",
            description: "A short description.",
            url: URL(string: link)!,
            imageURL: imageURL,
            publishedAt: Fixtures.now,
            content: "Content paragraph with 世界 wide characters and an emoji 🚀 to wrap."
        )
    }

    /// Draws `state` scrolled by `offset` (clamped as the screen clamps it) at `width`×`height`.
    static func render(_ state: ArticleState, width: Int, height: Int, offset: Int = 0) -> (canvas: Canvas, offset: Int) {
        var state = state
        var canvas = Canvas(width: width, height: height)
        let layout = ScreenLayout(width: width, height: height, withImageRow: true)
        var view = ArticleView(state: state, layout: layout, localTime: Fixtures.utcTime)
        let lines = view.lines()
        state.scroll(.by(offset), lineCount: lines.count, rows: layout.bodyRows)
        view.state = state
        view.render(lines, into: &canvas)
        return (canvas, state.offset)
    }

    static func view(_ state: ArticleState, width: Int, height: Int = 30) -> ArticleView {
        ArticleView(state: state, layout: ScreenLayout(width: width, height: height, withImageRow: true), localTime: Fixtures.utcTime)
    }

    @Test("title, byline, date, description, content and URL, wrapped to the width")
    func layout() {
        let (canvas, offset) = Self.render(ArticleState(article: Self.article()), width: 40, height: 24)
        #expect(offset == 0)
        let expected = [
            " Example Times",
            "  Swift on the terminal: a headline",
            "  that needs two lines",
            "  Example Times · by Ada Lovelace",
            "  Sun 29 Nov 2026, 21:40",
            "",
            "  A short description.",
            "",
            "  Content paragraph with 世界 wide",
            "  characters and an emoji 🚀 to wrap.",
            "",
            "  https://news.example/articles/2026/1",
            "  1/29/swift-on-the-terminal-headline",
        ]
        for (y, text) in expected.enumerated() {
            #expect(canvas.line(y) == padded(text, 40), "line \(y)")
        }
        for y in expected.count..<22 { #expect(canvas.line(y) == padded("", 40), "line \(y)") }
        #expect(canvas.line(22) == padded("", 40), "no picture, no line about it")
        // The hints are cut to leave the right half to "Article".
        #expect(canvas.line(23) == " j scroll · o open · d save · … Article ")
        // Styles follow the parts.
        #expect(canvas[2, 1].style == Style(.accent, bold: true))
        #expect(canvas[2, 3].style == Style(.source))
        #expect(canvas[2, 4].style == Style(.date))
        #expect(canvas[2, 6].style == Style(.normal, bold: true))
        #expect(canvas[2, 11].style == Style(.link, underline: true))
        #expect(canvas.styles(0) == Array(repeating: .header, count: 40))
    }

    @Test("the body lines fit the text column at every width", arguments: [10, 20, 33, 40, 57, 80, 120])
    func linesFit(width: Int) {
        let view = Self.view(ArticleState(article: Self.article()), width: width)
        let lines = view.lines()
        for line in lines.lines { #expect(TextWidth.of(line.text) <= max(1, width - 4), "\(width): \(line.text)") }
        // The whole link is there, in order, whatever the width.
        let linkLines = lines.lines.filter { $0.runs.first?.style == Style(.link, underline: true) }.map(\.text)
        #expect(linkLines.joined() == Self.link)
        var canvas = Canvas(width: width, height: 30)
        view.render(lines, into: &canvas)
        for y in 0..<30 { #expect(TextWidth.of(canvas.line(y)) == width) }
    }

    @Test("a missing title, byline and date have stand-ins")
    func standIns() {
        let bare = Article(title: "", url: URL(string: "https://news.example/x")!)
        let lines = Self.view(ArticleState(article: bare), width: 40).lines().lines.map(\.text)
        #expect(lines == ["(untitled)", "Undated", "", "https://news.example/x", ""])
        let (canvas, _) = Self.render(ArticleState(article: bare), width: 40, height: 10)
        #expect(canvas.line(0) == padded(" Article", 40))
    }

    @Test("no image: no image line (not \"Image: none\")")
    func imageNone() {
        let state = ArticleState(article: Self.article())
        #expect(state.image == .none)
        let (canvas, _) = Self.render(state, width: 80, height: 24)
        #expect(canvas.line(22) == padded("", 80))
        #expect(!(0..<24).contains { canvas.line($0).contains("Image") })
    }

    @Test("image line: connecting, before any byte")
    func imageConnecting() {
        var state = ArticleState(article: Self.article(imageURL: URL(string: "https://img.example/a.png")!))
        #expect(state.image == .loading(nil))
        state.advanceTick()
        let (canvas, _) = Self.render(state, width: 80, height: 24)
        #expect(canvas.line(22) == padded("  Image: ⠙ connecting…", 80))
    }

    @Test("image line: a progress bar, the percent and the bytes so far")
    func imageProgress() {
        var state = ArticleState(article: Self.article(imageURL: URL(string: "https://img.example/a.png")!))
        state.imageProgress(TransferProgress(received: 46_080, expected: 102_400))
        let (canvas, _) = Self.render(state, width: 80, height: 24)
        // 80 columns: a 40-column bar, 38 inside; 45% of 38 is 17 cells.
        let bar = "[" + String(repeating: "#", count: 17) + String(repeating: "·", count: 21) + "]"
        #expect(canvas.line(22) == padded("  Image: " + bar + "  45% 45 KiB", 80))
        #expect(canvas[2, 22].style == Style(.progress))
    }

    @Test("image line: an unknown size gives a bouncing bar and ?%")
    func imageIndeterminate() {
        var state = ArticleState(article: Self.article(imageURL: URL(string: "https://img.example/a.png")!))
        state.imageProgress(TransferProgress(received: 2048, expected: nil))
        state.advanceTick()
        state.advanceTick()
        let (canvas, _) = Self.render(state, width: 50, height: 24)
        // 50 columns: the smallest bar, 10 columns, 8 inside; the block starts at tick 2.
        #expect(canvas.line(22) == padded("  Image: [··###···]   ?% 2 KiB", 50))
    }

    @Test("image line: loaded shows type, pixel size and bytes")
    func imageLoaded() {
        var state = ArticleState(article: Self.article(imageURL: URL(string: "https://img.example/a.png")!))
        state.imageLoaded(ImageInfo(format: .png, width: 640, height: 360, byteCount: 3 * 1024))
        let (canvas, _) = Self.render(state, width: 80, height: 24)
        #expect(canvas.line(22) == padded("  Image: PNG, 640×360, 3 KiB", 80))
        #expect(canvas[2, 22].style == Style(.success))
    }

    @Test("image line: failed shows why")
    func imageFailed() {
        var state = ArticleState(article: Self.article(imageURL: URL(string: "https://img.example/a.png")!))
        state.imageFailed(NewsError.http(status: 404, code: nil, message: nil).message)
        let (canvas, _) = Self.render(state, width: 80, height: 24)
        #expect(canvas.line(22) == padded("  Image: HTTP 404: Not Found.", 80))
        #expect(canvas[2, 22].style == .error)
    }

    @Test("scrolling clamps to the text and reports how far it is")
    func scrollingClamps() {
        let state = ArticleState(article: Self.article())
        let total = Self.view(state, width: 40).lines().count
        #expect(total == 13)
        // 40×10: 7 text rows, so the last offset is 13 − 7 = 6.
        let top = Self.render(state, width: 40, height: 10, offset: -5)
        #expect(top.offset == 0)
        #expect(top.canvas.line(1) == padded("  Swift on the terminal: a headline", 40))
        #expect(top.canvas.line(9).hasSuffix(" Article 53% "))
        let bottom = Self.render(state, width: 40, height: 10, offset: 1_000)
        #expect(bottom.offset == 6)
        #expect(bottom.canvas.line(2) == padded("  Content paragraph with 世界 wide", 40))
        #expect(bottom.canvas.line(6) == padded("  1/29/swift-on-the-terminal-headline", 40))
        #expect(bottom.canvas.line(9).hasSuffix(" Article 100% "))
        let middle = Self.render(state, width: 40, height: 10, offset: 3)
        #expect(middle.offset == 3)
        #expect(middle.canvas.line(1) == padded("  Sun 29 Nov 2026, 21:40", 40))
        // Text that fits never scrolls.
        #expect(Self.render(state, width: 40, height: 40, offset: 5).offset == 0)
    }

    @Test("a notice replaces the key hints")
    func notice() {
        var state = ArticleState(article: Self.article())
        state.show(Notice("This article has no image.", kind: .error))
        let (canvas, _) = Self.render(state, width: 60, height: 24)
        #expect(canvas.line(23).hasPrefix(" This article has no image. "))
        #expect(canvas[1, 23].style == Style(.error, bold: true, reverse: true))
    }

    @Test("the downloads line shows in the status bar unless the screen has a notice of its own")
    func downloadsSummary() {
        var view = Self.view(ArticleState(article: Self.article()), width: 80, height: 24)
        view.downloadsSummary = "Saving 2 images… 40%"
        var canvas = Canvas(width: 80, height: 24)
        view.render(view.lines(), into: &canvas)
        #expect(canvas.line(23).hasPrefix(" Saving 2 images… 40% "))
        view.state.show(Notice("Opened https://news.example/x"))
        canvas = Canvas(width: 80, height: 24)
        view.render(view.lines(), into: &canvas)
        #expect(canvas.line(23).hasPrefix(" Opened https://news.example/x "))
    }
}

/// The view's lines and drawing as the article screen makes them: the parts computed by
/// `ArticleParts`, drawn by the view.
extension ArticleView {
    func lines() -> ArticleLines {
        var parts = ArticleParts(state.article)
        return parts.lines(of: self)
    }

    func render(_ lines: ArticleLines, depth: PictureColourDepth = .trueColour, into canvas: inout Canvas) {
        var parts = ArticleParts(state.article)
        render(lines, picture: parts.picture(state, slot: lines.slot, depth: depth), into: &canvas)
    }
}
