import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The first run, adding sources (`--add`, `--import-newsboat`), the demo giving way to
    /// real sources, and `--print` as a cron job runs it: the real binary, a private home.
    @Suite struct Starting {
        let home: TemporaryFolder

        init() throws { home = try TemporaryFolder("e2e") }

        private func run(_ arguments: [String], extra: [String: String] = [:]) async throws -> ProcessResult {
            try await ProcessRunner(HeadlinesBinary.path, arguments, environment: HeadlinesBinary.environment(home: home.url, extra: extra))
                .run(timeout: .seconds(30))
        }

        private var configFile: URL { home.url.appendingPathComponent(".config/headlines/config") }

        private func config() throws -> String { try String(contentsOf: configFile, encoding: .utf8) }

        // MARK: - The first run

        @Test func theFirstPrintSaysHowToAddFeeds() async throws {
            defer { home.remove() }
            let result = try await run(["--print"])
            #expect(result.status == 0)
            for advice in ["headlines --add URL", "--import-opml FILE", "~/.config/headlines/config"] {
                #expect(result.stderrText.contains(advice), "\(advice): \(result.stderrText)")
            }
        }

        @Test func theFirstScreenSaysHowToAddFeeds() async throws {
            defer { home.remove() }
            // Wide enough for the whole advice beside the counts.
            let session = try HeadlinesSession([], width: 160)
            defer { session.close() }
            let screen = try await session.tmux.waitForText("34 articles")
            #expect(screen.contains("no sources yet: headlines --add URL"), "\(screen)")
            #expect(screen.contains("--import-opml FILE, or edit ~/.config/headlines/config"), "\(screen)")
        }

        // MARK: - --add

        @Test func addChecksTheFeedThenWritesAPrivateConfig() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.rss", .text(FeedFixtures.rss("Rss", count: 3), contentType: "application/rss+xml"))
            server.route("/site", .text(FeedFixtures.page(linkingTo: "/feed.rss"), contentType: "text/html"))
            server.route("/plain", .text("<!DOCTYPE html><html><body>No feed here</body></html>", contentType: "text/html"))

            let refused = try await run(["--add", server.url("/plain").absoluteString])
            #expect(refused.status == 1)
            #expect(refused.stderrText.contains("gives no feed") && refused.stderrText.contains("no feed link"), "\(refused.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: configFile.path), "nothing is written for a URL that gives no feed")

            let added = try await run(["--add", server.url("/feed.rss").absoluteString])
            #expect(added.status == 0, "\(added.stderrText)")
            #expect(added.stdoutText == "Added “Rss feed” (3 articles now) to ~/.config/headlines/config.\n")
            let attributes = try FileManager.default.attributesOfItem(atPath: configFile.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

            let named = try await run(["--add", server.url("/site").absoluteString, "--name", "My site", "--group", "Reading"])
            #expect(named.status == 0, "\(named.stderrText)")
            #expect(named.stdoutText.contains("Added “My site”") && named.stdoutText.contains("Using the feed"))
            let text = try config()
            #expect(text.contains("[source \"Rss feed\"]\nurl = \(server.url("/feed.rss").absoluteString)\n"), "\(text)")
            #expect(text.contains("[source \"My site\"]\nurl = \(server.url("/site").absoluteString)\ngroup = Reading\n"), "\(text)")

            let again = try await run(["--add", server.url("/feed.rss").absoluteString])
            #expect(again.status == 0 && again.stdoutText.contains("already has"))
            #expect(try config() == text)

            let printed = try await run(["--print"])
            #expect(printed.status == 0)
            #expect(printed.stdoutText.split(separator: "\n").count == 6)
        }

        @Test func addNeedsAURLAndNameAndGroupNeedAdd() async throws {
            defer { home.remove() }
            #expect(try await run(["--add"]).status == 2)
            let stray = try await run(["--print", "--name", "X"])
            #expect(stray.status == 2 && stray.stderrText.contains("--name and --group go with --add"))
        }

        // MARK: - --import-newsboat

        @Test func newsboatsURLsFileBringsTitlesGroupsAndTags() async throws {
            defer { home.remove() }
            let folder = home.url.appendingPathComponent(".newsboat", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try """
            # my feeds
            https://example.com/a.xml tech "linux news" "~Alpha Weekly"
            https://example.com/b.xml
            "query:Unread:unread = \\"yes\\""
            "exec:~/bin/make-feed"
            "filter:~/bin/clean:https://example.com/c.xml" tech
            https://example.com/a.xml again
            """.write(to: folder.appendingPathComponent("urls"), atomically: true, encoding: .utf8)
            let result = try await run(["--import-newsboat"])
            #expect(result.status == 0, "\(result.stderrText)")
            let lines = result.stdoutText.split(separator: "\n").map(String.init)
            #expect(lines.first == "Added 2 feeds from ~/.newsboat/urls to ~/.config/headlines/config, and 1 query feed; 1 already there.")
            #expect(lines.count == 3)
            #expect(lines.contains { $0.hasPrefix("Skipped ~/.newsboat/urls:5 exec:~/bin/make-feed") })
            #expect(lines.contains { $0.hasPrefix("Skipped ~/.newsboat/urls:6 filter:") })
            let text = try config()
            #expect(text.contains("[query \"Unread\"]\nfilter = unread"), "\(text)")
            #expect(
                text.contains(
                    """
                    [source "Alpha Weekly"]
                    url = https://example.com/a.xml
                    group = tech
                    tags = tech, linux news
                    """), "\(text)")
            #expect(text.contains("[source \"example.com\"]\nurl = https://example.com/b.xml\n"), "\(text)")
        }

        /// What the import says on stdout repeats the urls file's name, its entries and titles:
        /// an OSC 52 (which writes the clipboard) in any of them never reaches the terminal.
        @Test func newsboatImportLinesRepeatNoEscapeSequences() async throws {
            defer { home.remove() }
            let osc52 = "\u{1B}]52;c;aGk=\u{07}"
            let urls = home.file("urls\(osc52)")
            try """
            https://example.com/a.xml "~Title\(osc52)" "tag\(osc52)"
            "exec:~/bin/\(osc52)feed"
            gopher://\(osc52)example.com/
            """.write(to: urls, atomically: true, encoding: .utf8)
            let result = try await run(["--import-newsboat", urls.path, "--config", home.file("conf\(osc52)").path])
            #expect(result.status == 0, "\(result.stderrText)")
            let lines = result.stdoutText.split(separator: "\n").map(String.init)
            #expect(lines.count == 3, "\(lines)")
            #expect(lines.first?.hasPrefix("Added 1 feed from ~/urls to ~/conf.") == true, "\(lines)")
            for byte in [0x1B, 0x07] as [UInt8] { #expect(!result.stdoutText.utf8.contains(byte), "\(result.stdoutText.debugDescription)") }
        }

        @Test func newsboatsURLsFileIsFoundUnderXDGConfigHomeToo() async throws {
            defer { home.remove() }
            let xdg = home.url.appendingPathComponent("xdg", isDirectory: true)
            try FileManager.default.createDirectory(at: xdg.appendingPathComponent("newsboat"), withIntermediateDirectories: true)
            try "https://example.com/x.xml news\n".write(to: xdg.appendingPathComponent("newsboat/urls"), atomically: true, encoding: .utf8)
            let result = try await run(["--import-newsboat", "--config", home.file("mine.conf").path], extra: ["XDG_CONFIG_HOME": xdg.path])
            #expect(result.status == 0, "\(result.stderrText)")
            #expect(result.stdoutText == "Added 1 feed from ~/xdg/newsboat/urls to ~/mine.conf.\n", "a named config file is created too")
            let none = try await run(["--import-newsboat"])
            #expect(none.status == 1 && none.stderrText.contains("There is no newsboat urls file at ~/.newsboat/urls or ~/.config/newsboat/urls"))
        }

        // MARK: - The demo gives way

        @Test func theDemoIsNeitherShownNorSearchedOnceTheConfigNamesASource() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.rss", .text(FeedFixtures.rss("Stargazers", count: 2), contentType: "application/rss+xml"))
            let session = try HeadlinesSession([])
            defer { session.close() }
            try await session.tmux.waitForText("34 articles")
            try session.tmux.sendKeys("q")
            #expect(try await session.tmux.waitForExit() == 0)
            let environment = HeadlinesBinary.environment(home: session.home.url)
            let before = try await ProcessRunner(HeadlinesBinary.path, ["--search", "stargazers"], environment: environment).run(timeout: .seconds(30))
            #expect(before.stdoutText.contains("Volunteer stargazers"), "the demo is in the cache: \(before.stdoutText)")

            try FeedFixtures.writeConfig(FeedFixtures.config([("Mine", server.url("/feed.rss").absoluteString, nil)]), home: session.home.url)
            let after = try await ProcessRunner(HeadlinesBinary.path, ["--search", "stargazers"], environment: environment).run(timeout: .seconds(30))
            #expect(after.status == 0, "\(after.stderrText)")
            #expect(!after.stdoutText.contains("Volunteer stargazers"), "\(after.stdoutText)")
        }

        // MARK: - --print in scripts

        @Test func oneDeadFeedDoesNotFailTheRunUnlessStrict() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            FeedSources.serveEveryKind(server)
            try FeedFixtures.writeConfig(
                FeedFixtures.config([
                    ("Site", server.url("/site").absoluteString, nil),
                    ("Broken", server.url("/broken.xml").absoluteString, nil),
                ]), home: home.url)
            let lenient = try await run(["--print"])
            #expect(lenient.status == 0)
            #expect(lenient.stdoutText.split(separator: "\n").count == 2)
            #expect(lenient.stderrText == "headlines: Broken: HTTP 404: Not Found.\n", "only the failure, no notes")

            let strict = try await run(["--print", "--strict"])
            #expect(strict.status == 1)

            let verbose = try await run(["--print", "--verbose"])
            #expect(verbose.status == 0)
            #expect(verbose.stderrText.contains("Site: Using the feed \(server.url("/feed.rss").absoluteString) named by the page."))

            try FeedFixtures.writeConfig(
                FeedFixtures.config([
                    ("Broken", server.url("/broken.xml").absoluteString, nil),
                    ("Gone", server.url("/gone.xml").absoluteString, nil),
                ]), home: home.url)
            let none = try await run(["--print"])
            #expect(none.status == 1, "no source could be printed")
            #expect(none.stderrText.split(separator: "\n").count == 2)
        }

        @Test func notesGoToTheLog() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            FeedSources.serveEveryKind(server)
            let log = home.file("headlines.log")
            let result = try await run(["--print", "--source", server.url("/site").absoluteString, "--log", log.path])
            #expect(result.status == 0)
            #expect(result.stderrText.isEmpty, "\(result.stderrText)")
            let text = try String(contentsOf: log, encoding: .utf8)
            #expect(text.contains("Using the feed"), "\(text)")
        }
    }
}
