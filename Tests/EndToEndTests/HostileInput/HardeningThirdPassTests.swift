import Foundation
import Testing
import TestSupport

/// Issue 28 through the built binary: secrets that never show, files that cannot hang it.
@Suite("Hardening, third pass")
struct HardeningThirdPassTests {
    let home: TemporaryFolder

    init() throws {
        home = try TemporaryFolder("e2e")
    }

    private func run(_ arguments: [String], timeout: Duration = .seconds(30)) async throws -> ProcessResult {
        try await ProcessRunner(HeadlinesBinary.path, arguments, environment: HeadlinesBinary.environment(home: home.url))
            .run(timeout: timeout)
    }

    /// A mistyped password line names its line and problem on stderr, not the password.
    @Test(arguments: ["password s3cr3t-xyz", "password: s3cr3t-xyz"])
    func aMistypedPasswordLineIsNotQuoted(line: String) async throws {
        try FeedFixtures.writeConfig(
            "[server \"Home\"]\nkind = fever\nurl = https://s.example/\nuser = me\n\(line)\n", home: home.url)
        let result = try await run(["--print"])
        #expect(result.status == 2)
        #expect(result.stderrText.contains("config:5:"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("s3cr3t"), "\(result.stderrText)")
    }

    /// A FIFO named anywhere a file is read or written is refused at once, never waited on.
    @Test func aFIFOIsRefusedEverywhereAtOnce() async throws {
        let fifo = home.file("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let started = ContinuousClock.now
        let config = try await run(["--config", fifo.path, "--print"], timeout: .seconds(10))
        #expect(config.status == 2)
        #expect(config.stderrText.contains("it is not a regular file"), "\(config.stderrText)")
        let opml = try await run(["--import-opml", fifo.path], timeout: .seconds(10))
        #expect(opml.status != 0 && opml.stderrText.contains("not a regular file"), "\(opml.stderrText)")
        let newsboat = try await run(["--import-newsboat", fifo.path], timeout: .seconds(10))
        #expect(newsboat.status != 0 && newsboat.stderrText.contains("not a regular file"), "\(newsboat.stderrText)")
        let log = try await run(["--demo", "--print", "--log", fifo.path], timeout: .seconds(10))
        #expect(log.status != 0 && log.stderrText.contains("not a regular file"), "\(log.stderrText)")
        try FeedFixtures.writeConfig(
            "[server \"Home\"]\nkind = fever\nurl = https://s.example/\nuser = me\npassword-file = \(fifo.path)\n", home: home.url)
        let password = try await run(["--print"], timeout: .seconds(10))
        #expect(password.status != 0)
        #expect(password.stderrText.contains("not a regular file"), "\(password.stderrText)")
        #expect(password.stderrText.split(separator: "\n").count == 1, "\(password.stderrText)")
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    /// Escape sequences written as character references leave no payload in a title.
    @Test func aReferencedEscapeInATitleLeavesNoPayload() async throws {
        let feed = home.file("feed.xml")
        let items = [
            "A &#x1b;]8;;http://evil.example/\\click&#x1b;]8;;\\ B", "C&#x1b;]52;c;aGk=D", "G&#27;[31mH",
        ].enumerated().map { index, title in
            "<item><title>\(title)</title><link>https://e.example/\(index)</link><guid>g\(index)</guid></item>"
        }
        try Data(
            ("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title><link>https://e.example/</link>"
                + items.joined() + "</channel></rss>").utf8
        ).write(to: feed)
        let result = try await run(["--print", "--source", feed.path])
        #expect(result.status == 0, "\(result.stderrText)")
        let titles = result.stdoutText.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[2] }
        #expect(titles.sorted() == ["A", "C", "GH"], "\(titles)")
    }

    /// A newsboat tag `news/tech` stays one OPML folder through `--export-opml`.
    @Test func aNewsboatTagWithASlashIsOneFolderInTheOPML() async throws {
        let urls = home.file("urls")
        try Data("https://feeds.example/a.xml news/tech\n".utf8).write(to: urls)
        let imported = try await run(["--import-newsboat", urls.path])
        #expect(imported.status == 0, "\(imported.stderrText)")
        let exported = try await run(["--export-opml"])
        #expect(exported.status == 0, "\(exported.stderrText)")
        #expect(exported.stdoutText.contains(#"<outline text="news/tech""#), "\(exported.stdoutText)")
        #expect(!exported.stdoutText.contains(#"<outline text="news""#), "\(exported.stdoutText)")
    }

    /// An import that would take the config past its 4 MiB limit is refused before writing.
    @Test func anImportPastTheConfigLimitIsRefusedBeforeWriting() async throws {
        let urls = home.file("urls")
        let lines = (0..<60_000).map { "https://feeds.example/feed-\($0).xml tech\n" }
        try Data(lines.joined().utf8).write(to: urls)
        try FeedFixtures.writeConfig("# mine\n", home: home.url)
        let imported = try await run(["--import-newsboat", urls.path], timeout: .seconds(120))
        #expect(imported.status != 0)
        #expect(imported.stderrText.contains("past the config's limit of 4 MiB"), "\(imported.stderrText)")
        #expect(imported.stderrText.split(separator: "\n").count == 1, "\(imported.stderrText)")
        let text = try String(contentsOf: home.url.appendingPathComponent(".config/headlines/config"), encoding: .utf8)
        #expect(text == "# mine\n")
        #expect(try await run(["--export-opml"]).status == 0)
    }

    /// `ignore =` hides in --print --offline, --print --unread and --search as in the interface.
    @Test func ignoreRulesApplyToTheCachePrintsAndSearch() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let items = ["Kept story", "Sponsored story"].enumerated().map { index, title in
            "<item><title>\(title)</title><link>https://feed.example/\(index)</link><guid>g\(index)</guid></item>"
        }.joined()
        server.route(
            "/feed.xml",
            .bytes(
                Data("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>F</title><link>https://feed.example/</link>\(items)</channel></rss>".utf8),
                contentType: "application/rss+xml"))
        try FeedFixtures.writeConfig(
            "ignore = title ~ sponsored\n[source \"F\"]\nurl = \(server.url("/feed.xml").absoluteString)\n", home: home.url)
        #expect(try await run(["--refresh"]).status == 0)
        for arguments in [["--print"], ["--print", "--offline"], ["--print", "--unread"], ["--search", "story"]] {
            let result = try await run(arguments)
            #expect(result.status == 0, "\(arguments) \(result.stderrText)")
            #expect(result.stdoutText.contains("Kept story"), "\(arguments) \(result.stdoutText)")
            #expect(!result.stdoutText.contains("Sponsored"), "\(arguments) \(result.stdoutText)")
        }
    }
}
