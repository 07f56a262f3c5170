import Foundation
import HeadlinesUI
import NewsCore
import TestSupport

/// Syncing with a real Tiny Tiny RSS (Tests/SyncServers: 50 feeds × 200 items, 10,000 articles):
/// Headlines' first sync into an empty cache, then, once 100 new items are on the server, an
/// incremental sync of a cache that holds the 10,000. Each sync runs the library the app runs
/// (`ServerSync` over the real HTTP client and cache) in a process of its own that loads what
/// the app loads (`headlines-sync-probe`), so that its peak memory is the app's. Beside
/// newsboat's TT-RSS mode (`urls-source "ttrss"`, `-x reload`) against the same server in the
/// same run, when newsboat is installed. Each client has one untimed
/// warm-up before its timed rounds. Goals: the first sync at least 3x faster than newsboat's,
/// the incremental one under 1 s, and peak memory no more than newsboat's.
/// With `--freshrss SRC`, a real FreshRSS on the same feeds too, through its Google Reader API
/// (`SyncBenchmark+FreshRSS.swift`), beside newsboat's `feedhq` mode where that works.
enum SyncBenchmark {
    static let feeds = 50
    static let itemsPerFeed = 200
    /// 2 × 50 = 100 new articles for the incremental sync.
    static let newPerFeed = 2
    static let firstSyncSpeedup = 3.0
    static let incrementalGoal = Duration.seconds(1)
    static let passwordVariable = "HEADLINES_BENCH_TTRSS_PASSWORD"

    /// One sync: its time, the process's CPU time (user and system, all threads; the rest is
    /// waiting for the server), its peak RSS, the articles it added, and the cache's count after.
    struct Run {
        var time: Duration
        var cpu: Duration
        var peak: Int
        var new: Int
        var count: Int
    }

    static func run(_ options: BenchmarkOptions) async throws -> BenchmarkOutcome {
        // --articles N: N articles in all, 20 or more a feed over at most 50 feeds (60: a small server of 3 feeds).
        let feeds = options.articles.map { min(Self.feeds, max(1, $0 / 20)) } ?? Self.feeds
        let items = options.articles.map { max(1, $0 / feeds) } ?? itemsPerFeed
        let articles = feeds * items
        let newArticles = feeds * newPerFeed
        let rounds = options.rounds ?? 3
        let newsboatPath = options.swiftOnly ? nil : ExternalCommand.find("newsboat")

        // Checked before the servers start; a probe built with shared Swift libraries touches
        // about 3 MiB more of their pages than one with the runtime linked in.
        let linkedIn = try await StartBenchmark.linksSwiftStatically(try probeBinary())
        report("  starting the feeds and TT-RSS (\(feeds) feeds × \(items) items)...")
        let servers = try await SyncBenchServers(feeds: feeds, itemsPerFeed: items)
        defer { servers.stop() }
        var lines = [
            "TT-RSS with \(feeds) feeds × \(items) items (\(articles) articles): ttrss-up.sh, its first update included, "
                + "\(Format.milliseconds(servers.startTime, decimals: 0)) ms; served as a small install serves it: PHP's built-in "
                + "server with PHP_CLI_SERVER_WORKERS=\(SyncBenchServers.phpWorkers) (like php-fpm's default pool of 5), PostgreSQL"
        ]
        lines.append(
            "  headlines-sync-probe: "
                + (linkedIn
                    ? "Swift runtime and FoundationEssentials linked in, as make builds headlines (swift build -c release --static-swift-stdlib)"
                    : "Swift runtime and FoundationEssentials as shared libraries (a plain swift build -c release; headlines as make "
                        + "builds it links them in, which peaks about 3 MiB lower)"))
        let work = try TemporaryFolder("bench-sync")
        let newsboat = try newsboatPath.map { try NewsboatSync(path: $0, server: servers, folder: work) }

        // First syncs: a fresh cache each; the last one's cache is the base of the incremental rounds.
        let ourBase = work.file("headlines-base")
        report("  Headlines' first syncs (1 warm-up, \(rounds) timed)...")
        var ourFirst: [Run] = []
        for round in 0...rounds {
            let cache = work.file("headlines-first-\(round)")
            let run = try await probe(servers, cache: cache, expectingNew: articles)
            if round > 0 { ourFirst.append(run) }
            if round == rounds { try FileManager.default.moveItem(at: cache, to: ourBase) } else { try FileManager.default.removeItem(at: cache) }
        }
        let theirBase = work.file("newsboat-base")
        var theirFirst: [Run] = []
        if let newsboat {
            report("  newsboat's first reloads (1 warm-up, \(rounds) timed)...")
            for round in 0...rounds {
                let run = try newsboat.reload(from: nil, keepAs: round == rounds ? theirBase : nil)
                if round > 0 { theirFirst.append(run) }
            }
        }

        // FreshRSS beside TT-RSS when its source is given: its first syncs now, its incremental ones after the new items.
        var freshRSS: FreshRSSArm?
        if let source = options.freshRSSSource {
            freshRSS = try await FreshRSSArm(
                source: source, scripts: options.freshRSSScripts, servers: servers, work: work, articles: articles, itemsPerFeed: items,
                rounds: rounds, newsboat: newsboat)
        }
        defer { freshRSS?.server.stop() }

        // Incremental syncs: 100 new items on the server, each round from a copy of the base cache.
        report("  \(newArticles) new items on the server, then the incremental syncs and reloads...")
        let fetchTime = try await servers.addItems(perFeed: newPerFeed)
        var ourIncremental: [Run] = []
        for round in 0...rounds {
            let cache = work.file("headlines-incremental-\(round)")
            try FileManager.default.copyItem(at: ourBase, to: cache)
            let run = try await probe(servers, cache: cache, expectingNew: newArticles)
            if round > 0 { ourIncremental.append(run) }
            try FileManager.default.removeItem(at: cache)
        }
        var theirIncremental: [Run] = []
        if let newsboat {
            for round in 0...rounds {
                let run = try newsboat.reload(from: theirBase, keepAs: nil)
                if round > 0 { theirIncremental.append(run) }
            }
        }
        try await freshRSS?.syncIncrementally(expectingNew: newArticles)

        func describe(_ runs: [Run]) -> String {
            "\(Format.milliseconds(Samples(runs.map(\.time)).median)) ms median of \(runs.count) ("
                + runs.map { Format.milliseconds($0.time) }.joined(separator: ", ") + "), CPU "
                + "\(Format.milliseconds(Samples(runs.map(\.cpu)).median, decimals: 0)) ms, peak RSS \(ByteCount.describe(runs.map(\.peak).max() ?? 0)), "
                + "\(runs.last?.count ?? 0) articles in the cache"
        }
        let ourFirstTime = Samples(ourFirst.map(\.time)).median
        let ourIncrementalTime = Samples(ourIncremental.map(\.time)).median
        let ourPeak = (ourFirst + ourIncremental).map(\.peak).max() ?? 0
        lines.append("  Headlines, first sync into an empty cache: " + describe(ourFirst))
        lines.append("  \(newArticles) new items on the server (ttrss-fetch.sh \(Format.milliseconds(fetchTime, decimals: 0)) ms)")
        lines.append("  Headlines, incremental sync of \(newArticles) new: " + describe(ourIncremental))
        let incrementalMet = ourIncrementalTime < incrementalGoal
        var goals = ["incremental < 1 s: " + (incrementalMet ? "PASS" : "MISS")]
        var met = incrementalMet
        if let newsboat, !theirFirst.isEmpty, !theirIncremental.isEmpty {
            let theirFirstTime = Samples(theirFirst.map(\.time)).median
            let theirPeak = (theirFirst + theirIncremental).map(\.peak).max() ?? 0
            lines.append("  \(newsboat.version) -x reload (urls-source \"ttrss\"), empty cache: " + describe(theirFirst))
            lines.append("  \(newsboat.version) -x reload, incremental: " + describe(theirIncremental))
            let speedup = theirFirstTime / ourFirstTime
            let firstMet = speedup >= firstSyncSpeedup
            let memoryMet = ourPeak <= theirPeak
            lines.append(
                "  first sync: newsboat/ours \(Format.ratio(speedup)); incremental: newsboat/ours "
                    + "\(Format.ratio(Samples(theirIncremental.map(\.time)).median / ourIncrementalTime)); "
                    + "peak RSS ours/newsboat \(Format.ratio(Double(ourPeak) / Double(max(1, theirPeak))))")
            goals.insert("first sync ≥ 3x faster than newsboat's: " + (firstMet ? "PASS" : "MISS"), at: 0)
            goals.append("peak memory ≤ newsboat's: " + (memoryMet ? "PASS" : "MISS"))
            met = met && firstMet && memoryMet
        } else {
            lines.append(
                options.swiftOnly
                    ? "  newsboat: not run (--swift-only); its goals are not judged"
                    : "  newsboat is not installed (apt-get install newsboat): no comparison in this run, its goals are not judged")
        }
        if let freshRSS {
            lines += freshRSS.lines(describe)
            goals.append("FreshRSS incremental < 1 s: " + (freshRSS.incrementalMet ? "PASS" : "MISS"))
            met = met && freshRSS.incrementalMet
        } else {
            lines.append("  FreshRSS: not run (give --freshrss SRC, a folder of FreshRSS's source, which is never committed)")
        }
        lines.append("  goals: " + goals.joined(separator: "; "))
        return BenchmarkOutcome(summary: lines.joined(separator: "\n"), goalMet: met)
    }

    /// `headlines-sync-probe`, built beside the benchmark.
    private static func probeBinary() throws -> URL {
        let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("headlines-sync-probe")
        guard FileManager.default.isExecutableFile(atPath: probe.path) else {
            throw BenchmarkFailure("there is no headlines-sync-probe beside the benchmark (\(probe.path)): build it with swift build -c release")
        }
        return probe
    }

    /// One sync in a child process, `headlines-sync-probe URL USER CACHE` (built beside the
    /// benchmark; the password in the environment). It loads what `headlines` loads, so its
    /// peak memory is the app's, not this program's with Foundation and the test support.
    private static func probe(_ servers: SyncBenchServers, cache: URL, expectingNew new: Int) async throws -> Run {
        try await probe(url: servers.url, user: servers.user, password: servers.password, kind: "ttrss", cache: cache, expectingNew: new)
    }

    /// One sync of a server of `kind` (`headlines-sync-probe URL USER CACHE KIND`).
    static func probe(url: URL, user: String, password: String, kind: String, cache: URL, expectingNew new: Int) async throws -> Run {
        let probe = try probeBinary()
        let result = try await ProcessRunner(
            probe.path, [url.absoluteString, user, cache.path, kind],
            extraEnvironment: [passwordVariable: password]
        ).run(timeout: .seconds(600))
        let fields = result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        guard result.status == 0, fields.count == 5, let ms = Double(fields[0]), let cpu = Double(fields[1]),
            let peak = Int(fields[2]), let added = Int(fields[3]), let count = Int(fields[4])
        else {
            throw BenchmarkFailure("the sync probe failed (\(result.status)): \(result.stdoutText) \(result.stderrText)")
        }
        guard added == new else {
            throw BenchmarkFailure("the sync added \(added) articles, not the \(new) on the server (the cache holds \(count))")
        }
        return Run(time: .fractionalSeconds(ms / 1000), cpu: .fractionalSeconds(cpu / 1000), peak: peak, new: added, count: count)
    }
}
