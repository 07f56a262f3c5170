import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Your names, your width: the config's name for a source in the list, the article and
    /// `--print`; a list of one source without the source column; help that wraps.
    @Suite struct NamesAndWidth {
        /// A feed titled "Story feed" in a file, and a config that calls it `name`.
        static func feedAndConfig(_ name: String, extra: [(name: String, url: String, group: String?)] = []) throws -> (TemporaryFolder, String) {
            let feeds = try TemporaryFolder("names")
            let feed = try feeds.write(Data(FeedFixtures.rss("Story", count: 5).utf8), to: "feed.xml")
            return (feeds, FeedFixtures.config([(name, feed.path, nil)] + extra))
        }

        @Test func theListAndTheArticleUseTheConfigsNameAndOneSourceHasNoSourceColumn() async throws {
            let (feeds, config) = try Self.feedAndConfig("My Reading")
            defer { feeds.remove() }
            let session = try HeadlinesSession([], config: config)
            defer { session.close() }
            let list = try await session.tmux.waitForText("5 articles")
            #expect(!list.contains("Story feed"), "\(list)")
            // The title follows the age column at once: no column of names between them.
            let row = try #require(list.split(separator: "\n").first { $0.contains("Story 1") })
            #expect(!row.contains("My Reading"), "\(row)")
            try session.tmux.sendKeys("Enter")
            let article = try await session.tmux.waitForText("Summary of Story 1")
            #expect(article.split(separator: "\n").first?.contains("My Reading") == true, "\(article)")
            #expect(!article.contains("Story feed"))
        }

        @Test func printUsesTheConfigsName() async throws {
            let (feeds, config) = try Self.feedAndConfig("Mine")
            defer { feeds.remove() }
            let home = try TemporaryFolder("names-home")
            defer { home.remove() }
            try FeedFixtures.writeConfig(config, home: home.url)
            let result = try await ProcessRunner(HeadlinesBinary.path, ["--print"], environment: HeadlinesBinary.environment(home: home.url))
                .run(timeout: .seconds(30))
            #expect(result.status == 0, "\(result.stderrText)")
            let names = Set(result.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[1]) })
            #expect(names == ["Mine"])
        }

        @Test func theSourceOptionKeepsTheFeedsOwnTitle() async throws {
            let feeds = try TemporaryFolder("names")
            defer { feeds.remove() }
            let feed = try feeds.write(Data(FeedFixtures.rss("Story", count: 2).utf8), to: "feed.xml")
            let home = try TemporaryFolder("names-home")
            defer { home.remove() }
            let result = try await ProcessRunner(
                HeadlinesBinary.path, ["--print", "--source", feed.path], environment: HeadlinesBinary.environment(home: home.url)
            )
            .run(timeout: .seconds(30))
            #expect(result.stdoutText.split(separator: "\n").allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false)[1] == "Story feed" })
        }

        @Test func helpWrapsItsDescriptionsOnANarrowScreen() async throws {
            let (feeds, config) = try Self.feedAndConfig("My Reading")
            defer { feeds.remove() }
            let session = try HeadlinesSession([], config: config, width: 60, height: 40)
            defer { session.close() }
            try await session.tmux.waitForText("5 articles")
            try session.tmux.sendKeys("?")
            // The whole frame: a capture taken while curses draws holds the list's status bar still,
            // whose cut "…" is not the help's.
            let help = try await session.tmux.waitForScreen(describedAs: "the help, drawn whole") {
                $0.contains("Help · keys") && !$0.contains("5 articles")
            }
            // The longest description ends "q again cancels them)"; it was cut with "…".
            #expect(help.contains("cancels them)"), "\(help)")
            #expect(!help.contains("…"), "\(help)")
        }
    }
}
