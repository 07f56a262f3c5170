import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Search folds case as Unicode does: `strassenbahn` finds `Straßenbahn`.
    @Suite struct SearchFolding {
        /// `strassenbahn` finds `Straßenbahn`, `STRASSE` finds `straße`, `ﬁle` finds `file`.
        @Test func searchFoldsCaseAsUnicodeDoes() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let titles = ["Die Straßenbahn fährt wieder", "Eine große Straße", "The ﬁle is open", "Nothing to see"]
            let items = titles.enumerated().map { index, title in
                "<item><title>\(title)</title><link>https://example.com/\(index)</link><guid>\(index)</guid>"
                    + "<pubDate>Sun, 29 Nov 2026 1\(index):00:00 GMT</pubDate></item>"
            }
            server.route(
                "/feed.xml",
                .text(
                    "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Folds</title>" + items.joined() + "</channel></rss>",
                    contentType: "application/rss+xml"))
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString])
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForText("4 articles")
            try tmux.sendKeys("S")
            for (query, found) in [("strassenbahn", ["Die Straßenbahn"]), ("STRASSE", ["Eine große Straße"]), ("file", ["The ﬁle is open"])] {
                try tmux.sendKeys("C-u")
                try tmux.sendLiteral(query)
                let screen = try await tmux.waitForScreen(describedAs: "\(query)'s matches") { screen in
                    found.allSatisfy { screen.contains($0) } && screen.contains("Search: \(query)▏")
                }
                #expect(!screen.contains("Nothing to see"), "\(screen)")
            }
            // --search too.
            let printed = try await HeadlinesSession.run(["--search", "strassenbahn"], home: session.home)
            #expect(printed.stdoutText.contains("Die Straßenbahn fährt wieder"), "\(printed.stdoutText)")
        }
    }
}
