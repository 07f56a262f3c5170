import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Another process holds the cache's write lock while a refresh arrives: what was fetched is
    /// shown at once and written when the lock frees, without `r`.
    @Suite struct CacheLock {
        let home: TemporaryFolder

        init() throws { home = try TemporaryFolder() }

        var cacheFile: URL { home.url.appendingPathComponent(".cache/headlines/cache.db") }

        func printing(_ arguments: [String]) async throws -> ProcessResult {
            try await ProcessRunner(HeadlinesBinary.path, arguments, environment: HeadlinesBinary.environment(home: home.url))
                .run(timeout: .seconds(30))
        }

        @Test func aRefreshUnderAnotherProcesssLockIsShownAndSavedWhenItIsReleased() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text(FeedFixtures.rss("Locked", count: 40), contentType: "application/rss+xml"))
            let url = server.url("/feed.xml").absoluteString
            let holder = try ProcessRunner(HeadlinesBinary.storeTestChild, ["hold-lock", cacheFile.path]).start()
            defer { holder.end() }
            #expect(try holder.readLine() == "locked")

            var environment = HeadlinesBinary.environment(home: home.url)
            environment.removeValue(forKey: "PATH")
            let session = try TmuxSession(
                command: [HeadlinesBinary.path, "--save-dir", home.file("saved").path, "--source", url],
                environment: environment, width: 160)
            defer { session.close() }
            // The list shows the fetched articles from memory, counted, and says why and what next.
            let shown = try await session.waitForScreen(timeout: .seconds(20)) {
                $0.contains("Locked 1") && $0.contains("40 articles")
                    && $0.contains("Another Headlines is writing the article cache; 40 new articles are shown and will be saved when it finishes.")
            }
            #expect(shown.contains("Locked 2"))
            let before = try await printing(["--print", "--offline", "--source", url])
            #expect(before.stdoutText.isEmpty, "written while the lock was held: \(before.stdoutText)")

            #expect(holder.end().status == 0)
            // Written in the background, no key pressed.
            var printed: [String] = []
            #expect(
                try await eventually(timeout: .seconds(20), interval: .milliseconds(200)) {
                    printed = try await printing(["--print", "--offline", "--source", url]).stdoutText.split(separator: "\n").map(String.init)
                    return printed.count == 40
                }, "printed \(printed.count) lines")
            #expect(printed.first?.contains("Locked 1") == true)
            #expect(session.exitStatus == nil)
            #expect(try session.capture().contains("40 articles"))
        }

        /// The articles in the file, by sqlite3 (read beside the running program, which the WAL allows).
        func storedArticles() async throws -> Int? {
            let sqlite3 = try #require(ProcessRunner.find("sqlite3"), "sqlite3 is needed to read the cache")
            let result = try await ProcessRunner(sqlite3, [cacheFile.path, "SELECT count(*) FROM article"]).run(timeout: .seconds(10))
            return Int(result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines))
        }

        /// The list does not wait out the busy timeout (2 s) under another process's lock: the
        /// merge, the tries to write the kept edition and the search indexing fail within
        /// milliseconds, so the lists' reads behind them on the store are not held up. (The
        /// list once stayed blank for about 3 s after the status line said the articles were shown.)
        @Test func underAnotherProcesssLockTheListIsShownWithinABusyTimeout() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text(FeedFixtures.rss("Held", count: 500), contentType: "application/rss+xml"))
            let url = server.url("/feed.xml").absoluteString
            let holder = try ProcessRunner(HeadlinesBinary.storeTestChild, ["hold-lock", cacheFile.path]).start()
            defer { holder.end() }
            #expect(try holder.readLine() == "locked")

            let session = try TmuxSession(
                command: [HeadlinesBinary.path, "--source", url], environment: HeadlinesBinary.environment(home: home.url), width: 160)
            defer { session.close() }
            let clock = ContinuousClock()
            try await session.waitForProgramStart()
            let started = clock.now
            let sentence = "Another Headlines is writing the article cache; 500 new articles are shown and will be saved when it finishes."
            try await session.waitForScreen(timeout: .seconds(20)) { $0.contains(sentence) }
            let said = clock.now
            let shown = try await session.waitForScreen(timeout: .seconds(20)) { $0.contains("Held 1") && $0.contains("500 articles") }
            let listed = clock.now
            #expect(listed - said < .milliseconds(800), "the list came \(listed - said) after the status line")
            #expect(listed - started < .milliseconds(1500), "the list came \(listed - started) after the start")
            #expect(shown.contains("Held 2"))
            #expect(try await storedArticles() == 0, "written while the lock was held")

            // Released: the session's retry writes them, no key pressed.
            #expect(holder.end().status == 0)
            var stored: Int?
            #expect(
                try await eventually(timeout: .seconds(20), interval: .milliseconds(200)) {
                    stored = try await storedArticles()
                    return stored == 500
                }, "stored \(String(describing: stored))")
            #expect(try session.capture().contains("500 articles"))
            #expect(session.exitStatus == nil)
        }
    }
}
