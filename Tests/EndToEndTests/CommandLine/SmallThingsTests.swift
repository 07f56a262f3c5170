import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// What a daily reader trips on: an encoding named with another spelling than iconv's, an
    /// `Image: none` line, a saved article's pictures, search and `ß`.
    @Suite struct SmallThings {
        static func xml(_ encoding: String, title: String) -> String {
            """
            <?xml version="1.0" encoding="\(encoding)"?><rss version="2.0"><channel><title>\(encoding)</title>
            <link>https://example.com/</link><item><title>\(title)</title><link>https://example.com/\(encoding)</link>
            <guid>\(encoding)</guid><pubDate>Sun, 29 Nov 2026 10:00:00 GMT</pubDate></item></channel></rss>
            """
        }

        /// `euc_jp`, `shift-jis` and `x-sjis`, which iconv knows as EUC-JP and SHIFT_JIS.
        @Test func encodingsNamedWithAnotherSpellingAreRead() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let feeds = [("euc_jp", "東京の天気", "EUC-JP"), ("shift-jis", "大阪の天気", "SHIFT_JIS"), ("x-sjis", "京都の天気", "SHIFT_JIS")]
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            for (name, title, encoding) in feeds {
                // The C library's iconv writes the bytes (Foundation on Linux has no EUC-JP).
                let utf8 = folder.file(name + ".utf8")
                try Self.xml(name, title: title).write(to: utf8, atomically: true, encoding: .utf8)
                let converted = try await ProcessRunner("iconv", ["-f", "UTF-8", "-t", encoding, utf8.path]).run()
                try #require(converted.status == 0 && !converted.stdout.isEmpty, "\(converted.stderrText)")
                #expect(converted.stdout != (try Data(contentsOf: utf8)))
                server.route("/\(name).xml", .bytes(converted.stdout, contentType: "application/rss+xml"))
            }
            let config = FeedFixtures.config(feeds.map { ($0.0, server.url("/\($0.0).xml").absoluteString, nil) })
            let session = try HeadlinesSession([], config: config)
            defer { session.close() }
            try session.tmux.sendKeys("Enter")  // All
            let list = try await session.tmux.waitForText("3 articles")
            for (_, title, _) in feeds { #expect(list.contains(title), "\(list)") }
        }

        @Test func noImageLineWithoutAPictureAndTheMarkdownKeepsPictures() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let body = "&lt;p&gt;Before the chart.&lt;img src=&quot;https://img.example/chart.png&quot; alt=&quot;Chart of latency&quot;&gt;After it.&lt;/p&gt;"
            server.route(
                "/feed.xml",
                .text(
                    """
                    <?xml version="1.0"?><rss version="2.0"><channel><title>Pics</title><link>https://example.com/</link>
                    <item><title>With a chart</title><link>https://example.com/chart</link><guid>c</guid>
                    <pubDate>Sun, 29 Nov 2026 10:00:00 GMT</pubDate><description>\(body)</description></item>
                    <item><title>Plain words</title><link>https://example.com/plain</link><guid>p</guid>
                    <pubDate>Sun, 29 Nov 2026 09:00:00 GMT</pubDate><description>Only words here.</description></item>
                    </channel></rss>
                    """, contentType: "application/rss+xml"))
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString])
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForText("Plain words")
            try tmux.sendKeys("j", "Enter")
            let plain = try await tmux.waitForText("Only words here.")
            #expect(!plain.contains("Image"), "no image, no line about it: \(plain)")
            try tmux.sendKeys("K")
            try await tmux.waitForText("Before the chart.")
            try tmux.sendKeys("s")
            try await tmux.waitForText("Saved to ~/saved/")
            let name = try #require(session.savedFiles().first { $0.hasSuffix(".md") })
            let text = try String(contentsOf: session.saveFolder.appendingPathComponent(name), encoding: .utf8)
            #expect(text.contains("Before the chart.\n\n![Chart of latency](https://img.example/chart.png)\n\nAfter it."), "\(text)")
        }

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
