import Foundation
@testable import NewsCore
import Testing

/// Marking many articles read or unread at once (`A`, its undo, a selection): a few statements,
/// and back comes exactly what changed, in the order given, each once.
@Suite struct StoreReadMarksTests {
    let sandbox: StoreSandbox
    let feed = StoreFixtures.feed

    init() throws { sandbox = try StoreSandbox() }

    @Test func changesComeBackInTheOrderGivenEachOnce() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...6), into: feed)
        let ids = try await store.all(.all).map(\.id)  // newest first
        try await store.markRead([ids[1]])
        let asked = [ids[4], ids[1], ArticleID(999_999), ids[0], ids[4], ids[2]]
        #expect(try await store.changeRead(asked, read: true) == [ids[4], ids[0], ids[2]], "already read, unknown and repeated left out")
        #expect(try await store.all(.all, unreadOnly: true).map(\.id) == [ids[3], ids[5]])
        #expect(try await store.changeRead([], read: true).isEmpty)
    }

    @Test func markAllReadAndItsUndoRestoreTheListAsItWas() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...40), into: feed)
        let ids = try await store.all(.all).map(\.id)
        try await store.markRead(ids.prefix(10))
        let marked = try await store.markAllReadListingChanges(in: .all)
        #expect(Set(marked) == Set(ids.dropFirst(10)))
        #expect(try await store.all(.all, unreadOnly: true).isEmpty)
        #expect(try await store.changeRead(marked, read: false).count == 30)
        #expect(try await store.all(.all, unreadOnly: true).map(\.id) == Array(ids.dropFirst(10)))
    }

    /// More ids than one statement takes.
    @Test func aListLongerThanOneStatementIsMarkedWhole() async throws {
        let store = try await sandbox.open()
        let count = ArticleStore.idsPerStatement + 500
        try await store.merge(Edition(articles: (1...count).map { StoreFixtures.article($0) }), into: feed)
        let marked = try await store.markAllReadListingChanges(in: .all)
        #expect(marked.count == count)
        let undone = try await store.changeRead(marked, read: false)
        #expect(undone == marked)
        #expect(try await store.count(.all, unreadOnly: true) == count)
    }
}
