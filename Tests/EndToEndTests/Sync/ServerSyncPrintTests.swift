import Foundation
import NewsCore
import Testing
import TestSupport

extension EndToEnd {
    /// `--print` and `--print --offline` over a Tiny Tiny RSS server in the config: with the
    /// network, what the server gives (its unread and starred articles), the cache left alone as
    /// `--print` leaves it for feeds; offline, what the last sync stored.
    @Suite(.enabled(if: SyncServerAvailability.tinyTinyRSS, Comment(rawValue: SyncServerAvailability.howToFix)))
    struct ServerSyncPrint {
        let home: TemporaryFolder

        init() throws { home = try TemporaryFolder("e2e") }

        private func run(_ arguments: [String]) async throws -> ProcessResult {
            try await ProcessRunner(HeadlinesBinary.path, arguments, environment: HeadlinesBinary.environment(home: home.url))
                .run(timeout: .seconds(60))
        }

        private static func lines(_ output: String) -> [String] {
            output.split(separator: "\n").map(String.init)
        }

        @Test func printShowsWhatTheServerGivesAndOfflineWhatTheLastSyncStored() async throws {
            defer { home.remove() }
            let server = try await SyncServerFixture.shared.tinyTinyRSSAccount()
            try FeedFixtures.writeConfig(ServerSync.config(server), home: home.url)
            let observer = TinyTinyRSSClient(
                name: "Home", url: server.url, user: server.user, password: server.password, http: HTTPClient(timeout: 20, deadline: 60))
            let given = RemoteArticlesSeen()
            try await observer.articles(after: nil) { page in await given.add(page) }
            let expected = await given.articles.map(\.article.title)

            let online = try await run(["--print"])
            #expect(online.status == 0, "\(online.stderrText)")
            let printed = Self.lines(online.stdoutText)
            #expect(printed.count == expected.count, "\(online.stderrText)")
            #expect(Set(printed.map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[2]) }) == Set(expected))
            // The feeds by title, each newest first: "(feed 01)" before "(feed 02)".
            let feedOrder = printed.map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[1]) }
            #expect(feedOrder == feedOrder.sorted { $0.lowercased() < $1.lowercased() }, "\(feedOrder.prefix(3))")
            let cache = StoreLocation.resolve(environment: HeadlinesBinary.environment(home: home.url))
            #expect(!FileManager.default.fileExists(atPath: cache.path), "--print wrote no cache, as for a feed")

            // Offline before any sync: nothing of the server, and no failure.
            let empty = try await run(["--print", "--offline"])
            #expect(empty.status == 0, "\(empty.stderrText)")
            #expect(empty.stdoutText.isEmpty)

            // A sync into the home's cache, as the interface makes one; offline then prints it.
            try await SyncEngine(server: "Home", client: observer, store: try await ArticleStore.open(at: cache)).sync()
            let offline = try await run(["--print", "--offline"])
            #expect(offline.status == 0, "\(offline.stderrText)")
            #expect(Self.lines(offline.stdoutText) == printed, "offline prints what the server gave, in the same order")

            // A wrong password is one sentence naming the server, and the status says nothing printed.
            try FeedFixtures.writeConfig(ServerSync.config(server).replacingOccurrences(of: server.password, with: "wrong"), home: home.url)
            let refused = try await run(["--print"])
            #expect(refused.status == 1)
            #expect(refused.stdoutText.isEmpty)
            #expect(refused.stderrText.contains("Home"), "\(refused.stderrText)")
        }
    }
}
