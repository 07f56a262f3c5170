import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `--print` with several `[server]` sections prints every server's articles, each under its
    /// own feed, in the config's order, whichever server answers first (the first is the slowest).
    @Suite struct ServerPrintOrder {
        @Test func everyServerPrintsItsOwnArticlesInTheConfigsOrder() async throws {
            let home = try TemporaryFolder("e2e")
            defer { home.remove() }
            let names = ["Alpha", "Bravo", "Charlie"]
            let servers = try names.enumerated().map { index, name in
                try HostileFever(.honest(feed: "\(name) feed", items: 3 + index, delay: .milliseconds(300 * (names.count - 1 - index))))
            }
            let config = zip(names, servers).map { name, server in
                """
                [server "\(name)"]
                kind = fever
                url = \(server.url.absoluteString)
                user = reader
                password-command = printf %s secret
                """
            }.joined(separator: "\n")
            try FeedFixtures.writeConfig(config, home: home.url)
            let result = try await ProcessRunner(HeadlinesBinary.path, ["--print"], environment: HeadlinesBinary.environment(home: home.url))
                .run(timeout: .seconds(60))
            #expect(result.status == 0, "\(result.stderrText)")
            let rows = result.stdoutText.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            let feeds = rows.map { $0.count > 2 ? $0[1] : "" }
            let expectedFeeds = names.enumerated().flatMap { index, name in Array(repeating: "\(name) feed", count: 3 + index) }
            #expect(feeds == expectedFeeds, "\(result.stdoutText)\n\(result.stderrText)")
            for row in rows where row.count > 2 {
                #expect(row[2].hasPrefix(row[1].replacingOccurrences(of: " feed", with: "")), "\(row)")
            }
        }
    }
}
