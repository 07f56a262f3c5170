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
        #expect(text.contains("First paragraph.\nSecond one."), "\(text)")
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
