import Foundation
import Testing
import TestSupport

/// Kill rules hide in every print of the cache as in the interface.
@Suite("ignore in cache prints")
struct IgnoreRulesInCachePrintsTests {
    let home: TemporaryFolder

    init() throws {
        home = try TemporaryFolder("e2e")
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
        #expect(try await HeadlinesSession.run(["--refresh"], home: home).status == 0)
        for arguments in [["--print"], ["--print", "--offline"], ["--print", "--unread"], ["--search", "story"]] {
            let result = try await HeadlinesSession.run(arguments, home: home)
            #expect(result.status == 0, "\(arguments) \(result.stderrText)")
            #expect(result.stdoutText.contains("Kept story"), "\(arguments) \(result.stdoutText)")
            #expect(!result.stdoutText.contains("Sponsored"), "\(arguments) \(result.stdoutText)")
        }
    }
}
