import Foundation
@testable import NewsCore
import Testing

/// Each source's counts are kept by triggers (`source_count`, schema 15), so the Sources screen
/// reads a row a source: after every kind of write, by the store or by hand, they equal a count
/// of the rows, and an older cache gets them at its upgrade.
@Suite struct StoreSourceCountTests {
    let sandbox: StoreSandbox
    let other = SourceKey("other")

    init() throws { sandbox = try StoreSandbox() }

    /// The kept counts against the rows counted, "source:total:unread" each.
    func counts() throws -> (kept: [String], counted: [String]) {
        let db = try sandbox.rawConnection()
        let kept = try db.rows("SELECT source_id, total, unread FROM source_count WHERE total <> 0 OR unread <> 0 ORDER BY source_id", []) {
            "\($0.int64(0)):\($0.int(1)):\($0.int(2))"
        }
        let counted = try db.rows(
            "SELECT source_id, count(*), count(*) FILTER (WHERE read = 0) FROM article GROUP BY source_id ORDER BY source_id", []
        ) { "\($0.int64(0)):\($0.int(1)):\($0.int(2))" }
        return (kept, counted)
    }

    @Test func theCountsFollowEveryWrite() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...5), into: StoreFixtures.feed)
        try await store.merge(StoreFixtures.edition(1...3), into: other)
        var now = try counts()
        #expect(now.kept == now.counted && now.kept.count == 2, "after merges: \(now)")

        let ids = try await store.all(.source(StoreFixtures.feed)).map(\.id)
        _ = try await store.markRead(ids.prefix(2))
        now = try counts()
        #expect(now.kept == now.counted, "after marks: \(now)")
        _ = try await store.markRead(ids, read: false)
        now = try counts()
        #expect(now.kept == now.counted, "after unmarking: \(now)")

        let db = try sandbox.rawConnection()
        try db.execute("UPDATE article SET read = 1 WHERE id % 2 = 0")
        try db.execute("DELETE FROM article WHERE id = \(ids[0].rawValue)")
        now = try counts()
        #expect(now.kept == now.counted, "after writes by hand: \(now)")

        let pruned = try await store.prune(keepDays: 1, configured: [StoreFixtures.feed], now: StoreFixtures.epoch.addingTimeInterval(30 * 86_400))
        now = try counts()
        #expect(now.kept == now.counted, "after a prune (\(pruned)): \(now)")

        let summaries = try await store.sources().filter { $0.key == StoreFixtures.feed }
        let unread = try await store.count(.source(StoreFixtures.feed), unreadOnly: true)
        let rows = try await store.count(.source(StoreFixtures.feed))
        #expect(summaries.first?.articleCount == rows && summaries.first?.unreadCount == unread, "\(summaries)")
    }

    @Test func anOlderCacheGetsItsCountsAtTheUpgrade() async throws {
        do {
            let store = try await sandbox.open()
            try await store.merge(StoreFixtures.edition(1...4), into: StoreFixtures.feed)
            _ = try await store.markRead(try await store.all(.source(StoreFixtures.feed)).map(\.id).prefix(1))
        }
        let db = try sandbox.rawConnection()
        try db.execute(
            "DROP TRIGGER article_counted; DROP TRIGGER article_uncounted; DROP TRIGGER article_recounted; DROP TABLE source_count; PRAGMA user_version = 14"
        )
        _ = try await sandbox.open()
        let now = try counts()
        #expect(now.kept == now.counted && now.kept.first?.hasSuffix(":4:3") == true, "\(now)")
    }
}
