import Foundation
import TestSupport

/// The `sync` benchmark's servers, started from nothing by the scripts in Tests/SyncServers (the
/// ones the sync tests use): feeds made by `genfeeds.py` on loopback, and a Tiny Tiny RSS
/// subscribed to them and updated once. Their data lives in `run-PID` under the scripts' state
/// folder, guarded by `stop-when-tests-end.sh` as the tests' are, so a benchmark that dies still
/// leaves nothing running; `stop()` stops them as soon as the benchmark is done with them.
final class SyncBenchServers {
    /// PHP workers serving TT-RSS (`ttrss-up.sh`'s `TTRSS_PHP_WORKERS`): both clients get the same server.
    static let phpWorkers = 4
    let feeds: Int
    /// Items each feed serves now.
    private(set) var itemsPerFeed: Int
    /// TT-RSS's root, what a config names.
    let url: URL
    let user: String
    let password: String
    /// How long `ttrss-up.sh` took, its first update of every feed included.
    let startTime: Duration
    private let folder: SyncServerRunFolder
    private let feedsBase: String
    /// Every item added by `addItems` is this many hours newer than the feeds' first newest.
    private var hoursLater = 0

    private let feedsFolder: URL
    private let ttrssFolder: URL
    /// The feeds' URL file (`feeds-up.sh`'s), which FreshRSS subscribes to as well.
    let urlFile: String
    /// The run's folder, where FreshRSS keeps its data when it runs too.
    var runFolder: URL { folder.url }

    init(feeds: Int, itemsPerFeed: Int) async throws {
        self.feeds = feeds
        self.itemsPerFeed = itemsPerFeed
        folder = try SyncServerRunFolder()
        // The layout stop-when-tests-end.sh knows.
        feedsFolder = folder.url.appendingPathComponent("feeds")
        ttrssFolder = folder.url.appendingPathComponent("ttrss")

        let feedValues = try await SyncServerScripts.run(
            "feeds-up.sh", [String(try SyncServerScripts.freePort()), feedsFolder.path, String(feeds), String(itemsPerFeed)],
            timeout: .seconds(120))
        feedsBase = try SyncServerScripts.value("FEEDS_BASE", in: feedValues, from: "feeds-up.sh")
        let urlFile = try SyncServerScripts.value("FEEDS_URLS", in: feedValues, from: "feeds-up.sh")
        self.urlFile = urlFile

        let started = ContinuousClock.now
        let values = try await SyncServerScripts.run(
            "ttrss-up.sh", [String(try SyncServerScripts.freePort()), ttrssFolder.path, urlFile], timeout: .seconds(900),
            environment: ["TTRSS_PHP_WORKERS": String(Self.phpWorkers)])
        startTime = ContinuousClock.now - started
        guard let url = URL(string: try SyncServerScripts.value("TTRSS_URL", in: values, from: "ttrss-up.sh")) else {
            throw BenchmarkFailure("ttrss-up.sh printed no usable TTRSS_URL")
        }
        self.url = url
        user = try SyncServerScripts.value("TTRSS_LOGIN", in: values, from: "ttrss-up.sh")
        password = try SyncServerScripts.value("TTRSS_PASSWORD", in: values, from: "ttrss-up.sh")
    }

    /// Puts `perFeed` new items at the top of every feed (the others stay byte for byte as they
    /// were) and has TT-RSS fetch them (`ttrss-fetch.sh`); returns how long the fetch took.
    /// FreshRSS, when it runs, fetches them through its own `fetch()`.
    func addItems(perFeed: Int) async throws -> Duration {
        hoursLater += perFeed
        itemsPerFeed += perFeed
        let generator = SyncServerScripts.folder.appendingPathComponent("genfeeds.py").path
        let generated = try await ProcessRunner(
            "python3",
            [
                generator, feedsFolder.appendingPathComponent("feeds").path, feedsBase,
                "--feeds", String(feeds), "--items", String(itemsPerFeed), "--later", String(hoursLater),
            ]
        ).run(timeout: .seconds(120))
        guard generated.status == 0 else { throw BenchmarkFailure("genfeeds.py exited \(generated.status): \(generated.stderrText)") }
        let started = ContinuousClock.now
        _ = try await SyncServerScripts.run("ttrss-fetch.sh", [ttrssFolder.path], timeout: .seconds(900))
        return ContinuousClock.now - started
    }

    /// Stops both servers now, then the guard (which, ended by `RunningProcess`, may be killed
    /// before it has tidied up: what it would remove is removed here).
    func stop() {
        for (script, data) in [("ttrss-down.sh", ttrssFolder), ("feeds-down.sh", feedsFolder)] {
            _ = try? ProcessRunner(SyncServerScripts.folder.appendingPathComponent(script).path, [data.path])
                .runSynchronously(timeout: .seconds(60))  // a server that would not stop: the next run's guard stops it
        }
        folder.end()
    }
}
