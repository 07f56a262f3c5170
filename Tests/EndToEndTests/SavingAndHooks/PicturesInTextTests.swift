import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Pictures within an article's text: no `Image` line for an article without one, and a
    /// saved article keeps its pictures as Markdown images.
    @Suite struct PicturesInText {
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
    }
}
