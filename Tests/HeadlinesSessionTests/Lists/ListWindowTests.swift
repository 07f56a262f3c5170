import FoundationEssentials
import Testing
@testable import HeadlinesSession
import NewsCore
import SessionTestSupport
import TestSupport

/// A list window over a real cache: pages taken in across the window's edges, the list's true
/// count while only a window is read, and a new query replacing the rows (a page of the old one
/// dropped).
@Suite("List window", .timeLimit(.minutes(1)))
@MainActor
struct ListWindowTests {
    let host: SessionHost
    let library: Library
    let key = SourceKey("feed")

    init() async throws {
        host = try SessionHost()
        library = try await host.services([]).library
        try await library.store.merge(Edition(articles: Fixtures.dated(250)), into: key)
    }

    var list: ListQuery { .list(.source(key), ListView()) }

    /// Runs `reading` for `window` and takes the page in; whether it joined.
    @discardableResult
    func read(_ reading: ListWindow.Reading, of query: ListQuery? = nil, into window: inout ListWindow) async throws -> Bool {
        let read = try #require(window.read(reading, of: query, in: library))
        return window.take(try await read.run(), new: [])
    }

    @Test func pagesFollowEachOtherAcrossTheWindowsEdge() async throws {
        var window = ListWindow()
        try await read(.top(limit: 100, total: nil), of: list, into: &window)
        #expect(window.rows.count == 100 && window.total == 250 && window.hasMore && !window.hasRowsBefore)
        try await read(.after(limit: 100), into: &window)
        #expect(window.rows.count == 200 && window.hasMore)
        try await read(.after(limit: 100), into: &window)
        #expect(window.rows.count == 250 && !window.hasMore, "the last page ends the list")
        #expect(window.rows.map(\.article.title) == Fixtures.dated(250).map(\.title), "in order, none twice, none missed")
        #expect(window.read(.after(limit: 100), in: library) == nil, "nothing follows the end")
    }

    @Test func theCountIsTheWholeListsWhileAWindowOfItIsRead() async throws {
        var window = ListWindow()
        try await read(.end(limit: 10, total: nil), of: list, into: &window)
        #expect(window.total == 250 && window.offset == 240 && window.rows.count == 10)
        #expect(window.row(at: 249)?.article.title == Fixtures.title(249) && window.row(at: 239) == nil)
        #expect(!window.hasMore && window.hasRowsBefore)
        try await read(.before(limit: 30), into: &window)
        #expect(window.offset == 210 && window.rows.count == 40 && window.total == 250, "the rows before join at their place")
        #expect(window.row(at: 210)?.article.title == Fixtures.title(210))

        // Unread only: the count is of the unread ones, whatever the window holds.
        let ids = window.rows.prefix(5).compactMap(\.id)
        _ = try await library.store.markRead(ids)
        var unread = ListWindow()
        try await read(.top(limit: 10, total: nil), of: .list(.source(key), ListView(unreadOnly: true)), into: &unread)
        #expect(unread.total == 245 && unread.rows.count == 10 && unread.hasMore)
        #expect(try await library.unreadCount(in: .source(key)) == 245)
    }

    /// One policy for every list read by pages (issue 52, point 3): near the window's edge the
    /// page beside it; far past it the list's end or top at once; a search, read by offset, has
    /// no end to jump to and reads as far as the reader went.
    @Test func theReaderWithinTwoScreensOfTheEdgeReadsOnAndFarPastItJumps() async throws {
        var window = ListWindow()
        try await read(.top(limit: 30, total: nil), of: list, into: &window)
        #expect(window.readingNeeded(at: 0, screenRows: 10, jump: 12) == nil, "the rows around the reader are read")
        #expect(window.readingNeeded(at: 12, screenRows: 10, jump: 12) == .after(limit: 60), "two screens from the edge: three screenfuls")
        #expect(window.readingNeeded(at: 249, screenRows: 10, jump: 12) == .end(limit: 12, total: 250), "G: the end at once")

        try await read(.end(limit: 12, total: 250), of: list, into: &window)
        #expect(window.readingNeeded(at: 245, screenRows: 10, jump: 12) == .before(limit: 60))
        #expect(window.readingNeeded(at: 0, screenRows: 10, jump: 12) == .top(limit: 12, total: 250), "g: the top at once")

        try await library.store.indexForSearch()
        var matches = ListWindow()
        try await read(.top(limit: 30, total: nil), of: .search("headline"), into: &matches)
        try #require(matches.total == 250 && matches.hasMore)
        #expect(matches.readingNeeded(at: 249, screenRows: 10, jump: 12) == .after(limit: 239), "a search reads on to the reader")
    }

    @Test func aNewQueryReplacesTheRowsAndAPageOfTheOldOneIsDropped() async throws {
        let other = SourceKey("other")
        try await library.store.merge(Edition(articles: Fixtures.dated(30, from: 500)), into: other)
        var window = ListWindow()
        try await read(.top(limit: 100, total: nil), of: list, into: &window)
        let stale = try #require(window.read(.after(limit: 100), in: library))
        try await read(.top(limit: 100, total: nil), of: .list(.source(other), ListView()), into: &window)
        #expect(window.query == .list(.source(other), ListView()))
        #expect(window.total == 30 && window.rows.first?.article.title == Fixtures.title(500) && !window.hasMore)
        #expect(!window.take(try await stale.run(), new: []), "a page of the old list does not join the new one")
        #expect(window.rows.count == 30)

        // A search pages by offset into its matches, best first, each match once.
        try await read(.top(limit: 50, total: nil), of: .search("headline"), into: &window)
        #expect(window.rows.count == 50 && window.total == 280 && window.hasMore)
        try await read(.after(limit: 1_000), into: &window)
        #expect(window.rows.count == 280 && !window.hasMore)
        #expect(Set(window.rows.compactMap(\.id)).count == 280)
    }
}
