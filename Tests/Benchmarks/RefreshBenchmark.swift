import Foundation
import NewsCore
import Synchronization
import TestSupport

/// `headlines --refresh` (the release binary beside the benchmark) of 1,000 feeds into an empty
/// cache, beside newsboat's `-x reload` of the same feeds into an empty cache: 1,000 feeds of 50
/// items (about 15 KB each) over 10 loopback hosts (127.0.0.1 to 127.0.0.10, 100 feeds each, so
/// the per-host limit applies as on the internet), each answered after 50 ms. Both programs are
/// started the same way and timed from spawn to exit; the peak memory is each one's own VmHWM,
/// read from /proc while it runs (a spawner's ru_maxrss carries its own pages across exec).
/// Headlines runs at its defaults (8 connections, 2 a host); newsboat with `reload-threads 8`
/// (its default, 1, takes a minute here). No goal: the figures are the point.
enum RefreshBenchmark {
    static let feeds = 1_000
    static let hosts = 10
    static let items = 50

    @MainActor
    static func run(_ options: BenchmarkOptions) async throws -> BenchmarkOutcome {
        let binary = try binary()
        let network = try LoopbackFeedHosts(feeds: feeds, hosts: hosts, items: items, delay: .milliseconds(50))
        defer { network.stop() }
        let urls = network.urls
        let folder = try TemporaryFolder("bench-refresh")
        defer { folder.remove() }
        let rounds = options.rounds ?? 3
        var ours: [Run] = []
        for round in 0..<rounds { ours.append(try headlines(binary, urls, in: folder, round: round)) }
        let oursTime = Samples(ours.map(\.time)).median
        let oursPeak = ours.map(\.peak).max() ?? 0
        let linked =
            (try? StartBenchmark.linksSwiftStatically(binary)) == true
            ? "the Swift runtime linked in, as make builds it" : "the Swift runtime as shared libraries (make links it in: less memory)"
        let oursRuns = ours.map { Format.milliseconds($0.time) }.joined(separator: ", ")
        let oursStored = ours.last?.stored ?? 0
        var first = "\(feeds) feeds × \(items) items over \(hosts) hosts, 50 ms server delay, empty cache each run: "
        first += "headlines --refresh \(Format.milliseconds(oursTime)) ms median of \(rounds) (\(oursRuns)), "
        first += "peak RSS \(ByteCount.describe(oursPeak)), \(oursStored) articles stored; \(linked)"
        var lines = [first, "  its summary: \(ours.last?.output ?? "")"]
        if options.swiftOnly {
            lines.append("  newsboat: not run (--swift-only)")
        } else if let newsboat = ExternalCommand.find("newsboat") {
            let urlsFile = folder.file("urls")
            try urls.map(\.absoluteString).joined(separator: "\n").write(to: urlsFile, atomically: true, encoding: .utf8)
            var theirs: [Run] = []
            for round in 0..<rounds { theirs.append(try newsboatReload(newsboat, urlsFile, in: folder, round: round)) }
            let theirTime = Samples(theirs.map(\.time)).median
            let theirPeak = theirs.map(\.peak).max() ?? 0
            let version =
                (try? ExternalCommand.output(newsboat, ["--version"]))?.split(separator: "\n").first.map { String($0.split(separator: " - ").first ?? $0) }
                ?? "newsboat"
            let theirRuns = theirs.map { Format.milliseconds($0.time) }.joined(separator: ", ")
            let timeRatio = Format.ratio(oursTime / theirTime)
            let memoryRatio = Format.ratio(Double(oursPeak) / Double(max(1, theirPeak)))
            var line = "  \(version) -x reload, reload-threads 8: \(Format.milliseconds(theirTime)) ms median (\(theirRuns)), "
            line += "peak RSS \(ByteCount.describe(theirPeak)), \(theirs.last?.stored ?? 0) articles stored; "
            line += "headlines/newsboat \(timeRatio) in time, \(memoryRatio) in memory"
            lines.append(line)
        } else {
            lines.append("  newsboat is not installed (apt-get install newsboat): no comparison in this run")
        }
        return BenchmarkOutcome(summary: lines.joined(separator: "\n"), goalMet: nil)
    }

    struct Run {
        var time: Duration
        var peak: Int
        var stored: Int
        var output: String
    }

    /// The release binary beside the benchmark's own.
    static func binary() throws -> URL {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("headlines")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw BenchmarkFailure("there is no headlines program beside the benchmark (\(binary.path)): build it with swift build -c release")
        }
        return binary
    }

    /// One `headlines --refresh` in a home of its own, with a config naming every feed.
    static func headlines(_ binary: URL, _ urls: [URL], in folder: TemporaryFolder, round: Int) throws -> Run {
        let (home, environment) = try headlinesHome(urls, in: folder, named: "headlines-\(round)")
        return try refresh(binary, urls, home: home, environment: environment)
    }

    /// `headlines --refresh` again in the home folder of an earlier `headlines(...)` run (its
    /// cache full, its validators kept).
    static func headlinesAgain(_ binary: URL, _ urls: [URL], in folder: TemporaryFolder, round: Int) throws -> Run {
        let home = folder.file("headlines-\(round)")
        return try refresh(binary, urls, home: home, environment: headlinesEnvironment(home))
    }

    private static func refresh(_ binary: URL, _ urls: [URL], home: URL, environment: [String: String]) throws -> Run {
        let run = try measured(binary.path, ["--refresh"], environment: environment)
        let all = urls.count.formatted()
        guard run.output.hasPrefix("\(all) of \(all) sources refreshed") else {
            throw BenchmarkFailure("headlines --refresh did not refresh every feed: \(run.output)")
        }
        let cache = home.appendingPathComponent(".cache/headlines/cache.db")
        let count = try ExternalCommand.output("sqlite3", [cache.path, "SELECT count(*) FROM article"])
        return Run(time: run.time, peak: run.peak, stored: Int(count.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, output: run.output)
    }

    /// One `headlines --print` of every source (the cache untouched): its time, its peak, and the
    /// articles it printed (one line each) as `stored`.
    static func headlinesPrint(_ binary: URL, _ urls: [URL], in folder: TemporaryFolder, round: Int) throws -> Run {
        let (_, environment) = try headlinesHome(urls, in: folder, named: "headlines-print-\(round)")
        let run = try measured(binary.path, ["--print"], environment: environment)
        let lines = run.output.isEmpty ? 0 : run.output.utf8.count { $0 == UInt8(ascii: "\n") } + 1  // the output comes trimmed
        return Run(time: run.time, peak: run.peak, stored: lines, output: "")
    }

    /// A home folder whose config names `urls` as sources, one section each, and the environment
    /// that runs headlines in it.
    private static func headlinesHome(_ urls: [URL], in folder: TemporaryFolder, named name: String) throws -> (URL, [String: String]) {
        let home = folder.file(name)
        let config = home.appendingPathComponent(".config/headlines", isDirectory: true)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let sections = urls.enumerated().map { "[source \"Feed \($0.offset)\"]\nurl = \($0.element.absoluteString)\n" }
        try sections.joined(separator: "\n").write(to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        return (home, headlinesEnvironment(home))
    }

    private static func headlinesEnvironment(_ home: URL) -> [String: String] {
        ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "NEWSAPI_KEY": ""]
    }

    /// One `newsboat -x reload` with an empty cache in a folder of its own.
    static func newsboatReload(_ newsboat: String, _ urlsFile: URL, in folder: TemporaryFolder, round: Int, threads: Int = 8) throws -> Run {
        let home = folder.file("newsboat-\(round)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let config = home.appendingPathComponent("config")
        try "reload-threads \(threads)\n".write(to: config, atomically: true, encoding: .utf8)
        let cache = home.appendingPathComponent("cache.db")
        let run = try measured(
            newsboat, ["-x", "reload", "-u", urlsFile.path, "-c", cache.path, "-C", config.path], environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"])
        let count = try ExternalCommand.output("sqlite3", [cache.path, "SELECT count(*) FROM rss_item"])
        return Run(time: run.time, peak: run.peak, stored: Int(count.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, output: run.output)
    }

    /// Runs a program to its end: its wall time from spawn to exit, its own peak RSS (VmHWM,
    /// polled every 2 ms from /proc while it runs), and its standard output.
    private static func measured(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> (
        time: Duration, peak: Int, output: String
    ) {
        let started = ContinuousClock.now
        let process = try ProcessRunner(executable, arguments, environment: environment).start()
        let sampling = Sampling()
        let pid = process.pid
        let sampler = Thread {
            while !sampling.done.load(ordering: .relaxed) {
                if let value = highWater(pid) { sampling.peak.withLock { $0 = max($0, value) } }
                usleep(2_000)
            }
        }
        sampler.start()
        var output = ""
        while let line = try process.readLine(timeout: .seconds(600)) { output += line + "\n" }
        // The last figure, before it is reaped (its stdout closes as it exits).
        if let value = highWater(pid) { sampling.peak.withLock { $0 = max($0, value) } }
        let result = process.end()
        let time = ContinuousClock.now - started
        sampling.done.store(true, ordering: .relaxed)
        guard result.status == 0 else { throw BenchmarkFailure("\(executable) exited \(result.status): \(output)") }
        return (time, sampling.peak.withLock { $0 }, output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The sampler thread's findings, and the sign for it to stop.
    private final class Sampling: Sendable {
        let peak = Mutex(0)
        let done = Atomic(false)
    }

    /// VmHWM of process `pid`, in bytes; nil once it has gone.
    private static func highWater(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" })
            return fields.first.flatMap { Int($0) }.map { $0 * 1_024 }
        }
        return nil
    }
}
