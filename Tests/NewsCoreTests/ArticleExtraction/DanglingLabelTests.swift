import Foundation
import Testing

@testable import NewsCore

/// A short line that introduces what follows ("More on this:", a heading) is left out when
/// nothing follows it, what it introduced (a list of links) having been left out.
@Suite struct DanglingLabelTests {
    static let story = (1...5).map {
        "<p>Paragraph \($0) of the story tells what the council decided, and what it means for the people of the town.</p>"
    }.joined()
    static let links = "<ul>" + (1...6).map { "<li><a href=\"/other/\($0)\">Another story of the day, number \($0)</a></li>" }.joined() + "</ul>"

    static func extract(_ body: String) throws -> ExtractedArticle {
        let page = "<html><head><title>The council</title></head><body><article>\(body)</article></body></html>"
        return try ArticleExtractor.extract(page: Data(page.utf8), url: URL(string: "https://news.example/2024/05/council")!, contentType: "text/html")
            .get()
    }

    @Test(arguments: ["<p>More on this:</p>", "<h3>Related stories</h3>", "<div>Weitere Informationen:</div>"])
    func aLabelOverLinksLeftOutGoesWithThem(_ label: String) throws {
        let article = try Self.extract(Self.story + label + Self.links)
        #expect(article.text.hasSuffix("for the people of the town."), "\(article.text)")
        #expect(!article.html.contains("Related stories") && !article.html.contains("More on this") && !article.html.contains("Weitere"))
        #expect(article.html.hasSuffix("</p>") || article.html.hasSuffix("</div>") || article.html.hasSuffix("</article>"), "\(article.html)")
    }

    @Test func aLabelWithTextAfterItStays() throws {
        let article = try Self.extract(Self.story + "<h3>What comes next</h3><p>The works start in June, and the road stays open meanwhile.</p>")
        #expect(article.text.contains("What comes next"))
        #expect(article.text.hasSuffix("the road stays open meanwhile."))
    }

    @Test func aLabelOverAPictureStays() throws {
        let article = try Self.extract(Self.story + "<p>The new bridge:</p><img src=\"/bridge.jpg\" alt=\"The bridge\">")
        #expect(article.text.contains("The new bridge:"))
    }
}
