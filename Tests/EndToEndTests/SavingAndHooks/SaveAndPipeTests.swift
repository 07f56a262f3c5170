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

        /// The saved file is real Markdown: cmark (CommonMark's reference) reads back the
        /// article's headings, paragraphs, list, code block, links and picture (issue 51).
        @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/cmark"), "needs cmark (Resources/build/system-packages test)"))
        func theSavedMarkdownReadsBackAsTheArticle() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let body = """
                &lt;h2&gt;The plan&lt;/h2&gt;&lt;p&gt;First, read &lt;a href="https://example.org/spec"&gt;the spec&lt;/a&gt;.&lt;/p&gt;\
                &lt;p&gt;Then &lt;em&gt;two&lt;/em&gt; steps:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;build&lt;/li&gt;&lt;li&gt;test&lt;/li&gt;&lt;/ul&gt;\
                &lt;pre&gt;make test&lt;/pre&gt;&lt;p&gt;&lt;img src="https://example.org/plan.png" alt="The plan drawn"&gt;&lt;/p&gt;
                """
            let feed = """
                <?xml version="1.0"?><rss version="2.0"><channel><title>Plans</title><link>https://example.org/</link>
                <item><title>A structured story</title><link>https://example.org/story</link><description>\(body)</description></item>
                </channel></rss>
                """
            server.route("/feed.xml", .text(feed, contentType: "application/rss+xml"))
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString])
            defer { session.close() }
            try await session.tmux.waitForText("A structured story")
            try session.tmux.sendKeys("Enter")
            try await session.tmux.waitForText("The plan")
            try session.tmux.sendKeys("s")
            try await session.tmux.waitForText("Saved to ~/saved/")
            let name = try #require(session.savedFiles().first { $0.hasSuffix(".md") })
            let rendered = try await ProcessRunner("/usr/bin/cmark", [session.saveFolder.appendingPathComponent(name).path]).run(timeout: .seconds(10))
            for part in [
                "<h1>A structured story</h1>", "<h2>The plan</h2>", "<p>First, read <a href=\"https://example.org/spec\">the spec</a>.</p>",
                "<p>Then <em>two</em> steps:</p>", "<ul>\n<li>build</li>\n<li>test</li>\n</ul>", "<pre><code>make test\n</code></pre>",
                "<img src=\"https://example.org/plan.png\" alt=\"The plan drawn\" />",
            ] {
                #expect(rendered.stdoutText.contains(part), "\(part) in \(rendered.stdoutText)")
            }
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
