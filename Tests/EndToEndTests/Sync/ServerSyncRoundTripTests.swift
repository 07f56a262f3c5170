import Foundation
import NewsCore
import Testing
import TestSupport

extension EndToEnd {
    /// Marks and syncs with a Tiny Tiny RSS server across sessions of the real binary: a mark
    /// made on the server shows after `r`, an outbox made while the server is out of reach is
    /// delivered by the next start that reaches it, and a SIGKILL mid-sync loses nothing.
    /// Each test has an account of its own on the run's server: what it marks there is its own.
    @Suite(.enabled(if: SyncServerAvailability.tinyTinyRSS, Comment(rawValue: SyncServerAvailability.howToFix)))
    struct ServerSyncRoundTrip {
        let home: TemporaryFolder
        let observer: TinyTinyRSSClient
        let server: TinyTinyRSSServer

        init() async throws {
            home = try TemporaryFolder("e2e")
            server = try await SyncServerFixture.shared.tinyTinyRSSAccount()
            observer = TinyTinyRSSClient(
                name: "Home", url: server.url, user: server.user, password: server.password, http: HTTPClient(timeout: 20, deadline: 60))
        }

        /// A session in this suite's home (its cache carries over), the config naming the server at `url`.
        /// `keep-days` past the test feeds' fixed dates (2024): a read article is not pruned at the next start.
        private func session(url: URL? = nil) throws -> TmuxSession {
            var config = "keep-days = 36500\n\n" + ServerSync.config(server)
            if let url { config = config.replacingOccurrences(of: server.url.absoluteString, with: url.absoluteString) }
            try FeedFixtures.writeConfig(config, home: home.url)
            var extra = HeadlinesBinary.environment(home: home.url, extra: [:])
            extra.removeValue(forKey: "PATH")
            return try TmuxSession(command: [HeadlinesBinary.path, "--save-dir", home.file("saved").path], environment: extra)
        }

        private var cacheFile: URL { StoreLocation.resolve(environment: HeadlinesBinary.environment(home: home.url)) }

        /// The server's articles as a first sync sees them (unread and starred), with the feed titles.
        private func serverArticles() async throws -> (feeds: [RemoteFeed], articles: [RemoteArticle]) {
            let seen = RemoteArticlesSeen()
            try await observer.articles(after: nil) { page in await seen.add(page) }
            return (try await observer.feeds(), await seen.articles)
        }

        /// Quits from the Sources screen and waits for the program to end.
        private static func quit(_ session: TmuxSession) async throws {
            try session.sendKeys("q")
            #expect(try await session.waitForExit(timeout: .seconds(10)) == 0)
        }

        /// The unread count a feed's row shows, once the first sync listed it.
        private static func waitForFeed(_ title: String, count: Int, in session: TmuxSession, timeout: Duration = .seconds(60)) async throws {
            _ = try await session.waitForScreen(timeout: timeout) { screen in
                Sources.row(title, in: screen)?.contains(" \(count)") == true
            }
        }

        @Test func aMarkMadeOnTheServerShowsAfterRefreshing() async throws {
            defer { home.remove() }
            let (feeds, articles) = try await serverArticles()
            let feed = try #require(feeds.first { $0.title.contains("(feed 04)") })
            let unread = articles.filter { $0.feed == feed.id && $0.unread }.map(\.id)
            try #require(unread.count >= 3)
            let session = try session()
            defer { session.close() }
            try await Self.waitForFeed("(feed 04)", count: unread.count, in: session)

            let read = Array(unread.prefix(3))
            try await observer.send(read.map { MarkChange(article: $0, field: .read, value: true) })
            // The feed selected by the filter; `r` syncs its server.
            try session.sendKeys("/")
            try session.sendLiteral("feed 04")
            try session.sendKeys("Enter")
            try session.sendKeys("r")
            try await Self.waitForFeed("(feed 04)", count: unread.count - 3, in: session, timeout: .seconds(20))
        }

        @Test func anOutboxMadeWhileTheServerIsOutOfReachIsDeliveredByTheNextStart() async throws {
            defer { home.remove() }
            let (feeds, articles) = try await serverArticles()
            let feed = try #require(feeds.first { $0.title.contains("(feed 03)") })
            let unread = articles.filter { $0.feed == feed.id && $0.unread }.map(\.id)
            try #require(!unread.isEmpty)
            do {
                let first = try session()
                defer { first.close() }
                try await Self.waitForFeed("(feed 03)", count: unread.count, in: first)
                try await Self.quit(first)
            }
            let unreadBefore = try await observer.marks(comparedWith: LocalMarks(counts: [:])).unread
            // The config points at a port that refuses: reading marks the cache and fills the outbox.
            let refusing = try RefusingPort()
            defer { refusing.close() }
            do {
                let offline = try session(url: refusing.baseURL.appendingPathComponent("tt-rss/"))
                defer { offline.close() }
                try await Self.waitForFeed("(feed 03)", count: unread.count, in: offline)
                try offline.sendKeys("/")
                try offline.sendLiteral("feed 03")
                try offline.sendKeys("Enter", "Enter")
                _ = try await offline.waitForScreen { $0.contains("Headlines · ") && $0.contains("(feed 03)") && $0.contains("•") }
                let list = try offline.capture()
                try offline.sendKeys("Enter")  // reads the first article
                _ = try await offline.waitForScreen { $0 != list }
                // Back to the Sources screen: opening the feed ended the filter, so every feed shows.
                try offline.sendKeys("q", "q")
                _ = try await offline.waitForScreen { $0.contains("Headlines · Sources") && $0.contains("(feed 01)") }
                try await Self.quit(offline)
            }
            let waiting = try await ArticleStore.open(at: cacheFile).serverRecord("Home")
            #expect(waiting.pendingMarks == 1, "the read article waits in the outbox")
            #expect(try await observer.marks(comparedWith: LocalMarks(counts: [:])).unread == unreadBefore, "nothing reached the server")

            // The server reachable again: the next start's sync sends the outbox first.
            let back = try session()
            defer { back.close() }
            var delivered: Set<RemoteArticleID> = []
            let arrived = await eventually(timeout: .seconds(30), interval: .milliseconds(200)) {
                let now = (try? await observer.marks(comparedWith: LocalMarks(counts: [:])).unread) ?? unreadBefore
                delivered = unreadBefore.subtracting(now)
                return !delivered.isEmpty
            }
            #expect(arrived, "the outbox reached the server")
            #expect(delivered.count == 1 && unread.contains(delivered.first!), "exactly the article read offline, of feed 03: \(delivered)")
            _ = await eventually(timeout: .seconds(20), interval: .milliseconds(100)) {
                (try? await ArticleStore.open(at: cacheFile).serverRecord("Home").pendingMarks) == 0
            }
            try await Self.quit(back)
            #expect(try await ArticleStore.open(at: cacheFile).serverRecord("Home").pendingMarks == 0)
            // The article read offline is still cached, with every other of its feed.
            let printed = try await ProcessRunner(
                HeadlinesBinary.path, ["--print", "--offline"], environment: HeadlinesBinary.environment(home: home.url)
            ).run(timeout: .seconds(30))
            #expect(printed.stdoutText.split(separator: "\n").filter { $0.contains("(feed 03)") }.count == unread.count)
        }

        @Test func aKillDuringTheFirstSyncLosesNothing() async throws {
            defer { home.remove() }
            let (feeds, articles) = try await serverArticles()
            // Two starred on the server before the first sync: the marks to find intact.
            let starred = Array(articles.filter { !$0.starred }.prefix(2).map(\.id))
            try #require(starred.count == 2)
            try await observer.send(starred.map { MarkChange(article: $0, field: .starred, value: true) })
            try await killMidSyncThenSyncAgain(feeds: feeds, articles: articles, starred: Set(starred))
        }

        private func killMidSyncThenSyncAgain(feeds: [RemoteFeed], articles: [RemoteArticle], starred: Set<RemoteArticleID>) async throws {
            let expected = Set(articles.map(\.id))
            do {
                let first = try session()
                defer { first.close() }
                // The Sources screen draws once the cache is open: the server alone, or its feeds.
                _ = try await first.waitForScreen(timeout: .seconds(20)) { $0.contains(" Home") || $0.contains("(feed ") }
                // Killed once some of the server's articles are stored, before the sync is whole.
                let file = cacheFile
                let partial = await eventually(timeout: .seconds(60), interval: .milliseconds(5)) {
                    guard FileManager.default.fileExists(atPath: file.path),
                        let marks = try? await ArticleStore.open(at: file).localMarks("Home")
                    else { return false }
                    return !marks.unread.isEmpty
                }
                try first.signalProgram(SIGKILL)
                try #require(partial, "the sync stored articles")
                _ = try await first.waitForExit()
            }
            let cut = try await ArticleStore.open(at: cacheFile).serverRecord("Home")
            #expect(cut.cursor == nil && cut.syncedAt == nil, "the kill came before the sync was whole")

            let second = try session()
            defer { second.close() }
            let feed = try #require(feeds.first { $0.title.contains("(feed 01)") })
            let unreadInFeed = articles.filter { $0.feed == feed.id && $0.unread }.count
            try await Self.waitForFeed("(feed 01)", count: unreadInFeed, in: second)
            _ = await eventually(timeout: .seconds(30), interval: .milliseconds(100)) {
                (try? await ArticleStore.open(at: cacheFile).serverRecord("Home").syncedAt) != nil
            }
            try await Self.quit(second)

            let store = try await ArticleStore.open(at: cacheFile)
            #expect(try await store.serverRecord("Home").syncedAt != nil, "the sync after the restart is whole")
            // Every article once: one cached article per server id, none missing, none extra.
            var cached: [RemoteArticleID] = []
            for id in expected where try await store.articleID(server: "Home", remote: id) != nil { cached.append(id) }
            #expect(cached.count == expected.count, "\(expected.count - cached.count) of the server's articles are missing")
            let offline = try await ProcessRunner(
                HeadlinesBinary.path, ["--print", "--offline"], environment: HeadlinesBinary.environment(home: home.url)
            ).run(timeout: .seconds(30))
            let lines = offline.stdoutText.split(separator: "\n")
            #expect(lines.count == expected.count, "each article printed once")
            #expect(Set(lines).count == lines.count, "no article twice")
            // The marks as the server has them: its unread, and its starred (the two starred here among them).
            let marks = try await store.localMarks("Home")
            #expect(marks.unread.count == articles.filter(\.unread).count)
            #expect(marks.starred.count == articles.filter(\.starred).count + starred.count)
        }
    }
}

/// The articles a client handed over, page by page.
actor RemoteArticlesSeen {
    private(set) var articles: [RemoteArticle] = []
    func add(_ page: [RemoteArticle]) { articles += page }
}
