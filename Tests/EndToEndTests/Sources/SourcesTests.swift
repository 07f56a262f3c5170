import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Several sources from a config file: the Sources screen, loading all at once, a slow one
    /// holding up no other, a source's own screen owning its load, `R`.
    @Suite struct Sources {
        /// Three feeds, one of them slow; the config groups two of them.
        static func serve(_ server: LoopbackServer, slow: Duration = .seconds(6)) {
            server.route("/world.xml", .text(FeedFixtures.rss("World", count: 4), contentType: "application/rss+xml"))
            server.route("/tech.atom", .text(FeedFixtures.atom("Tech", count: 3), contentType: "application/atom+xml"))
            var late = ScriptedResponse.text(FeedFixtures.jsonFeed("Slow", count: 2), contentType: "application/feed+json")
            late.delayBeforeHeaders = slow
            server.route("/slow.json", late)
        }

        static func config(_ server: LoopbackServer) -> String {
            FeedFixtures.config([
                ("World news", server.url("/world.xml").absoluteString, "News"),
                ("Tech", server.url("/tech.atom").absoluteString, "News"),
                ("Slowpoke", server.url("/slow.json").absoluteString, nil),
            ])
        }

        @Test func aConfigOfSeveralSourcesOpensOnTheSourcesScreenAndASlowOneHoldsUpNoOther() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Self.serve(server)
            let session = try HeadlinesSession([], config: Self.config(server))
            defer { session.close() }
            // All three requests go out at once.
            #expect(await server.waitUntil(timeout: .seconds(5)) { Set($0.map(\.path)) == ["/world.xml", "/tech.atom", "/slow.json"] })
            let started = ContinuousClock.now
            let screen = try await session.tmux.waitForScreen { screen in
                screen.contains("World news") && Self.row("World news", in: screen)?.contains("4") == true
                    && Self.row("Tech", in: screen)?.contains("3") == true
            }
            #expect(ContinuousClock.now - started < .seconds(5), "the fast rows waited for the slow one")
            #expect(Self.row("Slowpoke", in: screen)?.contains("loading") == true, "\(screen)")
            #expect(screen.contains("Sources"))
            #expect(screen.contains("News"), "the group heading")
            let after = try await session.tmux.waitForScreen(timeout: .seconds(15)) { Self.row("Slowpoke", in: $0)?.contains("2") == true }
            #expect(Self.row("All", in: after)?.contains("9") == true, "\(after)")
        }

        /// A list opened while the Sources screen's load of its source runs joins that load: no
        /// second request (issue 52).
        @Test func aListOpenedDuringItsSourcesLoadJoinsIt() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Self.serve(server, slow: .seconds(2))
            let session = try HeadlinesSession([], config: Self.config(server))
            defer { session.close() }
            _ = try await session.tmux.waitForScreen { Self.row("Tech", in: $0)?.contains("3") == true }
            // Down to Slowpoke (All, News, World, Tech, Slowpoke: headings are stepped over), still loading.
            try session.tmux.sendKeys("G", "Enter")
            _ = try await session.tmux.waitForText("Headlines · Slowpoke")
            try await session.tmux.waitForScreen(describedAs: "the joined load's articles") { $0.contains("2 articles") && !$0.contains("Loading") }
            #expect(server.requests(path: "/slow.json").count == 1, "one request, joined: \(server.requests.map(\.path))")
            #expect(server.requests(path: "/slow.json").first?.abortedByClient == false)
        }

        /// A load only a list holds ends with the list: leaving it closes the connection at once.
        @Test func leavingTheOnlyScreenHoldingALoadCancelsIt() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Self.serve(server, slow: .zero)
            let session = try HeadlinesSession([], config: Self.config(server))
            defer { session.close() }
            _ = try await session.tmux.waitForScreen { Self.row("Slowpoke", in: $0)?.contains("2") == true && !$0.contains("loading") }
            Self.serve(server, slow: .seconds(30))
            try session.tmux.sendKeys("G", "Enter")
            _ = try await session.tmux.waitForText("Headlines · Slowpoke")
            try session.tmux.sendKeys("r")  // the list's own load: nobody else holds it
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.filter { $0.path == "/slow.json" }.count == 2 })
            let left = ContinuousClock.now
            try session.tmux.sendKeys("q")
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.filter { $0.path == "/slow.json" }.last?.clientClosedAt != nil })
            let closed = try #require(server.requests(path: "/slow.json").last?.clientClosedAt)
            #expect(closed - left < .seconds(2), "a 30 s load was cut short by leaving")
            try await session.tmux.waitForText("Headlines · Sources")
        }

        @Test func capitalRReloadsEverySource() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Self.serve(server, slow: .zero)
            let session = try HeadlinesSession([], config: Self.config(server))
            defer { session.close() }
            _ = try await session.tmux.waitForScreen { Self.row("Slowpoke", in: $0)?.contains("2") == true && !$0.contains("loading") }
            #expect(server.requests.count == 3)
            try session.tmux.sendKeys("R")
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.count == 6 })
            #expect(Set(server.requests.dropFirst(3).map(\.path)) == ["/world.xml", "/tech.atom", "/slow.json"])
        }

        /// Each row counts its articles once ("4 unread · 4"), All and the group headings too;
        /// `/` narrows the rows by name (its letters are no keys: "world" presses no `r`), and ends
        /// when a row is opened; Enter on a group's heading opens the group's articles as one list.
        @Test func rowsCountUnreadOnceSlashFindsASourceAndAHeadingOpensItsGroup() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Self.serve(server, slow: .zero)
            let session = try HeadlinesSession([], config: Self.config(server))
            defer { session.close() }
            let screen = try await session.tmux.waitForScreen(describedAs: "every source loaded") {
                Self.row("Slowpoke", in: $0)?.contains("2 unread · 2") == true && !$0.contains("loading")
            }
            #expect(Self.row("World news", in: screen)?.contains("4 unread · 4") == true, "\(screen)")
            #expect(Self.row("All", in: screen)?.contains("9 unread · 9") == true, "\(screen)")
            #expect(Self.row("News", in: screen)?.contains("7 unread · 7") == true, "\(screen)")
            #expect(server.requests.count == 3)

            try session.tmux.sendKeys("/")
            try session.tmux.sendLiteral("world")
            let found = try await session.tmux.waitForText("/world: 1 found")
            #expect(Self.row("Tech", in: found) == nil && Self.row("Slowpoke", in: found) == nil, "\(found)")
            #expect(Self.row("World news", in: found) != nil)
            try session.tmux.sendKeys("Enter")
            try await session.tmux.waitForScreen { !$0.contains("Enter keeps it") }
            try session.tmux.sendKeys("Enter")
            try await session.tmux.waitForText("Headlines · World news")
            // Leaving with Enter ended the filter: coming back shows every source, on the one opened.
            try session.tmux.sendKeys("q")
            try await session.tmux.waitForScreen { Self.row("Slowpoke", in: $0) != nil && !$0.contains("found") }
            #expect(LongLists.selected(session.tmux)?.contains("World news") == true)
            #expect(server.requests.count == 3, "typing the filter refreshed nothing, nor did opening a fresh source")

            // All, Starred, News: the group's heading.
            try session.tmux.sendKeys("g", "j", "j", "Enter")
            try await session.tmux.waitForText("Headlines · News")
            let group = try await session.tmux.waitForText("7 articles")
            #expect(group.contains("Tech 3") && group.contains("World 4") && !group.contains("Slow"), "\(group)")
        }

        /// The line of the screen that holds `name`.
        static func row(_ name: String, in screen: String) -> Substring? {
            screen.split(separator: "\n").first { $0.contains(" " + name) }
        }
    }
}
