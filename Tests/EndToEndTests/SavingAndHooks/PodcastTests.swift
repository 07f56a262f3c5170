import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A podcast feed from the loopback server: the list's mark, the article's enclosure line,
    /// `e` downloading into `podcast-dir`, and `--print`'s fifth field.
    @Suite struct Podcasts {
        static let audio = ScriptedResponse.generatedBytes(prefix: Data("ID3\u{03}\u{00}".utf8), count: 300_000)

        static func server() throws -> LoopbackServer {
            let server = try LoopbackServer()
            let base = server.baseURL.absoluteString
            server.route(
                "/feed.xml",
                .text(
                    """
                    <?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
                    <channel><title>Show feed</title><link>https://show.example/</link>
                    <item><title>Episode one</title><link>https://show.example/1</link><guid>ep-1</guid>
                    <pubDate>Sun, 29 Nov 2026 11:00:00 GMT</pubDate>
                    <enclosure url="\(base)/media/ep1.mp3" type="audio/mpeg" length="44150000"/><itunes:duration>1:02:03</itunes:duration></item>
                    <item><title>Show notes only</title><link>https://show.example/notes</link><guid>notes</guid>
                    <pubDate>Sun, 29 Nov 2026 10:00:00 GMT</pubDate></item>
                    </channel></rss>
                    """, contentType: "application/rss+xml"))
            server.route("/media/ep1.mp3", .bytes(audio, contentType: "audio/mpeg"))
            return server
        }

        @Test func theListMarksItTheArticleShowsItAndEDownloadsIt() async throws {
            let server = try Self.server()
            defer { server.stop() }
            let config = FeedFixtures.config(
                [("The Show", server.url("/feed.xml").absoluteString, nil)], settings: ["podcast-dir = ~/pods"])
            let session = try HeadlinesSession([], config: config)
            defer { session.close() }
            let list = try await session.tmux.waitForText("Show notes only")
            let episodeRow = try #require(list.split(separator: "\n").first { $0.contains("Episode one") })
            let notesRow = try #require(list.split(separator: "\n").first { $0.contains("Show notes only") })
            #expect(episodeRow.contains("♪") && !notesRow.contains("♪"), "\(episodeRow)\n\(notesRow)")

            try session.tmux.sendKeys("Enter")
            // The line and the link list may come a frame apart: wait for both.
            let link = "enclosure: \(server.baseURL.absoluteString)/media/ep1.mp3"
            let article = try await session.tmux.waitForScreen { $0.contains("Enclosure: audio/mpeg · 42.1 MiB · 1:02:03") && $0.contains(link) }
            #expect(article.contains(link))

            try session.tmux.sendKeys("e")
            try await session.tmux.waitForText("Downloaded ~/pods/The Show/ep1.mp3")
            let folder = session.home.url.appendingPathComponent("pods/The Show", isDirectory: true)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ep1.mp3"])
            #expect(try Data(contentsOf: folder.appendingPathComponent("ep1.mp3")) == Self.audio)
            // Again: the cache noted it, so nothing is fetched.
            try session.tmux.sendKeys("e")
            try await session.tmux.waitForText("Already downloaded ~/pods/The Show/ep1.mp3")
            #expect(server.requests(path: "/media/ep1.mp3").count == 1)
        }

        @Test func aHomePageServedForTheEpisodeIsNotSavedAsIt() async throws {
            let server = try Self.server()
            defer { server.stop() }
            // The host answers the dead episode link with 200 and its home page.
            server.route("/media/ep1.mp3", .text("<!DOCTYPE html><html><body>Our new site</body></html>", contentType: "text/html"))
            let config = FeedFixtures.config(
                [("The Show", server.url("/feed.xml").absoluteString, nil)], settings: ["podcast-dir = ~/pods"])
            let session = try HeadlinesSession([], config: config)
            defer { session.close() }
            try await session.tmux.waitForText("Episode one")
            try session.tmux.sendKeys("Enter")
            try await session.tmux.waitForText("Enclosure: audio/mpeg")
            try session.tmux.sendKeys("e")
            try await session.tmux.waitForText("Not saved: the server sent a web page (text/html), not audio/mpeg")
            let folder = session.home.url.appendingPathComponent("pods/The Show", isDirectory: true)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] == [], "nothing left in the folder")
        }

        /// A player that writes its arguments to `file`, one a line (whole, once it has them all).
        static func player(in home: TemporaryFolder) throws -> (script: URL, file: URL) {
            let file = home.file("played.txt"), script = home.file("play.sh")
            let text = "#!/bin/sh\nfor word in \"$@\"; do printf '%s\\n' \"$word\"; done > '\(file.path).tmp' && mv '\(file.path).tmp' '\(file.path)'\n"
            try text.write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            return (script, file)
        }

        static func played(_ file: URL) async throws -> String {
            #expect(await eventually { FileManager.default.fileExists(atPath: file.path) }, "the player did not run")
            return try String(contentsOf: file, encoding: .utf8)
        }

        @Test func shiftPPlaysTheDownloadedEnclosureWithThePlayerAndBeforeEAsksForIt() async throws {
            let server = try Self.server()
            defer { server.stop() }
            let scripts = try TemporaryFolder()
            defer { scripts.remove() }
            let player = try Self.player(in: scripts)
            let config = FeedFixtures.config(
                [("The Show", server.url("/feed.xml").absoluteString, nil)],
                settings: ["podcast-dir = ~/pods", "player = \(player.script.path) --no-video %f"])
            let session = try HeadlinesSession([], config: config)
            defer { session.close() }
            try await session.tmux.waitForText("Show notes only")
            // The list's selected row is the episode: nothing is downloaded yet.
            try session.tmux.sendKeys("P")
            try await session.tmux.waitForText("Not downloaded yet: press e first.")
            #expect(!FileManager.default.fileExists(atPath: player.file.path))

            try session.tmux.sendKeys("e")
            try await session.tmux.waitForText("Downloaded ~/pods/The Show/ep1.mp3")
            let episode = session.home.url.appendingPathComponent("pods/The Show/ep1.mp3").path
            try session.tmux.sendKeys("P")
            #expect(try await Self.played(player.file) == "--no-video\n\(episode)\n")
            try await session.tmux.waitForText("Played ep1.mp3.")

            // In the article too; and once the file is gone, it is as if never downloaded.
            try FileManager.default.removeItem(at: player.file)
            try session.tmux.sendKeys("Enter")
            try await session.tmux.waitForText("Enclosure: audio/mpeg")
            try session.tmux.sendKeys("P")
            #expect(try await Self.played(player.file) == "--no-video\n\(episode)\n")
            try FileManager.default.removeItem(atPath: episode)
            try session.tmux.sendKeys("P")
            try await session.tmux.waitForText("Not downloaded yet: press e first.")
        }

        /// The cache noted where `e` put the file, so `P` finds it after a restart.
        @Test func afterARestartPPlaysWhatTheCacheNoted() async throws {
            let server = try Self.server()
            defer { server.stop() }
            let home = try TemporaryFolder("e2e")
            defer { home.remove() }
            let player = try Self.player(in: home)
            try FeedFixtures.writeConfig(
                FeedFixtures.config(
                    [("The Show", server.url("/feed.xml").absoluteString, nil)],
                    settings: ["podcast-dir = ~/pods", "player = \(player.script.path)"]),
                home: home.url)
            func session() throws -> TmuxSession {
                var environment = HeadlinesBinary.environment(home: home.url)
                environment.removeValue(forKey: "PATH")
                return try TmuxSession(command: [HeadlinesBinary.path], environment: environment)
            }
            do {
                let first = try session()
                defer { first.close() }
                try await first.waitForText("Show notes only")
                try first.sendKeys("e")
                try await first.waitForText("Downloaded ~/pods/The Show/ep1.mp3")
                try first.sendKeys("q")
                _ = try await first.waitForExit()
            }
            let second = try session()
            defer { second.close() }
            try await second.waitForText("Show notes only")
            try second.sendKeys("P")
            let episode = home.url.appendingPathComponent("pods/The Show/ep1.mp3").path
            #expect(try await Self.played(player.file) == "\(episode)\n")
            try await second.waitForText("Played ep1.mp3.")
        }

        @Test func aPlayerThatIsNotFoundOrFailsIsOneSentence() async throws {
            let server = try Self.server()
            defer { server.stop() }
            let scripts = try TemporaryFolder()
            defer { scripts.remove() }
            let failing = scripts.file("fail.sh")
            try "#!/bin/sh\nexit 3\n".write(to: failing, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: failing.path)
            for (player, sentence) in [
                ("no-such-player-here", "The player “no-such-player-here” was not found."),
                (failing.path, "The player “fail.sh” ended with status 3."),
            ] {
                let config = FeedFixtures.config(
                    [("The Show", server.url("/feed.xml").absoluteString, nil)], settings: ["podcast-dir = ~/pods", "player = \(player)"])
                let session = try HeadlinesSession([], config: config)
                defer { session.close() }
                try await session.tmux.waitForText("Show notes only")
                try session.tmux.sendKeys("e")
                try await session.tmux.waitForText("Downloaded ~/pods/The Show/ep1.mp3")
                try session.tmux.sendKeys("P")
                try await session.tmux.waitForText(sentence)
            }
        }

        @Test func printGivesTheEnclosureAsAFifthFieldAndInJSON() async throws {
            let server = try Self.server()
            defer { server.stop() }
            let home = try TemporaryFolder("e2e")
            defer { home.remove() }
            let feed = server.url("/feed.xml").absoluteString
            func run(_ arguments: [String]) async throws -> String {
                let result = try await ProcessRunner(HeadlinesBinary.path, arguments, environment: HeadlinesBinary.environment(home: home.url))
                    .run(timeout: .seconds(30))
                #expect(result.status == 0, "\(result.stderrText)")
                return result.stdoutText
            }
            let text = try await run(["--print", "--source", feed])
            let lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            #expect(lines.map(\.count) == [5, 4], "\(text)")
            #expect(lines.first?.last.map(String.init) == server.baseURL.absoluteString + "/media/ep1.mp3")
            let json = try await run(["--print", "--json", "--source", feed])
            let first = try #require(json.split(separator: "\n").first)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
            let enclosure = try #require(object["enclosure"] as? [String: Any])
            #expect(enclosure["type"] as? String == "audio/mpeg")
            #expect(enclosure["length"] as? Int == 44_150_000 && enclosure["duration"] as? Int == 3_723)
        }
    }
}
