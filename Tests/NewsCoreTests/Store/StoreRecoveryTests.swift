import Foundation
@testable import NewsCore
import Testing
import TestSupport

/// Something other than a usable cache at the cache's path.
enum UnusableFile: String, CaseIterable, Sendable {
    case randomBytes = "random bytes"
    case text = "a text file"
    case foreignDatabase = "another program's SQLite database"
    case garbledSchemaPage = "a cache whose first page was overwritten"

    func write(to file: URL) throws {
        var generator = SplitMix64(seed: 0x5EED)
        switch self {
        case .randomBytes:
            try Data((0..<8_192).map { _ in UInt8(truncatingIfNeeded: generator.next()) }).write(to: file)
            // A stale WAL beside it must not spoil the new cache (SQLite drops one it cannot use).
            try Data("garbage".utf8).write(to: URL(fileURLWithPath: file.path + "-wal"))
        case .text:
            try Data("[source \"News\"]\nurl = https://example.com/feed\n".utf8).write(to: file)
        case .foreignDatabase:
            let db = try SQLiteConnection(path: file.path)
            try db.execute("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada')")
        case .garbledSchemaPage:
            do {
                let db = try SQLiteConnection(path: file.path)
                try db.execute(Schema.version1.sql + "PRAGMA user_version = 1;")
            }
            var bytes = try Data(contentsOf: file)
            for index in 100..<min(4_096, bytes.count) { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
            try bytes.write(to: file)
        }
    }
}

/// A damaged or foreign file is moved aside with a one-line message, and a new cache made.
@Suite struct StoreRecoveryTests {
    let sandbox: StoreSandbox

    init() throws { sandbox = try StoreSandbox() }

    @Test(arguments: UnusableFile.allCases)
    func anUnusableFileIsMovedAside(_ kind: UnusableFile) async throws {
        try kind.write(to: sandbox.file)
        let original = try Data(contentsOf: sandbox.file)
        let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00:00 UTC

        let store = try await sandbox.open(now: now)

        let movedName = "cache.db.damaged-20260101-000000"
        #expect(try Data(contentsOf: sandbox.folder.file(movedName)) == original, "kept as it was, for a look")
        let notices = await store.notices
        #expect(notices.count == 1)
        let notice = try #require(notices.first)
        #expect(notice.contains(sandbox.folder.file(movedName).path) && notice.hasSuffix("."))
        #expect(Sanitizer.clean(notice) == notice, "one clean line")
        // And the new cache works.
        try await store.merge(StoreFixtures.edition(1...2), into: StoreFixtures.feed)
        #expect(try await store.titles() == ["Article 2", "Article 1"])
        #expect(await store.access == .readWrite)
    }

    /// Damage found in use (past what opening reads): that call says so, the file is moved
    /// aside, and the next call works on a new cache.
    @Test func damageFoundInUseIsReplacedAtOnce() async throws {
        do {
            let store = try await sandbox.open()
            try await store.merge(
                Edition(
                    articles: (1...200).map {
                        StoreFixtures.article($0, body: .text(String(repeating: "words of the body ", count: 100)))
                    }), into: StoreFixtures.feed)
        }  // closed: everything checkpointed into the file
        let store = try await sandbox.open()
        var bytes = try Data(contentsOf: sandbox.file)
        var generator = SplitMix64(seed: 7)
        for index in 8_192..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
        try bytes.write(to: sandbox.file)

        let error = await #expect(throws: StoreError.self) { _ = try await store.all(.all, pageSize: 1_000) }
        guard case .damaged(let movedTo)? = error else {
            Issue.record("expected damaged, got \(String(describing: error))")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == bytes)
        #expect(try await store.all(.all).isEmpty)
        try await store.merge(StoreFixtures.edition(1...1), into: StoreFixtures.feed)
        #expect(try await store.titles() == ["Article 1"])
    }

    @Test func aSecondDamagedFileInTheSameSecondGetsItsOwnName() async throws {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        for _ in 0..<2 {
            try UnusableFile.text.write(to: sandbox.file)
            _ = try await sandbox.open(now: now)
        }
        let names = sandbox.folder.names().filter { $0.contains("damaged") }
        #expect(names == ["cache.db.damaged-20260101-000000", "cache.db.damaged-20260101-000000-2"])
    }

    /// Zero bytes, no file, or an SQLite file with nothing in it are all simply new caches.
    @Test(arguments: ["missing", "zero bytes", "empty database"])
    func emptyIsNotDamaged(_ kind: String) async throws {
        switch kind {
        case "zero bytes": try Data().write(to: sandbox.file)
        case "empty database": try sandbox.rawConnection().execute("PRAGMA user_version = 0")
        default: break
        }
        let store = try await sandbox.open()
        #expect(await store.notices.isEmpty)
        #expect(sandbox.folder.names().filter { $0.contains("damaged") }.isEmpty)
        try await store.merge(StoreFixtures.edition(1...1), into: StoreFixtures.feed)
    }
}
