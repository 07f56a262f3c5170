import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A page that may hold no article (a blog's post of links) is shown as found, marked so,
    /// rather than refused; the feed's text is one `x` away.
    @Suite struct FullTextDoubtful {
        static func server() throws -> LoopbackServer {
            let server = try LoopbackServer()
            let base = server.baseURL.absoluteString
            let path = "/2026/11/29/links-of-the-week/"
            server.route(
                "/feed.xml",
                .text(
                    "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Linker</title><link>\(base)/</link>"
                        + "<item><title>Links of the week</title><link>\(base)\(path)</link><guid>links</guid>"
                        + "<description>Eight links worth reading.</description></item></channel></rss>",
                    contentType: "application/rss+xml"))
            let links = (1...8).map {
                "<li><a href=\"https://elsewhere.example/\($0)\">A story worth reading elsewhere, number \($0)</a> via a friend</li>"
            }.joined()
            server.route(
                path,
                .text(
                    "<!DOCTYPE html><html><head><title>Links of the week</title></head><body><div class=\"entry-content\"><ul>\(links)</ul></div></body></html>",
                    contentType: "text/html; charset=utf-8"))
            return server
        }

        @Test func aPostOfLinksIsShownMarkedAndXGoesBackToTheFeedsText() async throws {
            let server = try Self.server()
            defer { server.stop() }
            let session = try HeadlinesSession([], config: FeedFixtures.config([("Linker", server.url("/feed.xml").absoluteString, nil)]))
            defer { session.close() }
            try await session.tmux.waitForText("Links of the week")
            try session.tmux.sendKeys("Enter")
            try await session.tmux.waitForText("Eight links worth reading.")
            try session.tmux.sendKeys("x")
            // The page's text may be drawn a frame before the status line says what it is.
            let shown = try await session.tmux.waitForScreen {
                $0.contains("A story worth reading elsewhere, number 8") && $0.contains("reads as a list of links, shown as found")
            }
            #expect(shown.contains("the page may hold no"), "\(shown)")
            try session.tmux.sendKeys("x")
            let feeds = try await session.tmux.waitForText("Eight links worth reading.")
            #expect(!feeds.contains("number 8"))
        }
    }
}
