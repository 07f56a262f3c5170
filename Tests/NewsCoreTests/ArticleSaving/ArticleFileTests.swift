import Foundation
import Testing
@testable import NewsCore
import TestSupport

@Suite("Article file")
struct ArticleFileTests {
    static let article = Article(
        sourceName: "Loopback Feed", author: "A. Writer", title: "../../etc/passwd: a story",
        url: URL(string: "https://feed.example/story")!, publishedAt: Date(timeIntervalSince1970: 1_796_000_000),
        body: .html("<p>First paragraph.</p><p>Second <b>one</b>.</p>")
    )

    @Test func theMarkdownHasTheTitleLinkAboutLineAndText() {
        let text = ArticleMarkdown.text(Self.article)
        #expect(text.hasPrefix("# ../../etc/passwd: a story\n\n<https://feed.example/story>\n\nLoopback Feed · by A. Writer · "))
        #expect(text.hasSuffix("First paragraph.\n\nSecond **one**.\n"), "paragraphs a blank line apart, bold marked: \(text)")
    }

    @Test func itIsSavedWholeUnderASafeNameInTheFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = try ArticleFile.save(Self.article, in: folder.url)
        #expect(url.deletingLastPathComponent().standardizedFileURL == folder.url.standardizedFileURL)
        #expect(url.lastPathComponent.hasPrefix("etc-passwd-a-story-") && url.pathExtension == "md", "\(url.lastPathComponent)")
        #expect(try String(contentsOf: url, encoding: .utf8) == ArticleMarkdown.text(Self.article))
        // Nothing else is left in the folder (no temporary file).
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [url.lastPathComponent])
    }

    @Test func anUnwritableFolderIsOneSentence() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("not-a-folder")
        try Data("x".utf8).write(to: file)
        #expect(throws: ArticleFile.SaveError.self) { try ArticleFile.save(Self.article, in: file) }
    }
}

/// The Markdown a saved article is (`s`), read back by cmark, CommonMark's reference
/// implementation (Debian's `cmark`): the same headings, paragraphs, lists, code, links and
/// pictures as the article's HTML (issue 51).
@Suite("Article Markdown read back")
struct ArticleMarkdownReadBackTests {
    static let hasCmark = FileManager.default.isExecutableFile(atPath: "/usr/bin/cmark")

    static func cmark(_ markdown: String) async throws -> String {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("article.md")
        try Data(markdown.utf8).write(to: file)
        let result = try await ProcessRunner("/usr/bin/cmark", [file.path]).run(timeout: .seconds(10))
        return result.stdoutText
    }

    @Test(.enabled(if: hasCmark, "needs cmark (Resources/build/system-packages test)"))
    func everyStructureOfTheArticleRendersBack() async throws {
        let html = """
            <h2>What *changed*</h2><p>The <a href="https://example.com/spec">new spec</a> says <em>three</em> things, \
            <strong>one</strong> of them in <code>a_b*c</code>.</p><p>A second paragraph, line one<br>and line two.</p>\
            <ul><li>First point</li><li>Second point<ul><li>Nested point</li></ul></li></ul>\
            <ol><li>Step one</li><li>Step two</li></ol><blockquote><p>Quoted words.</p></blockquote>\
            <pre><code>let x = 1\nprint(x) // ``` fence</code></pre><p>See <img src="/fig.png" alt="A figure"> here.</p>\
            <p>1. Not a list, # not a heading, [not a link](x).</p>
            """
        let article = Article(title: "A [structured] story", url: URL(string: "https://example.com/story")!, body: .html(html))
        let rendered = try await Self.cmark(ArticleMarkdown.text(article))
        for part in [
            "<h1>A [structured] story</h1>", "<h2>What *changed*</h2>",
            "<p>The <a href=\"https://example.com/spec\">new spec</a> says <em>three</em> things, <strong>one</strong> of them in <code>a_b*c</code>.</p>",
            "<p>A second paragraph, line one<br />\nand line two.</p>",
            "<ul>\n<li>First point</li>\n<li>Second point\n<ul>\n<li>Nested point</li>\n</ul>\n</li>\n</ul>",
            "<ol>\n<li>Step one</li>\n<li>Step two</li>\n</ol>", "<blockquote>\n<p>Quoted words.</p>\n</blockquote>",
            "<pre><code>let x = 1\nprint(x) // ``` fence\n</code></pre>", "<img src=\"https://example.com/fig.png\" alt=\"A figure\" />",
            "<p>1. Not a list, # not a heading, [not a link](x).</p>",
        ] {
            #expect(rendered.contains(part), "\(part)\nin\n\(rendered)")
        }
    }
}
