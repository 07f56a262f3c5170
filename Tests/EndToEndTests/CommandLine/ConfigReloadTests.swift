import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The config is read again without a restart: a source added with `--add` while the interface
    /// runs appears after `R` (or Ctrl-R, `reload-config`); a mistake in it is one sentence in the
    /// status bar, and the config in use stays. `Q` quits from any screen.
    @Suite struct ConfigReload {
        @Test func aSourceAddedWhileTheInterfaceRunsAppearsAfterR() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Sources.serve(server, slow: .zero)
            server.route("/added.xml", .text(FeedFixtures.rss("Added", count: 5), contentType: "application/rss+xml"))
            let session = try HeadlinesSession([], config: Sources.config(server))
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen { Sources.row("Slowpoke", in: $0)?.contains("2 unread · 2") == true && !$0.contains("loading") }
            let added = try await HeadlinesSession.run(["--add", server.url("/added.xml").absoluteString, "--name", "Newcomer"], home: session.home)
            #expect(added.status == 0, "\(added.stderrText)")
            try tmux.sendKeys("R")
            try await tmux.waitForText("Config read again: 1 source added.")
            try await tmux.waitForScreen(describedAs: "the new source, refreshed") { Sources.row("Newcomer", in: $0)?.contains("5 unread · 5") == true }

            // A mistake: one sentence, and every source still there.
            let config = session.home.url.appendingPathComponent(".config/headlines/config")
            let text = try String(contentsOf: config, encoding: .utf8)
            try (text + "colour = red\n").write(to: config, atomically: true, encoding: .utf8)
            try tmux.sendKeys("C-r")
            // The sentence names every source setting, so it wraps in its box: read it as one line.
            let refused = try await tmux.waitForScreen { Self.flattened($0).contains("The config in use is kept.") }
            #expect(Self.flattened(refused).contains("config:16: unknown source setting \"colour\""), "\(refused)")
            #expect(Sources.row("Newcomer", in: refused) != nil && Sources.row("Tech", in: refused) != nil)

            // Removed again, and read with Ctrl-R: the source goes.
            try text.replacingOccurrences(of: "\n[source \"Tech\"]", with: "\n[source \"Tech\"]\nignore = title ~ \"Tech\"").write(
                to: config, atomically: true, encoding: .utf8)
            try tmux.sendKeys("C-r")
            try await tmux.waitForText("Config read again.")
            // The new kill rule hides Tech's articles at once.
            try await tmux.waitForScreen { Sources.row("Tech", in: $0)?.contains("3 hidden") == true }
        }

        /// The screen's lines, their box borders and padding dropped, joined by one space.
        static func flattened(_ screen: String) -> String {
            screen.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "| ")) }.filter { !$0.isEmpty }
                .joined(separator: " ")
        }

        @Test func capitalQQuitsFromAnArticle() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Sources.serve(server, slow: .zero)
            let session = try HeadlinesSession([], config: Sources.config(server))
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen { Sources.row("Slowpoke", in: $0)?.contains("2 unread") == true && !$0.contains("loading") }
            try tmux.sendKeys("Enter")
            try await tmux.waitForText("9 articles")
            try tmux.sendKeys("Enter")
            try await tmux.waitForScreen { !$0.contains("9 articles") && $0.contains("Article") }
            try tmux.sendKeys("Q")
            #expect(try await tmux.waitForExit() == 0)
        }
    }
}
