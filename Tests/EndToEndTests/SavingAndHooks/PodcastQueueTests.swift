import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The list's `♪` becomes `↓` once the episode is downloaded and `✓` once it is played; the
    /// downloads screen lists queued, running, done and failed downloads with their progress (as
    /// podboat's queue does), and those of earlier sessions.
    @Suite struct PodcastQueue {
        static func episodeMark(_ screen: String) -> Character? {
            screen.split(separator: "\n").first { $0.contains("Episode one") }.flatMap { Array($0).dropFirst(2).first }
        }

        @Test func theMarkFollowsTheEpisodeAndTheDownloadsListEveryState() async throws {
            let server = try Podcasts.server()
            defer { server.stop() }
            let base = server.baseURL.absoluteString
            // Two more episodes: one slow (seen queued, then running), one missing (failed).
            server.route(
                "/more.xml",
                .text(
                    """
                    <?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>More</title><link>https://more.example/</link>
                    <item><title>Slow episode</title><guid>slow</guid><pubDate>Sun, 29 Nov 2026 09:00:00 GMT</pubDate>
                    <enclosure url="\(base)/media/slow.mp3" type="audio/mpeg" length="600000"/></item>
                    <item><title>Missing episode</title><guid>missing</guid><pubDate>Sun, 29 Nov 2026 08:00:00 GMT</pubDate>
                    <enclosure url="\(base)/media/missing.mp3" type="audio/mpeg" length="1000"/></item>
                    </channel></rss>
                    """, contentType: "application/rss+xml"))
            var slow = ScriptedResponse.bytes(ScriptedResponse.generatedBytes(prefix: Data("ID3".utf8), count: 600_000), contentType: "audio/mpeg")
            slow.chunkSize = 20_000
            slow.delayBetweenChunks = .milliseconds(100)
            server.route("/media/slow.mp3", slow)
            server.route("/media/missing.mp3", .text("gone", status: 404))
            let scripts = try TemporaryFolder()
            defer { scripts.remove() }
            let player = try Podcasts.player(in: scripts)
            let config = FeedFixtures.config(
                [("The Show", server.url("/feed.xml").absoluteString, nil), ("More", server.url("/more.xml").absoluteString, nil)],
                settings: ["podcast-dir = ~/pods", "player = \(player.script.path)"])
            let session = try HeadlinesSession([], config: config)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen { $0.contains("More") && !$0.contains("loading") && $0.contains("2 unread · 2") }
            try tmux.sendKeys("Enter")  // All
            let list = try await tmux.waitForText("Missing episode")
            #expect(Self.episodeMark(list) == "♪", "\(list)")
            try tmux.sendKeys("e")
            try await tmux.waitForText("Downloaded ~/pods/The Show/ep1.mp3")
            try await tmux.waitForScreen(describedAs: "↓ once downloaded") { Self.episodeMark($0) == "↓" }
            try tmux.sendKeys("P")
            _ = try await Podcasts.played(player.file)
            try await tmux.waitForScreen(describedAs: "✓ once played") { Self.episodeMark($0) == "✓" }

            // E: the list's episodes into the queue; the downloads show each state.
            try tmux.sendKeys("E")
            let queue = try await tmux.waitForScreen(describedAs: "the downloads, running") {
                $0.contains(" Downloads") && $0.contains("downloading") && $0.contains("failed: ")
            }
            #expect(queue.contains("Slow episode") && queue.contains("Missing episode") && queue.contains("Episode one"), "\(queue)")
            #expect(queue.split(separator: "\n").filter { $0.contains("Episode one") }.count == 1, "e then E lists it once: \(queue)")
            #expect(queue.split(separator: "\n").contains { $0.contains("Slow episode") && $0.contains("KiB of ") }, "\(queue)")
            try await tmux.waitForScreen(describedAs: "the slow one done", timeout: .seconds(20)) {
                $0.split(separator: "\n").contains { $0.contains("Slow episode") && $0.contains("100% downloaded slow.mp3") }
            }
            // After a restart, the downloads list what earlier sessions downloaded and played.
            try tmux.sendKeys("Q")
            #expect(try await tmux.waitForExit() == 0)
            let again = try HeadlinesSession([], config: nil, home: session.home)
            defer { again.tmux.close() }
            try await again.tmux.waitForText("More")
            try again.tmux.sendKeys("Enter")
            try await again.tmux.waitForText("Missing episode")
            try again.tmux.sendKeys("w")
            let earlier = try await again.tmux.waitForScreen(describedAs: "earlier downloads") {
                $0.contains("played ep1.mp3") && $0.contains("downloaded slow.mp3")
            }
            #expect(!earlier.contains("Missing episode"), "a failed download is not kept: \(earlier)")
        }
    }
}
