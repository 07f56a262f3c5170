import Foundation

/// The real feed servers the sync tests talk to, Tiny Tiny RSS and a Fever server (Coldsweat),
/// each started from nothing the first time a test asks for it and then shared by every suite
/// of the test process (`swift test --no-parallel` runs all suites in one process), so a test
/// run pays each start once (TT-RSS: a few seconds; Coldsweat: a second or two, plus a pip
/// install the first time on a machine).
///
/// Shared means shared state: a test changes only the articles it picked for itself (by feed
/// or by id), or puts back what it changed, and never counts on totals another test may move.
///
/// The servers live in `.build/sync-servers/run-PID`. They run in sessions of their own, so
/// the first call also starts `stop-when-tests-end.sh`, whose standard input is a pipe only
/// this process holds: when this process ends, however it ends, the pipe closes and that
/// script stops the servers and removes the folder.
public actor SyncServerFixture {
    public static let shared = SyncServerFixture()

    private var run: Task<RunFolder, any Error>?
    private var feeds: Task<SyncTestFeeds, any Error>?
    private var tinyTinyRSS: Task<TinyTinyRSSServer, any Error>?
    private var fever: Task<FeverServer, any Error>?

    /// The TT-RSS server, started on the first call. A start that failed fails every call the
    /// same way (it is not retried: each try would cost the run its time again).
    public func tinyTinyRSSServer() async throws -> TinyTinyRSSServer {
        if tinyTinyRSS == nil {
            tinyTinyRSS = Task {
                let (folder, feeds) = try await (runFolder(), testFeeds())
                return try await TinyTinyRSSServer.start(in: folder.url.appendingPathComponent("ttrss"), feeds: feeds)
            }
        }
        return try await tinyTinyRSS!.value
    }

    /// The Fever server (Coldsweat), started on the first call; a failed start is not retried.
    public func feverServer() async throws -> FeverServer {
        if fever == nil {
            fever = Task {
                let (folder, feeds) = try await (runFolder(), testFeeds())
                return try await FeverServer.start(in: folder.url.appendingPathComponent("coldsweat"), feeds: feeds)
            }
        }
        return try await fever!.value
    }

    /// The feeds both servers subscribe to, served on loopback from the first call on.
    public func testFeeds() async throws -> SyncTestFeeds {
        if feeds == nil {
            feeds = Task {
                let folder = try await runFolder()
                return try await SyncTestFeeds.start(in: folder.url.appendingPathComponent("feeds"))
            }
        }
        return try await feeds!.value
    }

    private func runFolder() async throws -> RunFolder {
        if run == nil {
            run = Task { try RunFolder() }
        }
        return try await run!.value
    }
}

/// This process's folder for server data, with the guard that empties it when the process ends.
private final class RunFolder: @unchecked Sendable {
    let url: URL
    /// Never ended from here: the pipe to its standard input must close only with this process.
    /// (Set once in init and never touched again, hence unchecked Sendable.)
    private let guardProcess: RunningProcess

    init() throws {
        let pid = ProcessInfo.processInfo.processIdentifier
        url = SyncServerScripts.stateFolder.appendingPathComponent("run-\(pid)", isDirectory: true)
        // The servers run as postgres and www-data when the tests run as root: they must be able to
        // walk down to their folders (the scripts open the last step themselves).
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755]
        )
        let script = SyncServerScripts.folder.appendingPathComponent("stop-when-tests-end.sh").path
        guardProcess = try ProcessRunner(script, [url.path]).start()
    }
}
