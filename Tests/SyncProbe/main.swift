import CSystem
import FoundationEssentials
import Glibc
import NewsCore

// One sync with a feed server, as the app makes it, in a process that loads what the app
// loads: NewsCore and FoundationEssentials, not the benchmark's Foundation and test support
// (they add about 6 MiB of resident memory that `headlines` never has). `headlines-bench
// sync` runs it for each timed sync, so the peak memory it reports is the app's.
//
// usage: headlines-sync-probe URL USER CACHE-FOLDER [KIND] (the password in HEADLINES_BENCH_TTRSS_PASSWORD;
// KIND is a [server] kind, ttrss unless given: greader for FreshRSS's Google Reader API)
// prints: MILLISECONDS CPU-MILLISECONDS PEAK-RSS-BYTES NEW-ARTICLES CACHED-ARTICLES

/// VmHWM of /proc/self/status: the peak resident set size, in bytes.
func peakResidentBytes() -> Int {
    guard let status = try? Data(contentsOf: URL(fileURLWithPath: "/proc/self/status")) else { return -1 }  // printed as unknown
    for line in String(decoding: status, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kib = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        return (kib ?? -1) * 1024
    }
    return -1
}

func processCPUTime() -> Duration {
    var spec = timespec()
    guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec) == 0 else { return .zero }
    return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
}

func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
}

func fail(_ message: String) -> Never {
    let line = Array("headlines-sync-probe: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(1)
}

// The app's start-up (Sources/headlines/main.swift): one malloc arena, not one per thread that
// allocates (without it, the threads of a sync kept about 1.7 MiB more).
_ = sys_limit_malloc_arenas(1)
let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5, let serverURL = URL(string: arguments[1]) else {
    fail("usage: headlines-sync-probe URL USER CACHE-FOLDER [KIND]")
}
guard let kind = ServerConfig.Kind(rawValue: arguments.count == 5 ? arguments[4] : "ttrss") else { fail("no server kind \(arguments[4])") }
guard let password = ProcessInfo.processInfo.environment["HEADLINES_BENCH_TTRSS_PASSWORD"] else {
    fail("the password goes in HEADLINES_BENCH_TTRSS_PASSWORD")
}
do {
    let folder = URL(fileURLWithPath: arguments[3], isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = try await ArticleStore.open(at: folder.appendingPathComponent("cache.db"))
    let config = ServerConfig(name: "Bench", kind: kind, url: serverURL, user: arguments[2], password: .inline(password))
    let sync = ServerSync(config: config, store: store, http: HTTPClient(), environment: [:])
    let started = ContinuousClock.now
    let cpuBefore = processCPUTime()
    let report = try await sync.sync()
    let elapsed = ContinuousClock.now - started
    let cpu = processCPUTime() - cpuBefore
    let count = try await store.count(.all)
    print("\(milliseconds(elapsed)) \(milliseconds(cpu)) \(peakResidentBytes()) \(report.newArticles) \(count)")
} catch {
    fail("\(error)")
}
