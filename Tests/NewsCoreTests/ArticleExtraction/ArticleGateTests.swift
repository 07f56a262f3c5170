import Foundation
import Testing
@testable import NewsCore

/// The "not an article" gate refuses only pages that hold none (issue 55): a short post is read,
/// and so is an article the scoring could not gather under one element (its prose is taken
/// wherever it sits); a list of teasers under linked headings is still a front page.
@Suite("Article extraction: the gate")
struct ArticleGateTests {
    static func extract(_ body: String, at address: String = "https://blog.example/2024/05/a-post") -> Result<ExtractedArticle, NotAnArticle> {
        let page = "<html><head><title>A post</title></head><body>\(body)</body></html>"
        return ArticleExtractor.extract(page: Data(page.utf8), url: URL(string: address)!, contentType: "text/html")
    }

    @Test func aShortPostOfAFewSentencesIsRead() throws {
        let post =
            "<div class=\"entry\"><p>Can't help sharing this lovely example, which shows how the interpreter keeps small numbers.</p><pre>x = 1</pre><p>Note that the offset depends on the version.</p></div>"
        let article = try Self.extract("<div id=\"header\"><h1><a href=\"/\">Four Years</a></h1></div>" + post).get()
        #expect(article.text.contains("Can't help sharing this lovely example"))
        #expect(article.text.contains("Note that the offset depends on the version."))
    }

    @Test func proseScatteredOutsideTheScoredElementIsGathered() throws {
        // Lines split by <br> in cells, beside a menu of links: nothing scores as one element.
        let lines = (1...6).map { "Line \($0) of the report says what happened in the town this week, and why it matters.<br>" }.joined()
        let menu = "<div>" + (1...8).map { "<a href=\"/s\($0)\">Section \($0) of the site</a> " }.joined() + "</div>"
        let article = try Self.extract(menu + "<table><tr><td>\(lines)</td></tr></table>").get()
        #expect(article.text.contains("Line 1 of the report") && article.text.contains("Line 6 of the report"), "\(article.text)")
        #expect(!article.text.contains("Section 3 of the site"))
    }

    @Test func aListOfTeasersUnderLinkedHeadingsIsAFrontPage() {
        let teasers = (1...6).map {
            "<div><h2><a href=\"/story/\($0)\">Story number \($0) has a headline</a></h2><p>The summary of story \($0), a sentence or two long, with a comma.</p></div>"
        }.joined()
        #expect(throws: NotAnArticle.homePage) { try Self.extract(teasers, at: "https://news.example/world/").get() }
        #expect(throws: NotAnArticle.homePage) { try Self.extract(teasers, at: "https://news.example/").get() }
    }

    @Test func aHomePageThatIsOneArticleIsRead() throws {
        let paragraphs = (1...5).map { "<p>Paragraph \($0) of the firm's only page tells what it does, for whom, and since when it has done so.</p>" }
        let article = try Self.extract("<main>" + paragraphs.joined() + "</main>", at: "https://firm.example/index.html").get()
        #expect(article.text.contains("Paragraph 5 of the firm's only page"))
    }

    @Test func aDocumentInPreformattedPagesIsRead() throws {
        // An RFC as tools.ietf.org serves it: a line of links, then the text in `<pre>` blocks, a
        // page each. Preformatted text counts as text, so the links are not most of the body.
        let links = (1...8).map { "[<a href=\"/doc/\($0)\">Version \($0)</a>] " }.joined()
        let pages = (1...4).map { page in
            "<pre class='newpage'>   Section \(page) of the protocol says how a client asks the server\n   for a document, and what the server answers when it has none.\n</pre>"
        }.joined()
        let article = try Self.extract("<span class=\"docinfo\">\(links)</span><br>" + pages, at: "https://tools.example/html/draft-04").get()
        #expect(article.text.contains("Section 1 of the protocol") && article.text.contains("Section 4 of the protocol"), "\(article.text)")
        #expect(!article.doubtful)
    }

    @Test func aLineOrTwoIsStillNoArticle() {
        #expect(throws: NotAnArticle.noText) { try Self.extract("<p>Coming soon.</p>").get() }
    }

    static let story = (1...8).map {
        "<p>Paragraph \($0) of the story tells what the council decided, and what it means for the people of the town.</p>"
    }.joined()

    @Test func anUnclosedHeaderHoldingThePageIsReadAgainWithoutIt() throws {
        // `<header>` is never closed, so it holds the whole page, and a header is boilerplate.
        let page =
            "<header class=\"site\"><a href=\"/\"><img src=\"/logo.png\" alt=\"\"></a><nav><a href=\"/a\">Sections of the site</a></nav><h2>Council</h2>\(Self.story)"
        let article = try Self.extract(page).get()
        #expect(article.text.contains("Paragraph 1 of the story") && article.text.contains("Paragraph 4 of the story"), "\(article.text)")
        #expect(!article.text.contains("Sections of the site"))
    }

    @Test func anArticleInPartsNamedBoilerplateIsReadRatherThanRefused() throws {
        // A recipe's steps in a part named for print, its list in a footer-named one: nothing else is text.
        let steps = "<div class=\"print\"><ul>" + (1...5).map { "<li>Step \($0): stir the dough for a minute, then let it rest.</li>" }.joined() + "</ul></div>"
        let article = try Self.extract("<div class=\"footer-box\">\(steps)</div>").get()
        #expect(article.text.contains("Step 1: stir") && article.text.contains("Step 5: stir"), "\(article.text)")
    }

    @Test func hiddenPartsStayLeftOutOnTheSecondReading() throws {
        let hidden = "<div hidden>" + (1...4).map { "<p>Hidden paragraph \($0), a draft nobody was meant to read, with a comma.</p>" }.joined() + "</div>"
        let article = try Self.extract("<header>\(Self.story)\(hidden)").get()
        #expect(article.text.contains("Paragraph 2 of the story"))
        #expect(!article.text.contains("Hidden paragraph"))
    }

    @Test func aSmallSitesHomePageOfAFewLinesIsShownMarkedDoubtful() throws {
        let page =
            "<div><p>We repair bicycles and sell used ones, in the old mill by the river.</p><p>Open from Tuesday to Saturday, nine to five, and on Sundays in summer.</p><p><a href=\"/contact\">Write to us</a> or call.</p></div>"
        let article = try Self.extract(page, at: "https://mill.example/").get()
        #expect(article.doubtful)
        #expect(article.text.contains("We repair bicycles"))
    }

    @Test func aPostOfLinksIsShownMarkedDoubtfulAndAListOfLinksElsewhereIsRefused() throws {
        let links =
            "<ul>"
            + (1...8).map { "<li><a href=\"https://elsewhere.example/\($0)\">A story worth reading elsewhere, number \($0)</a> via a friend</li>" }.joined()
            + "</ul>"
        let post = try Self.extract("<div class=\"entry-content\">\(links)</div>", at: "https://blog.example/2020/01/23/links-of-the-week/").get()
        #expect(post.doubtful)
        #expect(post.text.contains("A story worth reading elsewhere, number 8"))
        #expect(throws: NotAnArticle.homePage) { try Self.extract("<div>\(links)</div>", at: "https://blog.example/category/links/").get() }
    }

    @Test func anArticleIsNotDoubtful() throws {
        #expect(try Self.extract("<article>\(Self.story)</article>").get().doubtful == false)
    }

    @Test(arguments: [
        ("/2020/01/23/links-of-the-week/", true), ("/news/the-council-decided-today", true), ("/world/", false), ("/tag/a-b-c/", false),
        ("/category/links-of-the-week", false), ("/", false), ("/2024/", false),
    ])
    func whatAnAddressSaysOfAPost(_ path: String, _ isPost: Bool) {
        #expect(ArticleExtractor.looksLikeAPost(path) == isPost)
    }

    @Test func aBlogsHomePageOfWholePostsUnderLinkedTitlesIsShownMarkedDoubtful() throws {
        let posts = (1...4).map { "<div class=\"post\"><h2><a href=\"/2024/0\($0)/post\">Post number \($0) of the blog</a></h2>\(Self.story)</div>" }.joined()
        let article = try Self.extract(posts, at: "https://blog.example/").get()
        #expect(article.doubtful)
        #expect(article.text.contains("Paragraph 8 of the story"))
    }
}
