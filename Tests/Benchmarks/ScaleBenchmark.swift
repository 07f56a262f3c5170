import Foundation
import NewsCore
import TestSupport

/// Issue 57's `scale` benchmark, its first figures: `headlines --refresh` (the release binary
/// beside the benchmark) of 1,000 and then 5,000 feeds of 100 items into an empty cache, over 10
/// loopback hosts (127.0.0.1 to 127.0.0.10, as many feeds on each, so the per-host limit applies
/// as on the internet), every request answered after 20 ms; beside newsboat's `-x reload` of the
/// same feeds with `reload-threads 10`, from the same run; then `headlines --print` of them. Goals: every article stored within
/// 1.5x of what the connection limits allow at best (feeds / 8 connections × 20 ms: 2.5 s for
/// 1,000), in at most 48 MiB. It counts the requests each host answered: politeness is part of
/// the goal (each feed asked once). `--rounds` (default 1) runs each size again; `--swift-only`
/// leaves newsboat out (it takes minutes at 5,000 feeds).
enum ScaleBenchmark {
    static let sizes = [1_000, 5_000]
    static let hosts = 10
    static let items = 100
    static let delay = Duration.milliseconds(20)
    /// Headlines' default `max-connections`.
    static let connections = 8
    static let peakGoal = 48 * 1_024 * 1_024
    static let timeGoalFactor = 1.5

    @MainActor
    static func run(_ options: BenchmarkOptions) async throws -> BenchmarkOutcome {
        let binary = try RefreshBenchmark.binary()
        let rounds = options.rounds ?? 1
        let newsboat = options.swiftOnly ? nil : ExternalCommand.find("newsboat")
        var lines: [String] = []
        var met = true
        for feeds in sizes {
            let network = try LoopbackFeedHosts(feeds: feeds, hosts: hosts, items: items, delay: delay, conditional: true)
            defer { network.stop() }
            let folder = try TemporaryFolder("bench-scale")
            defer { folder.remove() }
            var ours: [RefreshBenchmark.Run] = []
            for round in 0..<rounds { ours.append(try RefreshBenchmark.headlines(binary, network.urls, in: folder, round: round)) }
            let asked = network.servers.map { $0.requests.count }  // before --print asks again
            let time = Samples(ours.map(\.time)).median
            let peak = ours.map(\.peak).max() ?? 0
            let best = delay * (Double(feeds) / Double(connections))
            let timeMet = time <= best * timeGoalFactor
            let peakMet = peak <= peakGoal
            let stored = ours.map(\.stored).min() ?? 0
            met = met && timeMet && peakMet && stored == feeds * items
            var line = "\(feeds.formatted()) feeds × \(items) items over \(hosts) hosts, \(Format.milliseconds(delay, decimals: 0)) ms a request, "
            line += "empty cache: headlines --refresh \(Format.milliseconds(time)) ms median of \(rounds) "
            line += "(\(ours.map { Format.milliseconds($0.time) }.joined(separator: ", "))), peak RSS \(ByteCount.describe(peak)), "
            line += "\(stored.formatted()) of \(feeds * items) articles stored"
            lines.append(line)
            lines.append(
                "  goals: ≤ \(Format.milliseconds(best * timeGoalFactor, decimals: 0)) ms (1.5x the \(Format.milliseconds(best, decimals: 0)) ms "
                    + "\(connections) connections allow at best) " + (timeMet ? "PASS" : "MISS") + "; ≤ \(ByteCount.describe(peakGoal)) "
                    + (peakMet ? "PASS" : "MISS"))
            lines.append(
                "  requests a host, \(rounds) run\(rounds == 1 ? "" : "s"): " + asked.map(String.init).joined(separator: ", ")
                    + " (each feed asked \(asked.allSatisfy { $0 == rounds * feeds / hosts } ? "once a run" : "more than once a run: CHECK"))")
            // Again, with the cache full: every feed answers 304 Not Modified to the ETag it sent.
            let before = network.servers.map { $0.requests.count }.reduce(0, +)
            let again = try RefreshBenchmark.headlinesAgain(binary, network.urls, in: folder, round: 0)
            let askedAgain = network.servers.map { $0.requests.count }.reduce(0, +) - before
            // The issue asks 3 s for 5,000 304s; at 20 ms a request, 8 connections cannot answer
            // 5,000 in less than 12.5 s, so the goal is the same 1.5x of that floor, or 3 s where more.
            let againGoal = max(.seconds(3), best * timeGoalFactor)
            let againMet = again.time <= againGoal && again.stored == feeds * items && askedAgain == feeds
            met = met && againMet
            lines.append(
                "  again, every feed 304 Not Modified: \(Format.milliseconds(again.time)) ms, peak RSS \(ByteCount.describe(again.peak)), "
                    + "\(askedAgain.formatted()) requests, \(again.stored.formatted()) articles kept; goal ≤ \(Format.milliseconds(againGoal, decimals: 0)) ms "
                    + (againMet ? "PASS" : "MISS"))
            // --print of the same feeds: every article printed, in order, within the same memory goal.
            var prints: [RefreshBenchmark.Run] = []
            for round in 0..<rounds { prints.append(try RefreshBenchmark.headlinesPrint(binary, network.urls, in: folder, round: round)) }
            let printTime = Samples(prints.map(\.time)).median
            let printPeak = prints.map(\.peak).max() ?? 0
            let printed = prints.map(\.stored).min() ?? 0
            let printMet = printPeak <= peakGoal && printed == feeds * items
            met = met && printMet
            lines.append(
                "  headlines --print: \(Format.milliseconds(printTime)) ms median, peak RSS \(ByteCount.describe(printPeak)), "
                    + "\(printed.formatted()) of \(feeds * items) articles printed; goal ≤ \(ByteCount.describe(peakGoal)) "
                    + (printMet ? "PASS" : "MISS"))
            if let newsboat {
                let urlsFile = folder.file("urls")
                try network.urls.map(\.absoluteString).joined(separator: "\n").write(to: urlsFile, atomically: true, encoding: .utf8)
                var theirs: [RefreshBenchmark.Run] = []
                for round in 0..<rounds {
                    theirs.append(try RefreshBenchmark.newsboatReload(newsboat, urlsFile, in: folder, round: round, threads: 10))
                }
                let theirTime = Samples(theirs.map(\.time)).median
                let theirPeak = theirs.map(\.peak).max() ?? 0
                lines.append(
                    "  newsboat -x reload, reload-threads 10: \(Format.milliseconds(theirTime)) ms median, peak RSS \(ByteCount.describe(theirPeak)), "
                        + "\((theirs.map(\.stored).min() ?? 0).formatted()) articles stored; headlines/newsboat \(Format.ratio(time / theirTime)) in time, "
                        + "\(Format.ratio(Double(peak) / Double(max(1, theirPeak)))) in memory")
            } else {
                lines.append(
                    options.swiftOnly
                        ? "  newsboat: not run (--swift-only)" : "  newsboat is not installed (apt-get install newsboat): no comparison in this run")
            }
        }
        return BenchmarkOutcome(summary: lines.joined(separator: "\n"), goalMet: met)
    }
}
