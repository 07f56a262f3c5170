import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// An encoding named with another spelling than iconv's is read.
    @Suite struct FeedEncodingNames {
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
    }
}
