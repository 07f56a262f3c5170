import Foundation

/// The real feed servers the sync tests talk to, Tiny Tiny RSS and a Fever server (Coldsweat),
/// each started from nothing the first time a test asks for it and then shared by every suite
/// of the test process (`swift test --no-parallel` runs all suites in one process), so a test
/// run pays each start once (TT-RSS: a few seconds; Coldsweat: a second or two, plus a pip
/// install the first time on a machine).
///
/// A server is shared, its state is not: each test asks for an account of its own
/// (`tinyTinyRSSAccount()`, `feverAccount()`: a user subscribed to the same feeds, fetched
/// once, about 2 s), so its marks and counts are its own whatever other tests ran before, in
/// whichever order or subset. Only the feeds themselves are common, and no test changes them.
///
/// The servers live in a `SyncServerRunFolder` (a fresh folder under /tmp the servers' users can
/// reach), stopped and removed when the test process ends.
public actor SyncServerFixture {
    public static let shared = SyncServerFixture()

    private var run: Task<SyncServerRunFolder, any Error>?
    private var feeds: Task<SyncTestFeeds, any Error>?
    private var tinyTinyRSS: Task<TinyTinyRSSServer, any Error>?
    private var fever: Task<FeverServer, any Error>?
    private var accounts = 0

    /// The TT-RSS server with its first account (`admin`), started on the first call. A start
    /// that failed fails every call the same way (it is not retried: each try would cost the run
    /// its time again).
    public func tinyTinyRSSServer() async throws -> TinyTinyRSSServer {
        if tinyTinyRSS == nil {
            tinyTinyRSS = Task {
                let folder = try await runFolder()
                let feeds = try await testFeeds()
                return try await TinyTinyRSSServer.start(in: folder.url.appendingPathComponent("ttrss"), feeds: feeds)
            }
        }
        return try await tinyTinyRSS!.value
    }

    /// A new account on the TT-RSS server, for one test: its own user, subscribed to the test
    /// feeds under their categories and fetched, with nothing read or starred.
    public func tinyTinyRSSAccount() async throws -> TinyTinyRSSServer {
        let server = try await tinyTinyRSSServer()
        return try await server.account("t\(nextAccount())")
    }

    /// The Fever server (Coldsweat) with its first account, started on the first call; a failed
    /// start is not retried.
    public func feverServer() async throws -> FeverServer {
        if fever == nil {
            fever = Task {
                let folder = try await runFolder()
                let feeds = try await testFeeds()
                return try await FeverServer.start(in: folder.url.appendingPathComponent("coldsweat"), feeds: feeds)
            }
        }
        return try await fever!.value
    }

    /// A new account on the Fever server, for one test (as `tinyTinyRSSAccount`).
    public func feverAccount() async throws -> FeverServer {
        let server = try await feverServer()
        return try await server.account("t\(nextAccount())@example.com")
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

    private func nextAccount() -> Int {
        accounts += 1
        return accounts
    }

    private func runFolder() async throws -> SyncServerRunFolder {
        if run == nil {
            run = Task { try SyncServerRunFolder() }
        }
        return try await run!.value
    }
}
