import Foundation
@_spi(StoreTesting) @testable import NewsCore
import Testing
import TestSupport

/// A refresh fetched while another process holds the cache's write lock is not lost: the store
/// keeps it in memory, lists and counts show it among the stored rows, and it is written once
/// the lock frees.
@Suite struct StoreKeptMergeTests {
    let sandbox: StoreSandbox

    init() throws { sandbox = try StoreSandbox() }

    /// A process of its own holding the write lock (`StoreTestChild hold-lock`) until `end()`.
    func holdLock() throws -> RunningProcess {
        let holder = try ProcessRunner(StoreTestChildBinary.path, ["hold-lock", sandbox.file.path]).start()
        #expect(try holder.readLine() == "locked")
        return holder
    }

    @Test func anEditionFetchedUnderAnotherProcesssLockIsShownThenWrittenAfterRelease() async throws {
        let store = try await sandbox.open(busyTimeout: .milliseconds(100))
        try await store.merge(StoreFixtures.edition(1...3), into: StoreFixtures.feed)
        let holder = try holdLock()

        // 2 and 3 are stored already; 0 is older than every stored article, 4 newer.
        let outcome = try await store.mergeOrKeep(StoreFixtures.edition([0, 2, 3, 4]), into: StoreFixtures.feed)
        guard case .kept(let shown, reason: .locked) = outcome else {
            Issue.record("expected the edition kept, got \(outcome)")
            return
        }
        #expect(shown.count == 2 && shown.allSatisfy { $0.rawValue < 0 })
        let fresh = SourceKey("fresh")
        _ = try await store.mergeOrKeep(StoreFixtures.edition(10...12), into: fresh)

        // Shown in place, in every order, across pages of two, and counted.
        let expected = ["Article 4", "Article 3", "Article 2", "Article 1", "Article 0"]
        #expect(try await store.all(.source(StoreFixtures.feed), pageSize: 2).map(\.article.title) == expected)
        #expect(try await store.count(.source(StoreFixtures.feed)) == 5)
        #expect(try await store.count(.source(StoreFixtures.feed), unreadOnly: true) == 5)
        let end = try await store.page(.source(StoreFixtures.feed), before: nil, limit: 2)
        #expect(end.articles.map(\.article.title) == ["Article 1", "Article 0"])
        let ascending = try await store.page(.source(StoreFixtures.feed), limit: 10, order: .dateAscending)
        #expect(ascending.articles.map(\.article.title) == expected.reversed())
        #expect(try await store.all(.source(fresh), pageSize: 2).map(\.article.title) == ["Article 12", "Article 11", "Article 10"])
        #expect(try await store.count(.all) == 8)
        #expect(try await store.headings(.all, order: .title).map(\.article.title).first == "Article 0")
        #expect(try await store.headingIndex(.all, order: .title).ids == store.headings(.all, order: .title).map(\.id))
        #expect(try await store.headings(ids: Array(shown)).count == 2, "kept rows are read by id too")
        let summaries = try await store.sources()
        #expect(summaries.first { $0.key == fresh }?.articleCount == 3)
        #expect(summaries.first { $0.key == StoreFixtures.feed }?.unreadCount == 5)
        let keptID = try #require(shown.min())  // the last new item of the edition: 4
        #expect(try await store.article(keptID)?.article.title == "Article 4")

        // Still locked: nothing is written, and nothing is dropped.
        await #expect(throws: StoreError.busy) { try await store.writeKept() }
        #expect(await store.keptArticleCount == 5)

        #expect(holder.end().status == 0)
        let written = try await store.writeKept()
        #expect(written[StoreFixtures.feed]?.added.count == 2)
        #expect(written[fresh]?.added.count == 3)
        #expect(await store.keptSources.isEmpty)

        // In the file: another instance reads them.
        let reopened = try await sandbox.open()
        #expect(try await reopened.all(.source(StoreFixtures.feed)).map(\.article.title) == expected)
        #expect(try await reopened.count(.source(fresh)) == 3)
        #expect(try await reopened.count(.all) == 8)
    }

    /// A later edition written for the source replaces the kept one: nothing is shown twice.
    @Test func aWrittenMergeReplacesTheKeptEdition() async throws {
        let store = try await sandbox.open(busyTimeout: .milliseconds(100))
        try await store.merge(StoreFixtures.edition(1...2), into: StoreFixtures.feed)
        let holder = try holdLock()
        _ = try await store.mergeOrKeep(StoreFixtures.edition(1...3), into: StoreFixtures.feed)
        #expect(try await store.count(.source(StoreFixtures.feed)) == 3)
        #expect(holder.end().status == 0)
        try await store.merge(StoreFixtures.edition(1...4), into: StoreFixtures.feed)
        #expect(await store.keptSources.isEmpty)
        #expect(try await store.titles() == ["Article 4", "Article 3", "Article 2", "Article 1"])
    }

    /// The interface's writes (`.brief`) fail within milliseconds under another process's lock,
    /// however long the busy timeout, so the reads queued behind them on the store do not wait;
    /// writes that wait (`.busyTimeout`) still wait, for the lock to free.
    @Test func briefWritesUnderAnotherProcesssLockFailAtOnceAndTheBusyTimeoutStays() async throws {
        let store = try await sandbox.open(busyTimeout: .seconds(5))
        try await store.merge(StoreFixtures.edition(1...3), into: StoreFixtures.feed)
        let holder = try holdLock()
        defer { holder.end() }
        let clock = ContinuousClock()

        let outcome = try await store.mergeOrKeep(StoreFixtures.edition(1...500), into: StoreFixtures.feed, wait: .brief)
        guard case .kept(let shown, reason: .locked) = outcome else {
            Issue.record("expected the edition kept, got \(outcome)")
            return
        }
        #expect(shown.count == 497)
        #expect(try await store.count(.source(StoreFixtures.feed)) == 500)

        // Each fails as it asks for the lock, before any work: well under one busy timeout for all three.
        var started = clock.now
        await #expect(throws: StoreError.busy) { try await store.merge(StoreFixtures.edition(1...500), into: StoreFixtures.feed, wait: .brief) }
        await #expect(throws: StoreError.busy) { try await store.writeKept(wait: .brief) }
        await #expect(throws: StoreError.busy) { try await store.indexForSearch(wait: .brief) }
        #expect(clock.now - started < .seconds(1), "the brief writes waited \(clock.now - started)")

        // A waiting write still waits: released meanwhile, it gets the lock.
        started = clock.now
        let waiting = Task { try await store.writeKept() }
        try await Task.sleep(for: .milliseconds(300))
        #expect(holder.end().status == 0)
        let written = try await waiting.value
        #expect(clock.now - started >= .milliseconds(250))
        #expect(written[StoreFixtures.feed]?.added.count == 497)
        try await store.indexForSearch(wait: .brief)
        let reopened = try await sandbox.open()
        #expect(try await reopened.count(.source(StoreFixtures.feed)) == 500)
    }

    /// On a full disk (`PRAGMA max_page_count`, as in `StoreCrashTests`) the edition is kept and
    /// shown like one under a lock, and written once there is room.
    @Test func anEditionFetchedOnAFullDiskIsShownThenWrittenWhenThereIsRoom() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...3), into: StoreFixtures.feed)
        try await store.executeForTesting("PRAGMA max_page_count = 1")  // clamped to the current size
        let big = Edition(
            articles: (1...500).map { StoreFixtures.article($0, body: .text(String(repeating: "filler words ", count: 200))) },
            title: "Example feed")

        let outcome = try await store.mergeOrKeep(big, into: StoreFixtures.feed)
        guard case .kept(let shown, reason: .diskFull) = outcome else {
            Issue.record("expected the edition kept, got \(outcome)")
            return
        }
        #expect(shown.count == 497)
        #expect(try await store.count(.source(StoreFixtures.feed)) == 500)
        #expect(try await store.all(.source(StoreFixtures.feed), pageSize: 100).first?.article.title == "Article 500")
        #expect(await store.keptSources == [StoreFixtures.feed])
        #expect(await store.keptArticleCount == 497)
        #expect(
            MergeOutcome.keptMessage(newArticles: 497, reason: .diskFull)
                == "The disk is full; 497 new articles are shown and will be saved when there is room.")

        await #expect(throws: StoreError.diskFull) { try await store.writeKept() }
        #expect(await store.keptArticleCount == 497, "still kept")

        try await store.executeForTesting("PRAGMA max_page_count = 1000000")
        let written = try await store.writeKept()
        #expect(written[StoreFixtures.feed]?.added.count == 497)
        #expect(await store.keptSources.isEmpty)
        let reopened = try await sandbox.open()
        #expect(try await reopened.count(.source(StoreFixtures.feed)) == 500)
    }
}
