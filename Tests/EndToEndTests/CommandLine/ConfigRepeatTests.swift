import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A setting given again at the end of the config (a newsboat habit) no longer stops the
    /// start with exit 2: the later line wins, and `--verbose` says so (issue 51).
    @Suite struct ConfigRepeat {
        @Test func aSettingGivenAgainStartsWithTheLaterLine() async throws {
            let home = try TemporaryFolder("e2e")
            let feed = try home.write(Data(FeedFixtures.rss("Story", count: 3).utf8), to: "feed.xml")
            try FeedFixtures.writeConfig(
                "max-items = 50\nshow-read = yes\n# an override, as newsboat users add them\nmax-items = 200\n[source \"Stories\"]\nurl = \(feed.path)\n",
                home: home.url)
            let quiet = try await HeadlinesSession.run(["--print"], home: home)
            #expect(quiet.status == 0, "\(quiet.stderrText)")
            #expect(quiet.stdoutText.contains("Story 1"))
            #expect(quiet.stderrText.isEmpty, "\(quiet.stderrText)")
            let told = try await HeadlinesSession.run(["--print", "--verbose"], home: home)
            #expect(told.status == 0)
            #expect(told.stderrText.contains("config:4: max-items is set again (first on line 1); this later line wins."), "\(told.stderrText)")
        }
    }
}
