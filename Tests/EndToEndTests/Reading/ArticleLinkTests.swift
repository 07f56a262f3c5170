import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A feed article's full text with numbered links, and link N opened in the browser.
    @Suite struct ArticleLinks {
        static let oddLink = "https://other.example/second?q=$HOME&x=(1);y=`id`&z='q'"
        /// The link as the article lists it and the browser gets it (backquotes escaped, the rest as written).
        static let shownLink = "https://other.example/second?q=$HOME&x=(1);y=%60id%60&z='q'"

        static func feed(_ server: LoopbackServer) -> String {
            """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
            <channel><title>Loopback Feed</title><link>\(server.url("/").absoluteString)</link>
            <item><title>Linked story</title><link>https://feed.example/story</link>
            <pubDate>Sun, 29 Nov 2026 10:00:00 GMT</pubDate>
            <content:encoded><![CDATA[<h2>Two links</h2><p>See <a href="/first">the first</a> and
            <a href="\(oddLink.replacingOccurrences(of: "&", with: "&amp;"))">the second</a>.</p>
            <ul><li>one item</li><li>another</li></ul>]]></content:encoded>
            </item></channel></rss>
            """
        }

        /// Runs `body` with the linked story open, `$BROWSER` recording what it is given, and the
        /// screen once the article is drawn.
        static func withLinkedStory(_ body: (HeadlinesSession, RecordingBrowser, String) async throws -> Void) async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .bytes(Data(Self.feed(server).utf8), contentType: "application/rss+xml"))
            let home = try TemporaryFolder()
            defer { home.remove() }
            let browser = try RecordingBrowser(in: home)
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString], environment: ["BROWSER": browser.script.path])
            defer { session.close() }
            try await session.tmux.waitForText("Linked story")
            try session.tmux.sendKeys("Enter")
            // The last link line is the lowest row of text: once it shows, the body above is drawn.
            try await body(session, browser, try await session.tmux.waitForText("[2] \(Self.shownLink)"))
        }

        @Test func linkNOpensTheRightURLAsOneArgument() async throws {
            try await Self.withLinkedStory { session, browser, article in
                try await Self.checkTheLinks(session, browser, article)
            }
        }

        private static func checkTheLinks(_ session: HeadlinesSession, _ browser: RecordingBrowser, _ article: String) async throws {
            #expect(article.contains("Links"))
            #expect(article.contains("Two links"))
            #expect(article.contains("• one item"))
            #expect(article.contains("See the first[1] and the second[2]."))
            // Relative links resolve against the article's own address.
            #expect(article.contains("[1] https://feed.example/first"))
            try session.tmux.sendKeys("2")
            try await session.tmux.waitForText("Open link: 2")
            try session.tmux.sendKeys("Enter")
            #expect(try await browser.recorded() == "1\n[\(Self.shownLink)]\n")
            try await session.tmux.waitForText("Opened https://other.example/second")
            // Esc abandons a number without leaving the article.
            try session.tmux.sendKeys("1")
            try await session.tmux.waitForText("Open link: 1")
            try session.tmux.sendKeys("Escape")
            let after = try await session.tmux.waitForScreen { !$0.contains("Open link:") }
            #expect(after.contains("Two links"))
        }

        @Test func prePicturesAndTextWidth() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let code = "let answer = compute(" + String(repeating: "x", count: 50) + ")"
            let words = Array(repeating: "word", count: 30).joined(separator: " ")
            let feed = """
                <?xml version="1.0" encoding="utf-8"?>
                <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
                <channel><title>Loopback Feed</title><link>\(server.url("/").absoluteString)</link>
                <item><title>Wide story</title><link>https://feed.example/wide</link>
                <content:encoded><![CDATA[<pre>\(code)</pre><p>\(words)</p>
                <p><img src="/chart.png" alt="Chart of latency"></p>]]></content:encoded>
                </item></channel></rss>
                """
            server.route("/feed.xml", .bytes(Data(feed.utf8), contentType: "application/rss+xml"))
            let home = try TemporaryFolder()
            defer { home.remove() }
            let browser = try RecordingBrowser(in: home)
            let session = try HeadlinesSession(
                ["--source", server.url("/feed.xml").absoluteString], environment: ["BROWSER": browser.script.path],
                config: "text-width = 40\n", width: 100, height: 40
            )
            defer { session.close() }
            try await session.tmux.waitForText("Wide story")
            try session.tmux.sendKeys("Enter")
            let article = try await session.tmux.waitForText("[1] image: Chart of latency")
            // The pre line goes on behind the mark, whole: no "…".
            let pre = article.split(separator: "\n").filter { $0.contains("compute") || $0.contains("↪") }
            #expect(pre.count == 2 && pre[1].contains("↪"), "\(article)")
            #expect(!pre.contains { $0.contains("…") }, "\(pre)")
            #expect(pre.map { $0.filter { $0 == "x" }.count }.reduce(0, +) == 50, "\(pre)")
            // text-width: no line of the paragraph is wider than 40 columns.
            let paragraph = article.split(separator: "\n").filter { $0.contains("word") }
            #expect(paragraph.count >= 4 && paragraph.allSatisfy { $0.trimmingCharacters(in: .whitespaces).count <= 40 }, "\(paragraph)")
            #expect(article.contains("[image: Chart of latency][1]"))
            try session.tmux.sendKeys("1")
            try await session.tmux.waitForText("Open link: 1")
            try session.tmux.sendKeys("Enter")
            // Resolved against the article's own address, as its links are.
            #expect(try await browser.recorded() == "1\n[https://feed.example/chart.png]\n")
        }
    }
}
