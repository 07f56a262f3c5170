import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `--import-newsboat` carries a newsboat user's whole setup: the feeds, the read and flagged
    /// state newsboat's own `cache.db` holds (written here by a real newsboat's `-x reload`), and
    /// what its `config` says that Headlines can say, naming every line it cannot carry.
    @Suite struct NewsboatSetup {
        static let hasNewsboat =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/newsboat")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")

        /// A feed whose items have no GUID (newsboat makes one of the link and the date).
        static func feed(_ prefix: String, count: Int) -> String {
            let items = (1...count).map { index in
                "<item><title>\(prefix) \(index)</title><link>https://example.com/\(prefix.lowercased())/\(index)</link>"
                    + "<pubDate>Sun, 29 Nov 2026 \(String(format: "%02d", 12 - index)):00:00 GMT</pubDate>"
                    + "<description>About \(prefix) \(index).</description></item>"
            }
            return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(prefix) feed</title><link>https://example.com/</link>"
                + items.joined() + "</channel></rss>"
        }

        @Test(.enabled(if: hasNewsboat, "needs newsboat and sqlite3 (Resources/build/system-packages test)"))
        func readAndFlaggedStateAndTheConfigComeAcross() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/alpha.xml", .text(FeedFixtures.rss("Alpha", count: 4), contentType: "application/rss+xml"))
            server.route("/beta.xml", .text(Self.feed("Beta", count: 3), contentType: "application/rss+xml"))
            let home = try TemporaryFolder("e2e")
            let folder = home.url.appendingPathComponent(".newsboat", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try """
            \(server.url("/alpha.xml").absoluteString) tech "~Alpha"
            \(server.url("/beta.xml").absoluteString) "~Beta"
            """.write(to: folder.appendingPathComponent("urls"), atomically: true, encoding: .utf8)
            try """
            # newsboat's config
            show-read-articles no
            show-read-feeds no
            max-items 50
            datetime-format "%Y-%m-%d"
            refresh-on-startup yes
            browser "lynx %u"
            ignore-article "*" "title = \\"Beta 3\\""
            color listfocus black yellow bold
            color background white black
            bind-key ^T next-unread
            bind-key X edit-urls
            confirm-exit yes
            articlelist-format "%4i %f %D %t"
            """.write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
            // A real newsboat fetches both feeds into its cache; then marks as its reader would.
            let reload = try await ProcessRunner(
                "newsboat", ["-x", "reload"], environment: HeadlinesBinary.environment(home: home.url, extra: ["TERM": "xterm"])
            ).run(timeout: .seconds(60))
            #expect(reload.status == 0, "\(reload.stderrText)")
            let cache = folder.appendingPathComponent("cache.db")
            let marked = try await ProcessRunner(
                "sqlite3",
                [
                    cache.path,
                    "UPDATE rss_item SET unread = 0 WHERE title IN ('Alpha 1', 'Beta 2'); UPDATE rss_item SET flags = 's' WHERE title = 'Alpha 3';",
                ]
            ).run()
            #expect(marked.status == 0, "\(marked.stderrText)")

            let result = try await HeadlinesSession.run(["--import-newsboat"], home: home)
            #expect(result.status == 0, "\(result.stderrText)")
            let lines = result.stdoutText.split(separator: "\n").map(String.init)
            #expect(lines.first == "Added 2 feeds from ~/.newsboat/urls to ~/.config/headlines/config.", "\(lines)")
            #expect(lines.contains("Carried 10 lines of ~/.newsboat/config."), "\(lines)")
            #expect(lines.first { $0.hasPrefix("Skipped") }?.hasPrefix("Skipped ~/.newsboat/config:10") == true, "in line order: \(lines)")
            for skipped in [
                "Skipped ~/.newsboat/config:10 color: Headlines has no element background",
                "Skipped ~/.newsboat/config:12 bind-key: no action of Headlines does what edit-urls does.",
                "Skipped ~/.newsboat/config:13 confirm-exit: Headlines has no setting of that name.",
            ] {
                #expect(lines.contains { $0.hasPrefix(skipped) }, "\(skipped) in \(lines)")
            }
            // newsboat stored no Beta 3: its ignore-article kept it out of its cache (ignore-mode download).
            #expect(lines.last == "Brought 6 articles of 2 feeds from ~/.newsboat/cache.db into the article cache: 4 unread, 1 flagged (starred here).")
            let config = try String(contentsOf: home.url.appendingPathComponent(".config/headlines/config"), encoding: .utf8)
            for line in [
                "show-read = no", "show-read-sources = no", "max-items = 50", "datetime-format = %Y-%m-%d", "refresh-on-start = yes",
                "browser = lynx %u", "ignore = (title = \"Beta 3\")", "articlelist-format = %4i %f %D %t", "color selection black yellow bold",
                "bind Ctrl-t next-unread",
            ] {
                #expect(config.contains(line), "\(line) in \(config)")
            }

            // The interface shows newsboat's state, and refreshing the feeds keeps it.
            let session = try HeadlinesSession([], home: home)
            defer { session.close() }
            let tmux = session.tmux
            let sources = try await tmux.waitForScreen(describedAs: "newsboat's marks") { screen in
                !screen.contains("loading") && Sources.row("Alpha", in: screen)?.contains("3 unread · 4") == true
                    && Sources.row("Beta", in: screen)?.contains("1 unread · 2") == true
            }
            #expect(Sources.row("Starred", in: sources)?.contains("1") == true, "\(sources)")
            #expect(Sources.row("Beta", in: sources)?.contains("1 hidden") == true, "the ignore rule: \(sources)")
            try tmux.sendKeys("G", "k", "Enter")  // Alpha
            let alpha = try await tmux.waitForText("3 articles · unread only")
            #expect(!alpha.contains("Alpha 1") && alpha.contains("2026-11-29 Alpha 2"), "\(alpha)")
        }
    }
}
