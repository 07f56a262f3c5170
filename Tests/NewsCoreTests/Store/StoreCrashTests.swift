import Foundation
@_spi(StoreTesting) @testable import NewsCore
import Testing
import TestSupport

/// A transaction happens whole or not at all: a process killed in the middle of a merge, or
/// a disk that fills up, leaves the store as it was before.
@Suite struct StoreCrashTests {
    let sandbox: StoreSandbox
    let feed = StoreFixtures.feed

    init() throws { sandbox = try StoreSandbox() }

    /// Ten articles, the newest read, the oldest starred.
    func seed(_ store: ArticleStore) async throws {
        try await store.merge(StoreFixtures.edition(1...10), into: feed, validators: HTTPValidators(etag: "\"seed\""))
        let stored = try await store.all(.all)
        try await store.markRead([try #require(stored.first).id])
        try await store.setStarred(true, for: try #require(stored.last).id)
    }

    func expectSeedOnly(_ store: ArticleStore, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let stored = try await store.all(.all, pageSize: 1_000)
        #expect(stored.map(\.article.title) == (1...10).reversed().map { "Article \($0)" }, sourceLocation: sourceLocation)
        #expect(stored.map(\.isRead) == [true] + Array(repeating: false, count: 9), sourceLocation: sourceLocation)
        #expect(try await store.titles(.starred) == ["Article 1"], sourceLocation: sourceLocation)
        #expect(try await store.sources().map(\.key) == [feed], sourceLocation: sourceLocation)
        #expect(try await store.search("childword").isEmpty, sourceLocation: sourceLocation)
        #expect(try await store.search("filler").isEmpty, sourceLocation: sourceLocation)
        #expect(try await store.refreshState(of: feed)?.validators.etag == "\"seed\"", sourceLocation: sourceLocation)
        #expect(try sandbox.rawConnection().text("PRAGMA integrity_check") == "ok", sourceLocation: sourceLocation)
    }

    @Test func aKillDuringAMergeLeavesTheStoreAsItWas() async throws {
        do { try await seed(try await sandbox.open()) }
        let ready = sandbox.folder.file("child-ready")
        async let child = ProcessRunner(
            StoreTestChildBinary.path, ["hang-mid-merge", sandbox.file.path, ready.path, "2000"]
        ).run(timeout: .seconds(180))

        // The child writes its pid when half the merge is written, inside the transaction.
        var pid: pid_t?
        _ = await eventually(timeout: .seconds(120), interval: .milliseconds(20)) {
            pid = (try? String(contentsOf: ready, encoding: .utf8)).flatMap { pid_t($0) }  // not there yet: poll
            return pid != nil
        }
        let childPID = try #require(pid, "the child never got halfway through its merge")
        let walSize = try #require(FileManager.default.attributesOfItem(atPath: sandbox.file.path + "-wal")[.size] as? NSNumber)
        #expect(walSize.intValue > 100_000, "the transaction's pages had reached the disk (\(walSize) bytes of WAL)")

        #expect(kill(childPID, SIGKILL) == 0)
        let result = try await child
        #expect(result.uncaughtSignal == SIGKILL, "\(String(decoding: result.stderr, as: UTF8.self))")

        let store = try await sandbox.open()
        #expect(await store.notices.isEmpty)
        try await expectSeedOnly(store)
        try await store.merge(StoreFixtures.edition(11...12), into: feed)
        #expect(try await store.count(.all) == 12)
    }

    /// The database may not grow past its current size (`PRAGMA max_page_count`): a big merge
    /// fails as a full disk would, rolled back whole; small changes in place still work.
    @Test func aFullDiskLeavesTheStoreAsItWas() async throws {
        let store = try await sandbox.open()
        try await seed(store)
        try await store.executeForTesting("PRAGMA max_page_count = 1")  // clamped to the current size

        let big = Edition(
            articles: (100..<600).map {
                StoreFixtures.article($0, body: .text(String(repeating: "filler words ", count: 200)))
            })
        await #expect(throws: StoreError.diskFull) { try await store.merge(big, into: SourceKey("big")) }
        await #expect(throws: StoreError.diskFull) { try await store.merge(big, into: feed) }

        try await expectSeedOnly(store)
        #expect(await store.access == .readWrite, "a full disk is not a lock: writing is tried again")
        let second = try #require(try await store.all(.all).dropFirst().first)
        #expect(try await store.markRead([second.id]) == 1, "changes in place need no new pages")

        try await store.executeForTesting("PRAGMA max_page_count = 1000000")
        #expect(try await store.merge(big, into: feed).added.count == 500)
    }
}
