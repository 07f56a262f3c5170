import Foundation
import HeadlinesUI
import NewsCore
import TestSupport
import HeadlinesSession

/// Reloading 50 feeds of 1,000 items (about 290 KB each) spread over 10 loopback hosts
/// (127.0.0.1 to 127.0.0.10, 5 feeds each, so the per-host limit applies as on the internet),
/// from servers that answer each request after 100 ms, until every source's row has its count:
/// the real path (fetch, parse, merge into a fresh cache, count), in a process of its own so
/// that its peak memory is its own. Beside newsboat's `-x reload` of the same feeds, when
/// newsboat is installed. Goal: at most 2 s, and no more memory than newsboat.
enum ReloadBenchmark {
    static let feeds = 50
    static let hosts = 10
    static let items = 1_000
    static let goal = Duration.seconds(2)

    static func run(_ options: BenchmarkOptions) async throws -> BenchmarkOutcome {
        let network = try LoopbackFeedHosts(feeds: feeds, hosts: hosts, items: items, delay: .milliseconds(100))
        defer { network.stop() }
        let urls = network.urls
        let folder = try TemporaryFolder("bench-reload")
        let urlsFile = folder.file("urls")
        try urls.map(\.absoluteString).joined(separator: "\n").write(to: urlsFile, atomically: true, encoding: .utf8)
        let rounds = options.rounds ?? 3
        var ours: [(Duration, Int)] = []
        for _ in 0..<rounds { ours.append(try await probe(urlsFile)) }
        let oursTime = Samples(ours.map(\.0)).median
        let oursPeak = ours.map(\.1).max() ?? 0
        var lines = [
            "\(feeds) feeds × \(items) items over \(hosts) hosts, 100 ms server delay, fresh cache each run: "
                + "\(Format.milliseconds(oursTime)) ms median of \(rounds) (" + ours.map { Format.milliseconds($0.0) }.joined(separator: ", ")
                + "), peak RSS \(ByteCount.describe(oursPeak))"
        ]
        var met = oursTime <= goal
        if options.swiftOnly {
            lines.append("  newsboat: not run (--swift-only)")
        } else if ExternalCommand.find("newsboat") != nil {
            var theirs: [(Duration, Int)] = []
            for _ in 0..<rounds { theirs.append(try newsboat(urlsFile, threads: 10)) }
            let theirTime = Samples(theirs.map(\.0)).median
            let theirPeak = theirs.map(\.1).max() ?? 0
            lines.append(
                "  newsboat -x reload, reload-threads 10: \(Format.milliseconds(theirTime)) ms median ("
                    + theirs.map { Format.milliseconds($0.0) }.joined(separator: ", ") + "), peak RSS \(ByteCount.describe(theirPeak)); "
                    + "ours/newsboat \(Format.ratio(oursTime / theirTime)) in time, \(Format.ratio(Double(oursPeak) / Double(max(1, theirPeak)))) in memory")
            let defaults = try newsboat(urlsFile, threads: nil)
            lines.append("  newsboat at its default reload-threads: \(Format.milliseconds(defaults.0)) ms, peak RSS \(ByteCount.describe(defaults.1))")
            met = met && oursPeak <= theirPeak
        } else {
            lines.append("  newsboat is not installed (apt-get install newsboat): no comparison in this run")
        }
        lines.append("  goal: ≤ 2 s, peak memory ≤ newsboat's: " + (met ? "PASS" : "MISS"))
        return BenchmarkOutcome(summary: lines.joined(separator: "\n"), goalMet: met)
    }

    /// One reload in a child process (`reload-probe URLS-FILE`): its time and peak RSS.
    private static func probe(_ urlsFile: URL) async throws -> (Duration, Int) {
        let result = try await ProcessRunner(CommandLine.arguments[0], ["reload-probe", urlsFile.path]).run(timeout: .seconds(120))
        let fields = result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        guard result.status == 0, fields.count == 2, let ms = Double(fields[0]), let peak = Int(fields[1]) else {
            throw BenchmarkFailure("the reload probe failed (\(result.status)): \(result.stdoutText) \(result.stderrText)")
        }
        return (Duration.fractionalSeconds(ms / 1000), peak)
    }

    /// The child's side: a fresh cache, the library of the app, every source refreshed at once,
    /// until each has its count. Prints "MILLISECONDS PEAK-BYTES".
    @MainActor
    static func probeMain(_ urlsPath: String) async -> Never {
        do {
            let urls = try String(contentsOfFile: urlsPath, encoding: .utf8).split(separator: "\n").compactMap { URL(string: String($0)) }
            let folder = try TemporaryFolder("bench-reload-cache")
            let store = try await ArticleStore.open(at: folder.file("cache.db"))
            let service = NewsService()
            let entries = urls.map { Library.Entry(source: DocumentSource(service: service, location: $0)) }
            let library = Library(
                entries: entries, store: store, loader: SourceLoader(store: store, limits: ConnectionLimits(maxConnections: 8, maxPerHost: 2)))
            let scope = TaskScope()
            let started = ContinuousClock.now
            library.refreshAll(in: scope)
            let done = await eventually(timeout: .seconds(60), interval: .milliseconds(2)) {
                library.keys.allSatisfy { library.phase(of: $0) == .idle && library.summaries[$0]?.articleCount == items }
            }
            let elapsed = ContinuousClock.now - started
            guard done else { throw BenchmarkFailure("not every source had its count within 60 s: \(library.phases)") }
            report("\(Format.milliseconds(elapsed)) \(ResidentMemory.peak() ?? -1)")
            scope.close()
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("reload-probe: \(error)\n".utf8))
            exit(1)
        }
    }

    /// `newsboat -x reload` of the same feeds with a fresh cache, timed from Python, which also
    /// reads its peak RSS.
    private static func newsboat(_ urlsFile: URL, threads: Int?) throws -> (Duration, Int) {
        let folder = try TemporaryFolder("bench-newsboat")
        let config = folder.file("config")
        try (threads.map { "reload-threads \($0)\n" } ?? "").write(to: config, atomically: true, encoding: .utf8)
        let script = """
            import resource, subprocess, sys, time
            start = time.perf_counter()
            subprocess.run(["newsboat", "-x", "reload", "-u", sys.argv[1], "-c", sys.argv[2], "-C", sys.argv[3]],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={"HOME": sys.argv[4], "PATH": "/usr/bin:/bin"})
            print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
            """
        let output = try ExternalCommand.output("python3", ["-c", script, urlsFile.path, folder.file("cache.db").path, config.path, folder.path])
        let fields = output.split(separator: " ")
        guard fields.count == 2, let seconds = Double(fields[0]), let peak = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchmarkFailure("unexpected output from the newsboat timing: \(output)")
        }
        return (Duration.fractionalSeconds(seconds), peak)
    }
}

/// A small RSS feed: `items` items of about 290 bytes each (a title, a link, a GUID, a date).
enum SmallFeedGenerator {
    static func feed(_ number: Int, items: Int) -> String {
        var out =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel><title>Feed \(number)</title>"
            + "<link>https://site\(number).example/</link><description>Benchmark feed \(number)</description>\n"
        out.reserveCapacity(items * 300)
        for item in 0..<items {
            let minute = item % 60
            let hour = (item / 60) % 24
            out +=
                "<item><title>Feed \(number) reports item \(item): a headline of typical length here</title>"
                + "<link>https://site\(number).example/news/2026/11/item-\(item)</link><guid>feed-\(number)-item-\(item)</guid>"
                + "<pubDate>Sun, 29 Nov 2026 \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute):00 GMT</pubDate>"
                + "<description>Item \(item).</description></item>\n"
        }
        return out + "</channel></rss>\n"
    }
}
