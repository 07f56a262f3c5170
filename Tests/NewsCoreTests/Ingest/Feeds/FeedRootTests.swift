import Foundation
import Testing
@testable import NewsCore

/// Roots feedparser reads and Headlines once refused: RSS 2.0 in UserLand's namespaces, RSS
/// behind an XHTML DOCTYPE, Atom's 2003 drafts (Echo, Pie).
@Suite("Feed roots")
struct FeedRootTests {
    static let item = "<item><title>T1</title><link>https://e.example/1</link></item>"
    static let entry = "<entry><title>T1</title><link rel=\"alternate\" href=\"https://e.example/1\"/></entry>"

    @Test(arguments: [
        "<rss version=\"2.0\" xmlns=\"http://backend.userland.com/rss2\"><channel><title>C</title>\(item)</channel></rss>",
        "<rss version=\"2.0\" xmlns=\"http://backend.userland.com/rss\"><channel><title>C</title>\(item)</channel></rss>",
        "<rss version=\"2.0\" xmlns=\"http://backend.userland.com/rss2.1\"><channel><title>C</title>\(item)</channel></rss>",
        """
        <?xml version="1.0"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
        <rss version="2.0"><channel><title>C</title>\(item)</channel></rss>
        """,
        "<feed version=\"0.3\" xmlns=\"http://purl.org/echo/\"><title>C</title>\(entry)</feed>",
        "<feed version=\"0.3\" xmlns=\"http://purl.org/pie/\"><title>C</title>\(entry)</feed>",
    ])
    func isRead(document: String) throws {
        let edition = try FeedTesting.decode(document)
        #expect(edition.title == "C")
        #expect(edition.articles.map(\.title) == ["T1"])
        #expect(edition.articles.map(\.url?.absoluteString) == ["https://e.example/1"])
    }

    @Test func anXHTMLPageIsStillAPage() {
        let page = """
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Home</title></head></html>
            """
        #expect(DocumentDecoder.sniff(Data(page.utf8)) == .html)
        #expect(DocumentDecoder.sniff(Data("<!doctype html><body>x</body>".utf8)) == .html)
        #expect(DocumentDecoder.sniff(Data("<!DOCTYPE rss><rss version=\"2.0\"/>".utf8)) == .xml)
    }
}
