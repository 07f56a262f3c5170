import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Query feeds, kill rules, tags and `/=` through the real binary.
    @Suite struct Filters {
        static func session(_ server: LoopbackServer) throws -> HeadlinesSession {
            server.route("/kernel.xml", .text(FeedFixtures.rss("Kernel", count: 4), contentType: "application/rss+xml"))
            server.route("/world.xml", .text(FeedFixtures.rss("World", count: 4), contentType: "application/rss+xml"))
            let config = FeedFixtures.config(
                [("Kernel news", server.url("/kernel.xml").absoluteString, nil), ("World", server.url("/world.xml").absoluteString, nil)],
                settings: ["ignore = title = \"World 2\""],
                extra: ["", "[query \"Unread Linux\"]", "filter = tag = linux and unread"]
            ).replacing("[source \"World\"]", with: "tags = linux, kernel\nignore = title ~ \"kernel 4\"\n\n[source \"World\"]")
            return try HeadlinesSession([], config: config)
        }

        /// The query feed's row counts what its filter lets through (the kill rules' articles
        /// left out), each source's row says how many its rules hide, and the query opens as one list.
        @Test func aQueryFeedAndKillRules() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let session = try Self.session(server)
            defer { session.close() }
            let screen = try await session.tmux.waitForScreen { screen in
                Sources.row("Unread Linux", in: screen)?.contains("3 unread") == true
                    && Sources.row("World", in: screen)?.contains("1 hidden") == true
                    && Sources.row("Kernel news", in: screen)?.contains("1 hidden") == true
            }
            #expect(Sources.row("All", in: screen)?.contains("6 unread") == true, "\(screen)")
            try session.tmux.sendKeys("j", "j", "Enter")
            let list = try await session.tmux.waitForScreen { $0.contains("Headlines · Unread Linux") && $0.contains("Kernel 3") }
            #expect(list.contains("Kernel 1") && list.contains("Kernel 2"))
            #expect(!list.contains("Kernel 4"), "the source's kill rule hides it:\n\(list)")
            #expect(!list.contains("World "), "no other source's articles:\n\(list)")
            // Read one: the query's count follows (it counts unread articles).
            try session.tmux.sendKeys("N", "q")
            _ = try await session.tmux.waitForScreen { Sources.row("Unread Linux", in: $0)?.contains("2 unread") == true }
        }

        /// `t` lists the tags with counts; Enter opens one as a list. `/` then `=` filters by an
        /// expression, and a mistake is said with its column.
        @Test func tagsAndFilterExpressions() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let session = try Self.session(server)
            defer { session.close() }
            _ = try await session.tmux.waitForScreen { Sources.row("World", in: $0)?.contains("3") == true }
            try session.tmux.sendKeys("t")
            let tags = try await session.tmux.waitForScreen { $0.contains("#linux") && $0.contains("#kernel") }
            #expect(Sources.row("#kernel", in: tags)?.contains("3 unread") == true, "\(tags)")
            try session.tmux.sendKeys("j", "Enter")
            let list = try await session.tmux.waitForScreen { $0.contains("Headlines · Tag: linux") && $0.contains("Kernel 3") }
            #expect(!list.contains("World "))
            try session.tmux.sendKeys("q", "q")  // back to the tags, then to the sources
            _ = try await session.tmux.waitForScreen { Sources.row("World", in: $0) != nil && !$0.contains("#linux") }
            try session.tmux.sendKeys("Enter")  // All
            _ = try await session.tmux.waitForText("World 4")
            try session.tmux.sendKeys("/", "=", "t", "i", "t", "l", "e", " ", "~")
            _ = try await session.tmux.waitForText("Filter: expected a value after \"~\" at column 9.")
            try session.tmux.sendKeys(" ", "w", "o", "r", "l", "d", " ", "a", "n", "d", " ", "n", "o", "t", " ", "t", "i", "t", "l", "e", " ", "~", " ", "4")
            let filtered = try await session.tmux.waitForScreen { $0.contains("World 3") && !$0.contains("World 4") && !$0.contains("Kernel") }
            #expect(filtered.contains("World 1") && !filtered.contains("World 2"), "\(filtered)")
        }
    }
}
