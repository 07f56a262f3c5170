import Foundation
import Testing
import TestSupport

/// What newsboat's files bring, within bounds: a tag with a slash stays one OPML folder, and an
/// import past the config's limit is refused before anything is written.
@Suite("newsboat import limits")
struct NewsboatImportLimitsTests {
    let home: TemporaryFolder

    init() throws {
        home = try TemporaryFolder("e2e")
    }

    /// A newsboat tag `news/tech` stays one OPML folder through `--export-opml`.
    @Test func aNewsboatTagWithASlashIsOneFolderInTheOPML() async throws {
        let urls = home.file("urls")
        try Data("https://feeds.example/a.xml news/tech\n".utf8).write(to: urls)
        let imported = try await HeadlinesSession.run(["--import-newsboat", urls.path], home: home)
        #expect(imported.status == 0, "\(imported.stderrText)")
        let exported = try await HeadlinesSession.run(["--export-opml"], home: home)
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
        let imported = try await HeadlinesSession.run(["--import-newsboat", urls.path], home: home, timeout: .seconds(120))
        #expect(imported.status != 0)
        #expect(imported.stderrText.contains("past the config's limit of 4 MiB"), "\(imported.stderrText)")
        #expect(imported.stderrText.split(separator: "\n").count == 1, "\(imported.stderrText)")
        let text = try String(contentsOf: home.url.appendingPathComponent(".config/headlines/config"), encoding: .utf8)
        #expect(text == "# mine\n")
        #expect(try await HeadlinesSession.run(["--export-opml"], home: home).status == 0)
    }
}
