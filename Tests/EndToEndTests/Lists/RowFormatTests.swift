import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `articlelist-format` and `feedlist-format` lay rows out with newsboat's `%` codes; a code
    /// that means nothing here is a config mistake that lists those that do.
    @Suite struct RowFormats {
        @Test func theListsAndTheSourcesScreenFollowTheFormats() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Sources.serve(server, slow: .zero)
            let settings = [
                #"articlelist-format = "%4i %f %-12T|%t%> %D""#,
                #"feedlist-format = "%3i %n %11u %t%?T? [%T]&?""#, "datetime-format = %Y-%m-%d",
            ]
            var config = FeedFixtures.config(
                [
                    ("World news", server.url("/world.xml").absoluteString, nil), ("Tech", server.url("/tech.atom").absoluteString, nil),
                ], settings: settings)
            config = config.replacingOccurrences(of: "[source \"Tech\"]", with: "[source \"Tech\"]\ntags = linux")
            let session = try HeadlinesSession([], config: config, width: 80)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen(describedAs: "both sources in the format") {
                $0.contains("    1 N       (4/4) World news\n") && $0.contains("    2 N       (3/3) Tech [linux]\n")
            }
            try tmux.sendKeys("g", "Enter")
            let list = try await tmux.waitForText("7 articles")
            let rows = list.split(separator: "\n").dropFirst().prefix(7).map(String.init)
            #expect(rows.allSatisfy { $0.count == 79 && $0.hasSuffix(" 2026-11-29") }, "the date at the right edge: \(list)")
            #expect(rows.first?.hasPrefix("   1  •  ") == true, "\(list)")
            #expect(rows.contains { $0.contains("World news  |World 1") } && rows.contains { $0.contains("Tech        |Tech 1") }, "\(list)")
        }

        @Test func aCodeThatMeansNothingHereIsRefused() async throws {
            let home = try TemporaryFolder("e2e")
            defer { home.remove() }
            try FeedFixtures.writeConfig(#"articlelist-format = "%4i %Z %t""# + "\n", home: home.url)
            let result = try await HeadlinesSession.run(["--print", "--offline"], home: home)
            #expect(result.status == 2)
            #expect(result.stderrText.contains("config:1: articlelist-format: %Z means nothing here (its codes: %i %f %D %t %a %T %L)"), "\(result.stderrText)")
        }
    }
}
