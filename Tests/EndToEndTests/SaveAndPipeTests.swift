import Foundation
import Testing
import TestSupport

extension EndToEnd.Hooks {
    /// `s` saves the article as Markdown in the save folder; `|` pipes it to a command.
    @Suite struct SaveAndPipe {
        static func session(_ server: LoopbackServer, config: String? = nil) throws -> HeadlinesSession {
            server.route("/feed.xml", .bytes(Data(EndToEnd.Hooks.feed(server).utf8), contentType: "application/rss+xml"))
            return try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString], config: config)
        }

        @Test func sInTheArticleSavesItAsMarkdownInTheSaveFolder() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let session = try Self.session(server)
            defer { session.close() }
            try await session.tmux.waitForText("Hooked story")
            try session.tmux.sendKeys("Enter")
            try await session.tmux.waitForText("Body of Hooked story.")
            try session.tmux.sendKeys("s")
            let screen = try await session.tmux.waitForText("Saved to ~/saved/")
            let files = session.savedFiles()
            #expect(files.count == 1, "\(files)")
            let name = try #require(files.first)
            #expect(name.hasPrefix("Hooked-story-") && name.hasSuffix(".md"), "\(name)")
            #expect(screen.contains(String(name.prefix(12))))
            let text = try String(contentsOf: session.saveFolder.appendingPathComponent(name), encoding: .utf8)
            #expect(text.hasPrefix("# Hooked story\n\n<https://feed.example/0>\n\nLoopback Feed · 2026-11-29T10:00:00Z\n"), "\(text)")
            #expect(text.contains("Body of Hooked story."), "\(text)")
        }

        /// A script that writes what it reads to `file` (whole, once it has all of it).
        static func recorder(in home: TemporaryFolder) throws -> (script: URL, file: URL) {
            let file = home.file("piped.txt"), script = home.file("record.sh")
            try "#!/bin/sh\ncat > '\(file.path).tmp' && mv '\(file.path).tmp' '\(file.path)'\n".write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            return (script, file)
        }

        static func piped(_ file: URL) async throws -> String {
            #expect(await eventually { FileManager.default.fileExists(atPath: file.path) }, "nothing was piped")
            return try String(contentsOf: file, encoding: .utf8)
        }

        @Test func barInTheArticlePipesItsTextToTheCommandOfThePrompt() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let home = try TemporaryFolder()
            defer { home.remove() }
            let recorder = try Self.recorder(in: home)
            let session = try Self.session(server, config: "pipe-command = \"\(recorder.script.path)\"\n")
            defer { session.close() }
            try await session.tmux.waitForText("Hooked story")
            try session.tmux.sendKeys("Enter")
            try await session.tmux.waitForText("Body of Hooked story.")
            try session.tmux.sendLiteral("|")
            try await session.tmux.waitForText("record.sh▏")  // the prompt, starting from pipe-command
            try session.tmux.sendKeys("Enter")
            let text = try await Self.piped(recorder.file)
            #expect(text.hasPrefix("Hooked story\nhttps://feed.example/0\n"), "\(text)")
            #expect(text.contains("\n\nBody of Hooked story.\n"), "\(text)")
            try await session.tmux.waitForText("Piped the article to record.sh.")
        }

        @Test func withPipeFormatHTMLTheListsSelectedArticleGoesAsItsHTML() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let feed = """
                <?xml version="1.0" encoding="utf-8"?>
                <rss version="2.0"><channel><title>Loopback Feed</title><link>\(server.url("/").absoluteString)</link>
                <item><title>Marked up</title><link>https://feed.example/m</link>
                <description><![CDATA[<p>Some <b>bold</b> words.</p>]]></description></item></channel></rss>
                """
            server.route("/feed.xml", .bytes(Data(feed.utf8), contentType: "application/rss+xml"))
            let home = try TemporaryFolder()
            defer { home.remove() }
            let recorder = try Self.recorder(in: home)
            let session = try HeadlinesSession(
                ["--source", server.url("/feed.xml").absoluteString], config: "pipe-format = html\n")
            defer { session.close() }
            try await session.tmux.waitForText("Marked up")
            try session.tmux.sendLiteral("|")
            try await session.tmux.waitForText("Pipe to: ")
            try session.tmux.sendLiteral(recorder.script.path)
            try session.tmux.sendKeys("Enter")
            let html = try await Self.piped(recorder.file)
            #expect(html.contains("<b>bold</b>") && !html.contains("Marked up"), "\(html)")
        }

        @Test func aCommandThatIsNotFoundIsOneSentenceAndEscCancels() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let session = try Self.session(server)
            defer { session.close() }
            try await session.tmux.waitForText("Hooked story")
            try session.tmux.sendLiteral("|")
            try await session.tmux.waitForText("Pipe to: ")
            try session.tmux.sendLiteral("no-such-command-here --flag")
            try await session.tmux.waitForText("Pipe to: no-such-command-here --flag")
            try session.tmux.sendKeys("Enter")
            try await session.tmux.waitForText("The command “no-such-command-here” was not found.")
            // Esc leaves the prompt and nothing runs; the list is still there.
            try session.tmux.sendLiteral("|")
            try await session.tmux.waitForText("Pipe to: ")
            try session.tmux.sendKeys("Escape")
            let screen = try await session.tmux.waitForScreen { !$0.contains("Pipe to:") }
            #expect(screen.contains("Hooked story"))
        }
    }
}
