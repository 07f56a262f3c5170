import Foundation
import Testing
@testable import NewsCore

/// Text that sits where a scorer after Readability's rules misses it (issue 55): a post inside
/// `<noscript>` (Blogger's way), words with soft hyphens, a list beside the paragraphs.
@Suite("Article extraction: recall")
struct ArticleRecallTests {
    static func extract(_ body: String) throws -> ExtractedArticle {
        let page = "<html><head><title>A story</title></head><body>\(body)</body></html>"
        return try ArticleExtractor.extract(page: Data(page.utf8), url: URL(string: "https://news.example/2024/a-story")!, contentType: "text/html").get()
    }

    static let paragraphs = (1...4).map {
        "<p>Paragraph \($0) of the story, which goes on for a while, with a comma, and says something worth reading.</p>"
    }.joined()

    @Test func aPostInNoscriptIsReadAsABrowserWithoutScriptsShowsIt() throws {
        let article = try Self.extract(
            "<div itemprop=\"articleBody\"><script type=\"text/template\"><p>A copy for scripts</p></script><noscript>\(Self.paragraphs)</noscript></div>")
        #expect(article.text.contains("Paragraph 4 of the story"))
        #expect(!article.text.contains("A copy for scripts"))
    }

    @Test func aContainerNamedForSharingThatHoldsTheParagraphsIsRead() throws {
        // The page's other text is larger, so the container holds less than 40% of it.
        let other = (1...12).map { "<div class=\"teaser\"><a href=\"/t\($0)\">Another story on the site, number \($0), with a headline that runs on</a></div>" }
            .joined()
        let long = (1...4).map {
            "<p>Paragraph \($0) of the story goes on for a good while, with commas, figures and names, and says what happened, where it happened and why it matters to the town.</p>"
        }
        let article = try Self.extract("<div class=\"documentContent__sharingContainer\"><section>\(long.joined())</section></div>" + other)
        #expect(article.text.contains("Paragraph 3 of the story"), "\(article.text)")
    }

    @Test func anAccordionMarkedAsATablistIsRead() throws {
        let article = try Self.extract("<article><div role=\"tablist\"><div role=\"tabpanel\">\(Self.paragraphs)</div></div></article>")
        #expect(article.text.contains("Paragraph 2 of the story"))
    }

    @Test func linesThatPointToOtherStoriesAreLeftOut() throws {
        let leadIns = [
            "<p>Read more: <a href=\"/other\">A story about something else entirely</a></p>",
            "<p>Lesen Sie auch: <a href=\"/andere\">Eine ganz andere Geschichte aus der Stadt</a></p>", "<p>Schon gelesen?</p>",
            "<p>War der Artikel nützlich?</p>",
        ]
        let article = try Self.extract(
            "<article>\(Self.paragraphs)\(leadIns.joined())<p>The last paragraph of the story ends it, with a comma, and a full stop.</p></article>")
        #expect(article.text.contains("The last paragraph of the story"))
        for line in ["Read more", "Lesen Sie auch", "Schon gelesen", "War der Artikel"] { #expect(!article.text.contains(line), "\(line)") }
    }

    @Test func theLeadInTheArticlesHeaderComesFirst() throws {
        let header =
            "<header><h1>A story</h1><p class=\"byline\">By A. Writer</p><div class=\"intro\"><p>The lead sums the story up in a sentence or two, before the body of the article goes on to say the rest of it.</p></div><nav><a href=\"/\">Home</a></nav></header>"
        let article = try Self.extract("<article>\(header)<div class=\"body\">\(Self.paragraphs)</div></article>")
        #expect(article.text.hasPrefix("The lead sums the story up"), "\(article.text)")
        #expect(!article.text.contains("By A. Writer") && !article.text.contains("Home"))
    }

    @Test func softHyphensAreLeftOut() throws {
        let article = try Self.extract(
            "<article>\(Self.paragraphs)<p>Die Wei\u{AD}ne Ita\u{AD}li\u{AD}ens, neben Baro\u{AD}lo, sind bekannt, und das schon lange.</p></article>")
        #expect(article.text.contains("Die Weine Italiens, neben Barolo"))
        #expect(!article.text.unicodeScalars.contains("\u{AD}"))
    }

    @Test func aListOfProseBesideTheParagraphsIsKept() throws {
        let list =
            "<ul><li>The first point is made in a sentence of its own that runs on.</li><li>The second point follows it and runs on as well, for a while.</li><li>A third point comes after them, again in a full sentence.</li><li>A fourth point closes the list, and it too is a whole sentence.</li></ul>"
        let article = try Self.extract(
            "<div class=\"story\"><div class=\"text\">\(Self.paragraphs)</div>\(list)</div><div class=\"nav\"><a href=\"/\">Home</a></div>")
        #expect(article.text.contains("The second point follows it"), "\(article.text)")
    }

    @Test func linesSetApartByBreaksScoreAsTheParagraphsTheyAre() throws {
        // One paragraph of eight lines cut by <br>, against a box of one sentence full of commas elsewhere.
        let lines = (1...8).map { "Line \($0) of the report tells what the hunters found in the forest that week and where they went after." }
        let box = "Opening hours, prices, tickets, parking, guided tours, groups, schools, and more about the museum and its collections, all year round."
        let page =
            "<div id=\"a\"><div class=\"x1\"><p>\(lines.joined(separator: "<br>"))</p></div></div><div id=\"b\"><div><div class=\"box\"><p>\(box)</p></div></div></div>"
        let article = try Self.extract(page)
        #expect(article.text.contains("Line 1 of the report") && article.text.contains("Line 8 of the report"), "\(article.text)")
        #expect(!article.text.contains("Opening hours"))
    }

    @Test func theTextInMainIsChosenOverASliderBesideIt() throws {
        // A firm's home page: a slider of short boxes full of commas scores a little higher than
        // the page's own text in `<main>`, which links to its products as it goes.
        let slides = (1...6).map {
            "<div class=\"slide\"><div class=\"box\"><p>Slide \($0)</p><p>Labels, printers, ribbons, service, repairs, advice, delivery, rolls, inks, cables, stands, tags, cards, seals, and more, for you.</p></div></div>"
        }.joined()
        let paragraphs = (1...4).map {
            "<p>Paragraph \($0) of the firm's page says it advises, plans, and delivers, as it has for years, <a href=\"/p\($0)\">printers and label printers of every make and kind</a>.</p>"
        }.joined()
        let page = "<div class=\"slider\">\(slides)</div><main><div class=\"wrapper\"><h1>Printers from the experts</h1>\(paragraphs)</div></main>"
        let article = try Self.extract(page)
        #expect(article.text.contains("Paragraph 1 of the firm's page") && article.text.contains("Paragraph 4 of the firm's page"), "\(article.text)")
        #expect(!article.text.contains("Slide 2"))
    }

    @Test func aMarkedBodyCutIntoSectionsIsReadWhole() throws {
        // Each section in wrappers of its own under a subheading: the scoring finds one of them.
        let sections = (1...4).map { number in
            let sentence = "Section \(number) tells, at some length and with care, what the council decided about the bridge"
            let long = "\(sentence). It goes on to say what the bridge will cost, who pays for it, and when the works begin. \(sentence)."
            let text = number == 2 ? "\(long) Why, when, how, and for whom, with commas, many of them, here, and there." : long
            return "<div><div class=\"para\"><h2>Part \(number) of the story</h2><div class=\"para-text\"><div><p>\(text)</p></div></div></div></div>"
        }.joined()
        let article = try Self.extract("<article><h1>A story</h1><div itemprop=\"articleBody\"><div>\(sections)</div></div></article>")
        for number in 1...4 { #expect(article.text.contains("Section \(number) tells"), "\(article.text)") }
        #expect(article.text.contains("Part 3 of the story"))
    }

    @Test(arguments: ["<div class=\"font-bold\" itemprop=\"description\"><div>LEAD</div></div>", "<div class=\"article-lead\">LEAD</div>"])
    func aLeadInADivNamedSoComesFirst(_ markup: String) throws {
        let lead = "In the valley a new idea is tried: the leaves swept from the streets are pressed into pellets and burnt for heat."
        let header = "<h1>A story</h1><div class=\"meta\"><div>By A. Writer</div></div>" + markup.replacing("LEAD", with: lead)
        let article = try Self.extract("<article>\(header)<div class=\"body\">\(Self.paragraphs)</div></article>")
        #expect(article.text.hasPrefix("In the valley a new idea is tried"), "\(article.text)")
    }

    @Test func aDivNotNamedAsALeadIsNotTakenForOne() throws {
        let aside = "<div class=\"box\">Subscribe to our letters and read every story of the valley before anyone else does, each morning.</div>"
        let article = try Self.extract("<article><h1>A story</h1>\(aside)<div class=\"body\">\(Self.paragraphs)</div></article>")
        #expect(!article.text.contains("Subscribe to our letters"), "\(article.text)")
    }

    @Test func aPagePastedInsideTheArticleDoesNotCutItShort() throws {
        // A post's body holding a whole page of its own: browsers read its <html>, <body> and </body> as nothing.
        let pasted = "<html><head><title>x</title></head><body><p>The pasted part starts the story, with a comma, and runs on.</p></body></html>"
        let page = "<html><body class=\"outer\"><article><h1>A story</h1><div class=\"entry-content\">\(pasted)\(Self.paragraphs)</div></article></body></html>"
        let (tree, _) = Array(page.utf8).withUnsafeBufferPointer { PageTreeBuilder.build($0) }
        #expect(tree.nodes[tree.body].value("class") == "outer")
        let article = try #require(tree.nodes.indices.first { tree.nodes[$0].name == "article" })
        let last = try #require(tree.nodes.indices.last { tree.nodes[$0].text.contains("Paragraph 4 of the story") })
        #expect(tree.isInside(last, article))
        #expect(!tree.nodes.contains { $0.name == "body" && $0.value("class") == nil })
    }
}
