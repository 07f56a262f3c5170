import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `N` marks what a refresh brought, whoever refreshed: `R` on the Sources screen, the refresh
    /// at start (what came since the last session), `r` in a list. Opening a list refreshes only
    /// the sources that are not fresh (`refresh-minutes`, else five minutes); `r` and `R` fetch now.
    @Suite struct NewMarks {
        static func marks(_ screen: String, _ mark: Character) -> Int {
            screen.split(separator: "\n").dropFirst().dropLast().filter { $0.dropFirst().first == mark }.count
        }

        @Test func articlesARefreshOnTheSourcesScreenBroughtAreMarkedNewInTheList() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Sources.serve(server, slow: .zero)
            let session = try HeadlinesSession([], config: Sources.config(server))
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen { Sources.row("World news", in: $0)?.contains("4 unread · 4") == true && !$0.contains("loading") }
            server.route("/world.xml", .text(FeedFixtures.rss("World", count: 6), contentType: "application/rss+xml"))
            try tmux.sendKeys("R")
            try await tmux.waitForScreen { Sources.row("World news", in: $0)?.contains("6 unread · 6") == true && !$0.contains("loading") }
            // n: the first unread article of the next source with some, World news; back: its list,
            // the article read, the other new one still marked.
            try tmux.sendKeys("n")
            try await tmux.waitForText("Summary of World 1.")
            try tmux.sendKeys("q")
            let list = try await tmux.waitForScreen(describedAs: "World news with two new") {
                $0.contains("Headlines · World news") && Self.marks($0, "N") == 2 && Self.marks($0, "•") == 3
            }
            #expect(list.contains("N") && list.contains("World 5") && list.contains("World 6"), "\(list)")
        }

        @Test func theRefreshAtStartMarksWhatCameSinceTheLastSession() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text(FeedFixtures.rss("Item", count: 3), contentType: "application/rss+xml"))
            let url = server.url("/feed.xml").absoluteString
            let home = try TemporaryFolder("e2e")
            try FeedFixtures.writeConfig(FeedFixtures.config([("Feed", url, nil)]), home: home.url)
            #expect(try await HeadlinesSession.run(["--refresh"], home: home).status == 0)
            server.route("/feed.xml", .text(FeedFixtures.rss("Item", count: 5), contentType: "application/rss+xml"))
            let session = try HeadlinesSession([], home: home)
            defer { session.close() }
            try await session.tmux.waitForScreen(describedAs: "two new, three unread") {
                $0.contains("5 articles") && Self.marks($0, "N") == 2 && Self.marks($0, "•") == 3
            }
        }

        @Test func openingAListRefreshesOnlyWhatIsNotFresh() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Sources.serve(server, slow: .zero)
            let session = try HeadlinesSession([], config: Sources.config(server))
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen { Sources.row("Slowpoke", in: $0)?.contains("2 unread · 2") == true && !$0.contains("loading") }
            #expect(server.requests.count == 3)
            // All, a group, a source: their sources were refreshed a moment ago.
            try tmux.sendKeys("Enter")
            try await tmux.waitForText("9 articles")
            try tmux.sendKeys("r")  // r fetches now, whatever is fresh
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.count == 6 })
            try await tmux.waitForScreen { !$0.contains("Loading") && $0.contains("9 articles") }
            try tmux.sendKeys("q", "j", "j", "Enter")
            try await tmux.waitForText("Headlines · News")
            try await tmux.waitForText("7 articles")
            try tmux.sendKeys("q", "j", "Enter")
            try await tmux.waitForText("Headlines · World news")
            try tmux.sendKeys("q")
            try await tmux.waitForText("Headlines · Sources")
            try tmux.sendKeys("R")
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.count == 9 })
            #expect(server.requests.count == 9, "opening three lists fetched nothing: \(server.requests.map(\.path))")
        }
    }
}
