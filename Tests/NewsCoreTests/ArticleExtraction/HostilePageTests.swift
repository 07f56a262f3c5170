import Foundation
import Testing
@testable import NewsCore

/// Pages built to hurt: too large, nested too deep, written to make a naive scorer quadratic,
/// full of escape sequences, scripts and trackers. Each is read in time in proportion to its
/// size, and what comes out is safe to store and to draw.
@Suite("Article extraction: hostile pages")
struct HostilePageTests {
    static let url = URL(string: "https://hostile.example/news/story")!
    static let paragraph = "<p>Plain words of an ordinary article, with a comma, that go on for a while and end here.</p>"

    static func extract(_ page: String, contentType: String? = "text/html") -> Result<ExtractedArticle, NotAnArticle> {
        ArticleExtractor.extract(page: Data(page.utf8), url: url, contentType: contentType)
    }

    /// Runs `body` and returns its result with the seconds it took (a bound, not a timing: the
    /// naive algorithms these pages defeat take minutes or hours).
    static func timed<T>(_ body: () -> T) -> (T, Duration) {
        let start = ContinuousClock.now
        let result = body()
        return (result, ContinuousClock.now - start)
    }

    @Test func aPageOverTheCapIsRefusedUnread() {
        let page = Data(count: ArticleExtractor.maxPageBytes + 1)
        #expect(throws: NotAnArticle.tooLarge(limit: ArticleExtractor.maxPageBytes)) {
            try ArticleExtractor.extract(page: page, url: Self.url, contentType: "text/html").get()
        }
    }

    /// 90,000 nested elements: a page's tree holds 100,000 nodes at most (past them the rest of
    /// the page is not read), so the article's paragraphs below the nesting still fit.
    @Test func ninetyThousandNestedElementsAreReadWithoutRecursionOrQuadraticCost() throws {
        let depth = 90_000
        let page =
            String(repeating: "<div class=\"x\">", count: depth) + String(repeating: Self.paragraph, count: 10)
            + String(repeating: "</div>", count: depth)
        let (result, elapsed) = Self.timed { Self.extract(page) }
        let article = try result.get()
        #expect(article.text.contains("Plain words of an ordinary article"))
        #expect(elapsed < .seconds(20), "\(elapsed)")
    }

    /// Each paragraph gives its score to five ancestors; a scorer that walks every ancestor,
    /// or re-reads each subtree's text for each element, is quadratic on this page.
    @Test func deepParagraphsUnderDeepNestingStayLinear() throws {
        var page = ""
        for _ in 0..<5_000 { page += "<section><div>" + Self.paragraph }
        page += String(repeating: "</div></section>", count: 5_000)
        let (result, elapsed) = Self.timed { Self.extract(page) }
        let article = try result.get()
        #expect(article.text.contains("Plain words"))
        #expect(elapsed < .seconds(20), "\(elapsed)")
    }

    @Test func unclosedElementsByTheTensOfThousandsAreClosedAsBrowsersImply() throws {
        let page =
            "<body><article>" + String(repeating: "<p>An unclosed paragraph, with a comma, and enough words to count <a href=/x>link", count: 30_000)
            + String(repeating: "<li>item", count: 30_000) + "</article>"
        let (result, elapsed) = Self.timed { Self.extract(page) }
        _ = try result.get()
        #expect(elapsed < .seconds(20), "\(elapsed)")
    }

    @Test func aHugeFlatPageIsReadUnderItsCaps() throws {
        let page = "<article>" + String(repeating: Self.paragraph, count: 60_000) + "</article>"  // about 5.6 MB
        let (result, elapsed) = Self.timed { Self.extract(page) }
        let article = try result.get()
        #expect(article.html.utf8.count <= ArticleBodyWriter.maxBodyBytes + 4_096)
        #expect(article.truncated)
        #expect(elapsed < .seconds(30), "\(elapsed)")
    }

    @Test func escapeSequencesAndControlsNeverReachTheBodyOrTheText() throws {
        let page = """
            <title>Breaking\u{1B}[2J\u{1B}]0;pwned\u{07} news</title>
            <article><p>Text with a raw \u{1B}[31mred\u{1B}[0m escape, a C1 \u{9B}2J control, a reference &#27;[5m to one, and a bell\u{07}, \
            written long enough to be an article with commas, words and more words.</p>
            <pre>code\u{1B}[1m  indented\u{1B}(B</pre>
            <p><img src="/a.png" alt="alt &#x1b;]8;;https://evil.example&#x7;text"> \u{202E}reversed? No: the override is dropped, and so are \u{200F} marks.</p>
            \(Self.paragraph)\(Self.paragraph)\(Self.paragraph)\(Self.paragraph)</article>
            """
        let article = try Self.extract(page).get()
        for output in [article.html, article.text, article.title ?? ""] {
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || (0x80...0x9F).contains($0.value) }, "\(output.debugDescription)")
            #expect(!output.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x200F })
        }
        #expect(article.text.contains("red escape"))
        #expect(article.title == "Breaking news")
    }

    @Test func scriptsHandlersAndEmbedsAreNeverKept() throws {
        let page = """
            <article onload="steal()"><script>document.write("<p>Injected text from a script that must never be read.</p>")</script>
            <p onclick="alert(1)" style="color:red">A paragraph whose handler must go, with commas, and enough words to be read as text.</p>
            <p><a href="javascript:alert(1)">a script link</a> and <a href="https://ok.example/page" onmouseover="x()">a real one</a>.</p>
            <iframe src="https://ads.example/frame"></iframe><object data="x.swf"><p>Flash fallback</p></object><noscript><p>Enable JavaScript</p></noscript>
            <style>p { display: none }</style><template><p>Template text</p></template>
            \(Self.paragraph)\(Self.paragraph)\(Self.paragraph)\(Self.paragraph)</article>
            """
        let article = try Self.extract(page).get()
        for phrase in [
            "Injected", "steal", "onclick", "alert", "javascript", "onmouseover", "Flash fallback", "Enable JavaScript", "display", "Template text", "<iframe",
            "style=",
        ] {
            #expect(!article.html.contains(phrase), "\(phrase) in \(article.html)")
        }
        #expect(article.html.contains(#"<a href="https://ok.example/page">a real one</a>"#))
        #expect(article.text.contains("a script link"))
    }

    @Test func trackingPixelsAndTrackersPicturesAreLeftOut() throws {
        let page = """
            <article>\(Self.paragraph)
            <img src="https://news.example/counter.gif" width="1" height="1">
            <img src="https://news.example/zero.gif" width="0" height="0">
            <img src="https://stats.example/p.gif" style="width:1px" width="1px">
            <img src="https://ad.doubleclick.net/ddm/ad/N123">
            <img src="https://www.google-analytics.com/collect?v=1">
            <img src="https://sb.scorecardresearch.com/p?c1=2">
            <img src="https://cdn.example/photo.jpg" width="800" height="600" alt="A real photograph">
            \(Self.paragraph)\(Self.paragraph)\(Self.paragraph)\(Self.paragraph)</article>
            """
        let article = try Self.extract(page).get()
        #expect(article.html.components(separatedBy: "<img").count == 2, "\(article.html)")
        #expect(article.html.contains("https://cdn.example/photo.jpg"))
        #expect(article.leadImageURL?.absoluteString == "https://cdn.example/photo.jpg")
    }

    @Test func anAnswerThatIsNotHTMLIsNoArticle() {
        #expect(throws: NotAnArticle.notHTML(mediaType: "application/pdf")) {
            try Self.extract("%PDF-1.7 ...", contentType: "application/pdf").get()
        }
        #expect(throws: NotAnArticle.notHTML(mediaType: "something other than HTML")) {
            try Self.extract("{\"json\": true}", contentType: nil).get()
        }
        #expect(throws: NotAnArticle.self) { try Self.extract("<html><body><p>short</p></body></html>").get() }
    }
}
