import Foundation
@testable import NewsCore
import Testing
import TestSupport

/// Two instances on one file: WAL lets both read and take turns writing; one that cannot get
/// the lock works read-only and says so.
@Suite struct StoreConcurrencyTests {
    let sandbox: StoreSandbox

    init() throws { sandbox = try StoreSandbox() }

    static func edition(_ source: String, round: Int, count: Int) -> Edition {
        Edition(
            articles: (0..<count).map { index in
                StoreFixtures.article(
                    index, guid: "\(source)-\(round)-\(index)", title: "\(source) \(round).\(index)",
                    url: "https://example.com/\(source)/\(round)/\(index)")
            })
    }

    @Test func twoStoresInOneProcessWriteInTurn() async throws {
        let first = try await sandbox.open(busyTimeout: .seconds(20))
        let second = try await sandbox.open(busyTimeout: .seconds(20))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (name, store) in [("one", first), ("two", second)] {
                group.addTask {
                    for round in 0..<20 {
                        try await store.merge(Self.edition(name, round: round, count: 25), into: SourceKey(name))
                        _ = try await store.count(.all)
                    }
                }
            }
            try await group.waitForAll()
        }
        for store in [first, second] {
            #expect(try await store.count(.source(SourceKey("one"))) == 500)
            #expect(try await store.count(.source(SourceKey("two"))) == 500)
            #expect(await store.access == .readWrite)
        }
        #expect(try sandbox.rawConnection().text("PRAGMA integrity_check") == "ok")
    }

    /// The child process merges into its source while this one merges into another.
    @Test func twoProcessesWriteInTurn() async throws {
        let store = try await sandbox.open(busyTimeout: .seconds(20))
        try await store.merge(Self.edition("parent", round: 0, count: 1), into: SourceKey("parent"))
        async let child = ProcessRunner(
            StoreTestChildBinary.path, ["merge-rounds", sandbox.file.path, "child", "30", "20"]
        ).run(timeout: .seconds(120))
        for round in 1...30 {
            try await store.merge(Self.edition("parent", round: round, count: 20), into: SourceKey("parent"))
        }
        let result = try await child
        #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "done 30\n")
        #expect(try await store.count(.source(SourceKey("child"))) == 600)
        #expect(try await store.count(.source(SourceKey("parent"))) == 601)
        #expect(try sandbox.rawConnection().text("PRAGMA integrity_check") == "ok")
    }

    /// Another instance holds the write lock past the busy timeout: the write fails with a
    /// sentence, `access` turns read-only, reads go on; once the lock is free, writes work again.
    @Test func aWriterThatCannotGetTheLockWorksReadOnly() async throws {
        let store = try await sandbox.open(busyTimeout: .milliseconds(50))
        try await store.merge(StoreFixtures.edition(1...3), into: StoreFixtures.feed)
        try await store.indexForSearch()
        let article = try #require(try await store.all(.all).first)

        let other = try sandbox.rawConnection()
        try other.execute("PRAGMA busy_timeout = 0; BEGIN IMMEDIATE; UPDATE source SET title = 'held'")

        await #expect(throws: StoreError.busy) { try await store.markRead([article.id]) }
        await #expect(throws: StoreError.busy) { try await store.merge(StoreFixtures.edition(4...5), into: StoreFixtures.feed) }
        guard case .readOnly(let reason) = await store.access else {
            Issue.record("expected read-only access")
            return
        }
        #expect(reason.contains("another Headlines"))
        #expect(try await store.titles() == ["Article 3", "Article 2", "Article 1"], "reads work, nothing half-written")
        #expect(try await store.search("article").count == 3, "search works on what is indexed")

        try other.execute("ROLLBACK")
        #expect(try await store.markRead([article.id]) == 1)
        #expect(await store.access == .readWrite)
    }
}
