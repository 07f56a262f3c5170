import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A Google Reader API server (`kind = greader`) in the config, end to end, against the
    /// loopback server that answers as a real FreshRSS 1.25 answered: its feeds under their
    /// labels, marks made here reaching it, its stars coming down, and, while it is down, the
    /// cache shown at once with the marks kept for the next sync (issue 32).
    @Suite struct GoogleReaderSync {
        static func config(_ server: LoopbackGoogleReader) -> String {
            """
            [server "Fresh"]
            kind = greader
            url = \(server.url.absoluteString)
            user = \(LoopbackGoogleReader.user)
            password-command = printf %s \(LoopbackGoogleReader.password)
            """
        }

        private static func count(_ server: LoopbackGoogleReader, _ matching: (LoopbackGoogleReader.Item) -> Bool) -> Int {
            server.allItems.filter(matching).count
        }

        @Test func itsFeedsShowUnderTheirLabelsAndMarksGoBothWays() async throws {
            let server = try LoopbackGoogleReader(feeds: 3, itemsPerFeed: 20)
            defer { server.server.stop() }
            let session = try HeadlinesSession([], config: Self.config(server), width: 160)
            defer { session.close() }
            let screen = try await session.tmux.waitForScreen(timeout: .seconds(30)) { screen in
                screen.contains(" Tech") && Sources.row("All", in: screen)?.contains("60 unread") == true
            }
            #expect(Sources.row("Uncategorized", in: screen) != nil, "\(screen)")

            // Enter opens All and Enter reads its first article: read on the server.
            try session.tmux.sendKeys("Enter")
            _ = try await session.tmux.waitForScreen(timeout: .seconds(10)) { $0.contains("Headlines · All") && $0.contains("•") }
            try session.tmux.sendKeys("Enter")
            let read = await eventually(timeout: .seconds(20), interval: .milliseconds(100)) { Self.count(server) { !$0.unread } == 1 }
            #expect(read, "the article read here is read on the server")

            // Back in the list, `*` stars the next one: starred on the server.
            try session.tmux.sendKeys("q", "j", "*")
            let starred = await eventually(timeout: .seconds(20), interval: .milliseconds(100)) { Self.count(server) { $0.starred } == 1 }
            #expect(starred, "the article starred here is starred on the server")

            // Another device stars one more; a sync brings it down.
            let elsewhere = try #require(server.allItems.last { !$0.starred })
            server.set(elsewhere.id, starred: true)
            try session.tmux.sendKeys("q", "R")
            let synced = try await session.tmux.waitForScreen(timeout: .seconds(20)) { screen in
                Sources.row("Starred", in: screen)?.trimmingCharacters(in: .whitespaces).hasSuffix(" 2") == true
            }
            #expect(Sources.row("All", in: synced)?.contains("59 unread") == true, "\(synced)")
        }

        /// A sync marks what it brought `N`, as a feed's refresh does, except the account's first
        /// (everything is new to the cache then, none of it news) (issue 52).
        @Test func aSyncMarksWhatItBroughtNewButNotTheFirstSync() async throws {
            let server = try LoopbackGoogleReader(feeds: 2, itemsPerFeed: 4)
            defer { server.server.stop() }
            let session = try HeadlinesSession([], config: Self.config(server), width: 160)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen(timeout: .seconds(30)) { Sources.row("All", in: $0)?.contains("8 unread") == true && !$0.contains("loading") }
            try tmux.sendKeys("Enter")
            let first = try await tmux.waitForScreen(describedAs: "All after the first sync") { $0.contains("Headlines · All") && $0.contains("8 articles") }
            #expect(NewMarks.marks(first, "N") == 0, "\(first)")
            _ = server.addItems(feed: 2, count: 2)
            try tmux.sendKeys("q", "R")
            try await tmux.waitForScreen(timeout: .seconds(20)) { Sources.row("All", in: $0)?.contains("10 unread") == true && !$0.contains("loading") }
            try tmux.sendKeys("g", "Enter")
            let second = try await tmux.waitForScreen(describedAs: "All with the two the sync brought") {
                $0.contains("Headlines · All") && $0.contains("10 articles") && NewMarks.marks($0, "N") == 2
            }
            #expect(second.split(separator: "\n").filter { $0.dropFirst().first == "N" }.allSatisfy { $0.contains("new item") }, "\(second)")
        }

        @Test func whileItIsDownTheCacheShowsAtOnceAndAMarkWaitsForIt() async throws {
            let server = try LoopbackGoogleReader(feeds: 2, itemsPerFeed: 10)
            defer { server.server.stop() }
            let home = try TemporaryFolder("e2e")
            try FeedFixtures.writeConfig(Self.config(server), home: home.url)
            let first = try await HeadlinesSession.run(["--refresh"], home: home)
            #expect(first.status == 0, "\(first.stderrText)")
            #expect(first.stdoutText.contains("20 new articles"), "\(first.stdoutText)")

            server.setUnreachable(true)
            let session = try HeadlinesSession([], width: 160, home: home)
            defer { session.close() }
            _ = try await session.tmux.waitForScreen(timeout: .seconds(20)) { screen in
                Sources.row("All", in: screen)?.contains("20 unread") == true && screen.contains("✗ Offline since")
            }
            // The list says the server's own reason once, not that "every source failed".
            try session.tmux.sendKeys("Enter")
            let list = try await session.tmux.waitForScreen(timeout: .seconds(10)) { screen in
                screen.contains("Headlines · All") && screen.contains("Offline since")
            }
            #expect(!list.contains("Every source failed"), "\(list)")
            // A read made offline is kept, and delivered by the next sync once the server is back.
            try session.tmux.sendKeys("Enter")
            _ = try await session.tmux.waitForText("Feed ", timeout: .seconds(10))
            try session.tmux.sendKeys("q", "q", "q")
            #expect(try await session.tmux.waitForExit(timeout: .seconds(20)) == 0)
            #expect(Self.count(server) { !$0.unread } == 0)

            server.setUnreachable(false)
            let next = try await HeadlinesSession.run(["--refresh"], home: home)
            #expect(next.status == 0, "\(next.stderrText)")
            #expect(Self.count(server) { !$0.unread } == 1, "the read made offline reached the server")
        }
    }
}
