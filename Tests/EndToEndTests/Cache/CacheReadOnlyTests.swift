import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A cache that cannot be written is still read: `--print --offline`, `--search` and the
    /// interface show what it holds. Root ignores file modes, so as root the readers run as
    /// `nobody` (through `setpriv`), the cache being root's with modes 0444 and its folder 0555:
    /// not even SQLite's `-shm` can be made beside it.
    @Suite struct ReadOnlyCache {
        /// A folder everyone may enter (so `nobody` reaches the cache), under /tmp whatever TMPDIR is.
        let root: URL

        init() throws {
            root = URL(fileURLWithPath: "/tmp/headlines-readonly-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        }

        var home: URL { root.appendingPathComponent("home") }
        var cacheFolder: URL { home.appendingPathComponent(".cache/headlines") }
        var runsAsRoot: Bool { getuid() == 0 }

        /// The binary, copied where `nobody` may run it (the checkout may be closed to others).
        func binary() throws -> String {
            guard runsAsRoot else { return HeadlinesBinary.path }
            let copy = root.appendingPathComponent("headlines")
            if !FileManager.default.fileExists(atPath: copy.path) {
                try FileManager.default.copyItem(atPath: HeadlinesBinary.path, toPath: copy.path)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
            }
            return copy.path
        }

        /// `arguments` run by the writer (this user), or by a reader who cannot write the cache.
        func command(_ arguments: [String], reader: Bool) throws -> [String] {
            guard reader, runsAsRoot else { return [try binary()] + arguments }
            let setpriv = try #require(ProcessRunner.find("setpriv"), "setpriv (util-linux) is needed to run as nobody")
            return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", try binary()] + arguments
        }

        func run(_ arguments: [String], reader: Bool) async throws -> ProcessResult {
            let command = try command(arguments, reader: reader)
            return try await ProcessRunner(command[0], Array(command.dropFirst()), environment: HeadlinesBinary.environment(home: home))
                .run(timeout: .seconds(30))
        }

        /// A cache of three articles of `url`'s source (written by `StoreTestChild`, indexed by a
        /// search), then made read-only, file and folder.
        func readOnlyCache(of url: String) async throws {
            let manager = FileManager.default
            try manager.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
            let cache = cacheFolder.appendingPathComponent("cache.db")
            let written = try await ProcessRunner(HeadlinesBinary.storeTestChild, ["merge-rounds", cache.path, url, "1", "3"])
                .run(timeout: .seconds(30))
            #expect(written.status == 0, "\(written.stderrText)")
            let indexed = try await run(["--search", "childword"], reader: false)
            #expect(indexed.stdoutText.split(separator: "\n").count == 3, "\(indexed.stderrText)")
            #expect(!manager.fileExists(atPath: cache.path + "-wal"))
            try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: cache.path)
            for (folder, mode) in [(cacheFolder, 0o555), (cacheFolder.deletingLastPathComponent(), 0o755), (home, 0o755)] {
                try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: folder.path)
            }
        }

        func remove() {
            _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cacheFolder.path)  // gone already: fine
            _ = try? FileManager.default.removeItem(at: root)
        }

        @Test func aReadOnlyCacheInAReadOnlyFolderIsPrintedAndSearched() async throws {
            defer { remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text(FeedFixtures.rss("Fresh", count: 2), contentType: "application/rss+xml"))
            let url = server.url("/feed.xml").absoluteString
            try await readOnlyCache(of: url)
            let stored = ["\(url)-0 article 0", "\(url)-0 article 1", "\(url)-0 article 2"]

            let printed = try await run(["--print", "--offline", "--source", url], reader: true)
            #expect(printed.status == 0, "\(printed.stderrText)")
            #expect(EndToEnd.Cache.titles(printed.stdoutText).sorted() == stored, "\(printed.stderrText)")
            let found = try await run(["--search", "childword"], reader: true)
            #expect(found.status == 0, "\(found.stderrText)")
            #expect(EndToEnd.Cache.titles(found.stdoutText).sorted() == stored, "\(found.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: cacheFolder.appendingPathComponent("cache.db-shm").path))

            // The interface opens on it, says once that nothing will be saved, and shows a refresh from memory.
            var environment = HeadlinesBinary.environment(home: home)
            environment.removeValue(forKey: "PATH")
            let session = try TmuxSession(command: try command(["--source", url], reader: true), environment: environment, width: 160)
            defer { session.close() }
            let opened = try await session.waitForScreen(timeout: .seconds(15)) {
                $0.contains("article 2") && $0.contains("The article cache is read-only")
            }
            #expect(opened.contains("refreshes are shown but not kept, and marks are not saved."), "\(opened)")
            try await session.waitForScreen(timeout: .seconds(15)) { $0.contains("Fresh 2") && $0.contains("5 articles") }
        }
    }
}
