import Foundation
import TestSupport

/// A real FreshRSS beside the `sync` benchmark's TT-RSS, subscribed to the same feeds, read
/// through its Google Reader API (`kind = greader`). Its source is never in this repository
/// (`--freshrss SRC`: a folder of FreshRSS's source, brought with the search tool's fetch), and
/// nor is what sets it up: the shared recipes' `freshrss-up.sh`, `-fetch.sh` and `-down.sh`
/// (`--freshrss-scripts DIR`, else `../shared/sync-servers` beside the checkout).
final class FreshRSSBenchServer {
    static let user = "admin"
    static let password = "apipassword123"
    /// The API root a `[server]` of kind greader names.
    let url: URL
    /// How long `freshrss-up.sh` took, its first fetch of every feed included.
    let startTime: Duration
    private let scripts: URL
    private let folder: URL

    /// The folder of the shared recipes, or a sentence saying where to get them.
    static func scripts(_ given: String?) throws -> URL {
        let folder =
            given.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? SyncServerScripts.folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/sync-servers", isDirectory: true)
        guard FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("freshrss-up.sh").path) else {
            throw BenchmarkFailure("there is no freshrss-up.sh in \(folder.path): give the shared recipes' folder with --freshrss-scripts DIR")
        }
        return folder
    }

    init(source: String, scripts: URL, urlFile: String, runFolder: URL) async throws {
        self.scripts = scripts
        folder = runFolder.appendingPathComponent("freshrss", isDirectory: true)
        let started = ContinuousClock.now
        let result = try await ProcessRunner(
            scripts.appendingPathComponent("freshrss-up.sh").path, [String(try SyncServerScripts.freePort()), folder.path, urlFile, source]
        ).run(timeout: .seconds(900))
        startTime = ContinuousClock.now - started
        let line = result.stdoutText.split(separator: "\n").first { $0.hasPrefix("GREADER_URL=") }
        guard result.status == 0, let line, let url = URL(string: String(line.dropFirst("GREADER_URL=".count))) else {
            throw BenchmarkFailure("freshrss-up.sh failed (\(result.status)): \(result.stderrText)")
        }
        self.url = url
    }

    /// FreshRSS fetches every feed again now (`freshrss-fetch.sh`); how long it took.
    func fetch() async throws -> Duration {
        let started = ContinuousClock.now
        let result = try await ProcessRunner(scripts.appendingPathComponent("freshrss-fetch.sh").path, [folder.path]).run(timeout: .seconds(900))
        guard result.status == 0 else { throw BenchmarkFailure("freshrss-fetch.sh failed (\(result.status)): \(result.stderrText)") }
        return ContinuousClock.now - started
    }

    func stop() {
        _ = try? ProcessRunner(scripts.appendingPathComponent("freshrss-down.sh").path, [folder.path])
            .runSynchronously(timeout: .seconds(60))  // a server that would not stop dies with the run's guard
    }
}

extension NewsboatSync {
    /// newsboat 2.21 has no `freshrss` source; its `feedhq` one speaks the Google Reader API at
    /// a configurable `feedhq-url`. One `-x reload` against FreshRSS that way: what it stored.
    func reloadGoogleReader(_ server: FreshRSSBenchServer, itemsPerFeed: Int) throws -> SyncBenchmark.Run {
        try reload(
            from: nil, keepAs: nil,
            config: """
                urls-source "feedhq"
                feedhq-url "\(server.url.absoluteString)"
                feedhq-login "\(FreshRSSBenchServer.user)"
                feedhq-password "\(FreshRSSBenchServer.password)"
                feedhq-min-items \(itemsPerFeed)

                """)
    }
}

/// The benchmark's FreshRSS rounds: Headlines' first syncs into empty caches (one warm-up),
/// newsboat's `feedhq` reload against the same server, and the incremental syncs once the new
/// items are on the feeds.
final class FreshRSSArm {
    let server: FreshRSSBenchServer
    private let work: TemporaryFolder
    private let rounds: Int
    private let base: URL
    private(set) var first: [SyncBenchmark.Run] = []
    private(set) var incremental: [SyncBenchmark.Run] = []
    private(set) var newsboat: (version: String, run: SyncBenchmark.Run)?
    private(set) var fetchTime = Duration.zero
    private let articles: Int

    init(
        source: String, scripts: String?, servers: SyncBenchServers, work: TemporaryFolder, articles: Int, itemsPerFeed: Int, rounds: Int,
        newsboat: NewsboatSync?
    ) async throws {
        report("  starting FreshRSS on the same feeds...")
        server = try await FreshRSSBenchServer(
            source: source, scripts: try FreshRSSBenchServer.scripts(scripts), urlFile: servers.urlFile, runFolder: servers.runFolder)
        self.work = work
        self.rounds = rounds
        self.articles = articles
        base = work.file("headlines-freshrss-base")
        do {
            report("  Headlines' first syncs with FreshRSS (1 warm-up, \(rounds) timed)...")
            for round in 0...rounds {
                let cache = work.file("headlines-freshrss-first-\(round)")
                let run = try await sync(cache, expectingNew: articles)
                if round > 0 { first.append(run) }
                if round == rounds { try FileManager.default.moveItem(at: cache, to: base) } else { try FileManager.default.removeItem(at: cache) }
            }
            if let newsboat {
                report("  newsboat's feedhq reload against FreshRSS...")
                self.newsboat = (newsboat.version, try newsboat.reloadGoogleReader(server, itemsPerFeed: itemsPerFeed))
            }
        } catch {
            server.stop()  // the run's guard knows only TT-RSS and the feeds
            throw error
        }
    }

    private func sync(_ cache: URL, expectingNew new: Int) async throws -> SyncBenchmark.Run {
        try await SyncBenchmark.probe(
            url: server.url, user: FreshRSSBenchServer.user, password: FreshRSSBenchServer.password, kind: "greader", cache: cache, expectingNew: new)
    }

    /// After the feeds gained their new items: FreshRSS fetches them, then each round syncs a copy of the base cache.
    func syncIncrementally(expectingNew new: Int) async throws {
        fetchTime = try await server.fetch()
        for round in 0...rounds {
            let cache = work.file("headlines-freshrss-incremental-\(round)")
            try FileManager.default.copyItem(at: base, to: cache)
            let run = try await sync(cache, expectingNew: new)
            if round > 0 { incremental.append(run) }
            try FileManager.default.removeItem(at: cache)
        }
    }

    var incrementalMet: Bool { !incremental.isEmpty && Samples(incremental.map(\.time)).median < SyncBenchmark.incrementalGoal }

    func lines(_ describe: ([SyncBenchmark.Run]) -> String) -> [String] {
        var lines = [
            "FreshRSS on the same feeds (its Google Reader API, kind = greader; PHP's built-in server, 4 workers, SQLite): "
                + "freshrss-up.sh, its first fetch included, \(Format.milliseconds(server.startTime, decimals: 0)) ms",
            "  Headlines, first sync into an empty cache: " + describe(first),
            "  the new items fetched by FreshRSS (freshrss-fetch.sh \(Format.milliseconds(fetchTime, decimals: 0)) ms)",
            "  Headlines, incremental sync: " + describe(incremental),
        ]
        if let newsboat {
            let stored = newsboat.run.count
            lines.append(
                "  \(newsboat.version) -x reload (urls-source \"feedhq\", feedhq-url at greader.php), empty cache: "
                    + "\(Format.milliseconds(newsboat.run.time)) ms, \(stored) of \(articles) articles stored"
                    + (stored < articles
                        ? " (it reads reader/atom/FEED, which FreshRSS does not serve: no comparison; newsboat 2.21 has no freshrss source)"
                        : "; first sync newsboat/ours \(Format.ratio(newsboat.run.time / Samples(first.map(\.time)).median))"))
        }
        return lines
    }
}
