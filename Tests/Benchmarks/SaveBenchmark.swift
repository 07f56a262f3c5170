import Foundation
import HeadlinesUI
import NewsCore
import TestSupport
import HeadlinesSession

/// Saving images: a 200 MB image through `Persistence` beside `curl -o` of the same file in
/// the same run (time and peak memory), and 20 images of 1 MB saved with the interface's `D`
/// path (`DownloadCenter.saveAll`) beside saving them one by one, the server answering each
/// after 100 ms; and a 500 MB enclosure downloaded with `e`'s path (see `SaveBenchmark+Enclosure`).
@MainActor
enum SaveBenchmark {
    static let bigSize = 200_000_000

    static func run(_ options: BenchmarkOptions) async throws -> BenchmarkOutcome {
        let server = try LoopbackServer()
        defer { server.stop() }
        let big = try ChildServer(.image, bytes: bigSize)
        defer { big.stop() }
        for index in 1...20 {
            server.route(
                "/small-\(index).png",
                ScriptedResponse(
                    headers: [("Content-Type", "image/png")], body: .generated(prefix: HeaderOnlyImage.pngSignature, count: 1_000_000),
                    delayBeforeHeaders: .milliseconds(100)))
        }
        let rounds = options.rounds ?? 3
        let image = try await besideCurl(options, rounds: rounds, url: big.url("big.png")) { try await saveBig(big.url("big.png")) }
        var lines = [
            "save 200 MB image: \(ms(image.oursMedian)) (median of \(rounds)), peak RSS growth \(ByteCount.describe(image.worstGrowth))"
        ]
        var goals: [Bool] = [image.worstGrowth <= 16 * 1024 * 1024]
        if !image.curl.isEmpty {
            // A save is on disk when it says "saved" (fsync, then the name); curl -o only hands
            // the bytes to the page cache. The goal compares like with like: curl, then fsync.
            let ratio = image.oursMedian / image.curlSynced
            lines.append("  " + image.curlLine)
            lines.append(
                "  " + image.ratioLine + "; goal ≤ 1.5x of curl + fsync with flat memory (≤ 16 MiB growth): "
                    + (ratio <= 1.5 && goals[0] ? "PASS" : "MISS"))
            goals.append(ratio <= 1.5)
        }
        let enclosure = try await enclosureLines(options, rounds: rounds)
        lines += enclosure.lines
        goals.append(enclosure.goalMet)
        let (parallel, serial) = try await batch(server)
        let speedup = serial / parallel
        lines.append(
            "20 × 1 MB images, 100 ms server delay: D (parallel) \(ms(parallel)), one by one \(ms(serial)), "
                + "speed-up \(String(format: "%.1f", speedup))x; goal ≥ 3x: " + (speedup >= 3 ? "PASS" : "MISS"))
        goals.append(speedup >= 3)
        return BenchmarkOutcome(summary: lines.joined(separator: "\n"), goalMet: goals.allSatisfy { $0 })
    }

    /// A 30 MB image saved while the peak resident memory is watched: it may grow by 16 MiB at most.
    static func memory(_ options: BenchmarkOptions) async throws -> BenchmarkOutcome {
        let server = try ChildServer(.image, bytes: 30_000_000)
        defer { server.stop() }
        let (time, growth) = try await saveBig(server.url("big.png"), size: 30_000_000)
        let met = growth <= 16 * 1024 * 1024
        return BenchmarkOutcome(
            summary: "save 30 MB image: \(ms(time)), peak RSS growth \(ByteCount.describe(growth)) (goal ≤ 16 MiB): " + (met ? "PASS" : "MISS"),
            goalMet: met)
    }

    /// Saves the big image once; returns the time and how much the peak RSS grew.
    private static func saveBig(_ url: URL, size: Int = bigSize) async throws -> (Duration, Int) {
        let folder = try TemporaryFolder("bench-save")
        let persistence = Persistence(folder: folder.url, sizeLimit: 500_000_000)
        // One small save first: the one-time costs (libcurl, the session's threads) belong to
        // the program's start, not to this save; in the app the article list paid them.
        _ = try await persistence.save(SaveRequest(imageURL: url.deletingLastPathComponent().appendingPathComponent("warm.png"), title: "Warm-up"))
        ResidentMemory.releaseFreeMemory()
        // Without a reset, the peak would be the process's whole life, not this save's.
        guard ResidentMemory.resetPeak() else { throw BenchmarkFailure("the peak memory cannot be reset (/proc/self/clear_refs)") }
        let before = ResidentMemory.current() ?? 0
        let start = ContinuousClock.now
        let saved = try await persistence.save(SaveRequest(imageURL: url, title: "Big picture"))
        let time = ContinuousClock.now - start
        let after = ResidentMemory.peak() ?? 0
        guard saved.byteCount == size else { throw BenchmarkFailure("saved \(saved.byteCount) bytes, not \(size)") }
        return (time, max(0, after - before))
    }

    /// `curl -o` of the same URL, timed from Python, which also reads curl's peak RSS; then the
    /// fsync of the file that a save does before it names the file as saved (curl does none).
    static func curl(_ url: URL) throws -> CurlRun {
        let folder = try TemporaryFolder("bench-curl")
        let script = """
            import os, resource, subprocess, sys, time
            start = time.perf_counter()
            subprocess.run(["curl", "-s", "-o", sys.argv[2], sys.argv[1]], check=True)
            fetched = time.perf_counter()
            fd = os.open(sys.argv[2], os.O_RDONLY)
            os.fsync(fd)
            os.close(fd)
            print(fetched - start, time.perf_counter() - fetched, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
            """
        let output = try ExternalCommand.output("python3", ["-c", script, url.absoluteString, folder.file("big.png").path])
        let fields = output.split(separator: " ")
        guard fields.count == 3, let seconds = Double(fields[0]), let syncSeconds = Double(fields[1]),
            let peak = Int(fields[2].trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            throw BenchmarkFailure("unexpected output from the curl timing: \(output)")
        }
        return CurlRun(fetch: .fractionalSeconds(seconds), sync: .fractionalSeconds(syncSeconds), peak: peak)
    }

    /// Timed rounds of one of our saves (its time and peak RSS growth), each followed by `curl -o`
    /// of the same URL unless `--swift-only`.
    static func besideCurl(
        _ options: BenchmarkOptions, rounds: Int, url: URL, ours save: () async throws -> (Duration, Int)
    ) async throws -> BesideCurl {
        var result = BesideCurl()
        for _ in 0..<rounds {
            let (time, grew) = try await save()
            result.ours.append(time)
            result.growth.append(grew)
            if !options.swiftOnly { result.curl.append(try curl(url)) }
        }
        return result
    }

    struct BesideCurl {
        var ours: [Duration] = []
        var growth: [Int] = []
        var curl: [CurlRun] = []

        var oursMedian: Duration { SaveBenchmark.median(ours) }
        var worstGrowth: Int { growth.max() ?? 0 }
        var curlFetch: Duration { SaveBenchmark.median(curl.map(\.fetch)) }
        var curlSynced: Duration { SaveBenchmark.median(curl.map { $0.fetch + $0.sync }) }
        var curlLine: String {
            "curl -o same file: \(SaveBenchmark.ms(curlFetch)), then fsync: \(SaveBenchmark.ms(curlSynced)), "
                + "curl peak RSS \(ByteCount.describe(curl.map(\.peak).max() ?? 0))"
        }
        var ratioLine: String {
            "ratio ours/(curl + fsync): \(String(format: "%.2f", oursMedian / curlSynced))x, ours/curl alone: "
                + "\(String(format: "%.2f", oursMedian / curlFetch))x"
        }
    }

    struct CurlRun {
        var fetch: Duration
        var sync: Duration
        var peak: Int
    }

    /// The 20 images with `D` (DownloadCenter, bounded parallel), then one by one.
    private static func batch(_ server: LoopbackServer) async throws -> (parallel: Duration, serial: Duration) {
        let articles = (1...20).map { index in
            Article(
                sourceName: "Bench", title: "Picture \(index)", url: URL(string: "https://example.com/\(index)")!,
                imageURL: server.url("/small-\(index).png"))
        }
        let parallelFolder = try TemporaryFolder("bench-batch")
        let downloads = DownloadCenter(persistence: Persistence(folder: parallelFolder.url))
        let start = ContinuousClock.now
        downloads.saveAll(articles.map { ($0, nil) })
        guard await eventually(timeout: .seconds(60), interval: .milliseconds(1), { downloads.activeCount == 0 }) else {
            throw BenchmarkFailure("the batch did not finish")
        }
        let parallel = ContinuousClock.now - start
        guard downloads.savedCount == 20 else { throw BenchmarkFailure("only \(downloads.savedCount) of 20 saved") }

        let serialFolder = try TemporaryFolder("bench-serial")
        let persistence = Persistence(folder: serialFolder.url)
        let serialStart = ContinuousClock.now
        for article in articles {
            guard let url = article.imageURL else { continue }
            _ = try await persistence.save(SaveRequest(imageURL: url, title: article.title))
        }
        return (parallel, ContinuousClock.now - serialStart)
    }

    nonisolated static func ms(_ duration: Duration) -> String { Format.milliseconds(duration) + " ms" }

    nonisolated static func median(_ values: [Duration]) -> Duration {
        values.sorted()[values.count / 2]
    }
}
