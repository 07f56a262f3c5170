import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The Sources screen acts on its rows: `A` marks a source, group, tag or query feed read
    /// (asking first over a screenful), `u` undoes it, `n` goes to the next source with unread
    /// articles, `C` marks everything read (asking); a key that does nothing here says where it
    /// works. `/` finds query feeds and tags too.
    @Suite struct SourcesActs {
        static func config(_ server: LoopbackServer) -> String {
            """
            [source "World news"]
            url = \(server.url("/world.xml").absoluteString)
            group = News
            tags = world, politics
            [source "Tech"]
            url = \(server.url("/tech.atom").absoluteString)
            group = News
            tags = linux
            [source "Slowpoke"]
            url = \(server.url("/slow.json").absoluteString)
            [query "Unread linux"]
            filter = tag = "linux" and unread

            """
        }

        static func selected(_ tmux: TmuxSession) -> String { LongLists.selected(tmux) ?? "" }

        @Test func aMarksARowReadUUndoesItNFindsUnreadAndCMarksEverything() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Sources.serve(server, slow: .zero)
            let session = try HeadlinesSession([], config: Self.config(server), height: 14)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen { Sources.row("Slowpoke", in: $0)?.contains("2 unread · 2") == true && !$0.contains("loading") }
            // n: the first unread article of the next source with some, from All; back lands on that source.
            try tmux.sendKeys("n")
            try await tmux.waitForText("Summary of World 1.")
            try tmux.sendKeys("q", "q")
            try await tmux.waitForText("Headlines · Sources")
            try await tmux.waitForScreen { _ in Self.selected(tmux).contains("World news") }
            // A on a source of a few: at once; u undoes it.
            try tmux.sendKeys("A")
            try await tmux.waitForText("Every article of World news is marked read (u undoes it).")
            try await tmux.waitForScreen { Sources.row("World news", in: $0).map { $0.contains(" 4") && !$0.contains("unread") } == true }
            try tmux.sendKeys("n")
            try await tmux.waitForText("Headlines · Tech")  // its first unread article, read
            try tmux.sendKeys("q", "q")
            try await tmux.waitForScreen { _ in Self.selected(tmux).contains("Tech") }
            try tmux.sendKeys("u")
            try await tmux.waitForText("Undone:")
            try await tmux.waitForScreen { Sources.row("World news", in: $0)?.contains("3 unread · 4") == true }  // World 1 was read
            // A on the query feed (its count is read first): the linux source's articles.
            try tmux.sendKeys("g", "j", "j")
            try await tmux.waitForScreen { _ in Self.selected(tmux).contains("Unread linux") }
            try tmux.sendKeys("A")
            try await tmux.waitForScreen { Sources.row("Tech", in: $0).map { $0.contains(" 3") && !$0.contains("unread") } == true }
            // C asks, whatever the count; no marks nothing, y marks every source.
            try tmux.sendKeys("C")
            try await tmux.waitForText("Mark 5 articles of every source read? y/n")
            try tmux.sendKeys("n")
            try await tmux.waitForText("Nothing marked.")
            try tmux.sendKeys("C")
            try await tmux.waitForText("Mark 5 articles of every source read? y/n")
            try tmux.sendKeys("y")
            try await tmux.waitForScreen { Sources.row("All", in: $0).map { $0.contains(" 9") && !$0.contains("unread") } == true }
            try tmux.sendKeys("n")
            try await tmux.waitForText("No source has unread articles.")
            try tmux.sendKeys("u")
            try await tmux.waitForScreen { Sources.row("All", in: $0)?.contains("5 unread · 9") == true }
            // Keys of other screens say where they work.
            try tmux.sendKeys("U")
            try await tmux.waitForText("U works in lists.")
            try tmux.sendKeys("J")
            try await tmux.waitForText("J works in lists and in an article.")
        }

        @Test func slashFindsQueryFeedsAndTagsAndEndsWhenARowIsOpened() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Sources.serve(server, slow: .zero)
            let session = try HeadlinesSession([], config: Self.config(server))
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen { Sources.row("Slowpoke", in: $0)?.contains("2 unread · 2") == true && !$0.contains("loading") }
            try tmux.sendKeys("/")
            try tmux.sendLiteral("linux")
            let found = try await tmux.waitForText("/linux: 2 found")
            #expect(found.contains("Unread linux") && Sources.row("Tech", in: found) != nil, "the query feed, and the source tagged linux: \(found)")
            #expect(Sources.row("World news", in: found) == nil && Sources.row("Slowpoke", in: found) == nil)
            try tmux.sendKeys("C-u")
            try tmux.sendLiteral("politics")
            try await tmux.waitForScreen { $0.contains("/politics: 1 found") && Sources.row("World news", in: $0) != nil }
            // Enter ends the typing, Enter again opens the row; back, every source shows.
            try tmux.sendKeys("Enter", "Enter")
            try await tmux.waitForText("Headlines · World news")
            try tmux.sendKeys("q")
            try await tmux.waitForScreen { Sources.row("Slowpoke", in: $0) != nil && !$0.contains("found") }
            // In the tags' view, the tags that hold the text.
            try tmux.sendKeys("t", "/")
            try tmux.sendLiteral("lit")
            let tags = try await tmux.waitForText("/lit: 1 found")
            #expect(tags.contains("#politics") && !tags.contains("#linux") && !tags.contains("#world"), "\(tags)")
        }

        /// `refresh-on-start = no` fetches nothing at start; `show-read-sources = no` leaves a
        /// source with nothing unread off the screen (A on it takes it away).
        @Test func refreshOnStartNoAndShowReadSourcesNo() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Sources.serve(server, slow: .zero)
            let home = try TemporaryFolder("e2e")
            try FeedFixtures.writeConfig("refresh-on-start = no\nshow-read-sources = no\n" + Sources.config(server), home: home.url)
            #expect(try await HeadlinesSession.run(["--refresh"], home: home).status == 0)
            #expect(server.requests.count == 3)
            let session = try HeadlinesSession([], home: home)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen { Sources.row("Slowpoke", in: $0)?.contains("2 unread · 2") == true }
            try tmux.sendKeys("G", "A")
            try await tmux.waitForText("Every article of Slowpoke is marked read")
            try await tmux.waitForScreen(describedAs: "Slowpoke gone") { Sources.row("Slowpoke", in: $0) == nil && Sources.row("Tech", in: $0) != nil }
            try tmux.sendKeys("u")
            try await tmux.waitForScreen(describedAs: "Slowpoke back") { Sources.row("Slowpoke", in: $0)?.contains("2 unread · 2") == true }
            #expect(server.requests.count == 3, "nothing was fetched at start")
        }
    }
}
