import Foundation
import Synchronization
import Testing
@testable import HeadlinesUI
import NewsCore
import SessionTestSupport
import TestSupport
@testable import HeadlinesSession
import HeadlinesKeys

/// What a list shows when its reads and the library's news cross: refresh times, `n` during a
/// re-read, new-article flags, a filter begun while the rows are read.
@Suite("Headlines screen, reads crossing", .timeLimit(.minutes(1)))
@MainActor
struct HeadlinesScreenRefreshOrderTests {
    final class Clock: Sendable {
        let date = Mutex(Fixtures.now)
        var now: Date { date.withLock { $0 } }
    }

    /// The list and its library, with a clock the test moves.
    static func list(_ host: TestHost, _ source: ScriptedSource, clock: Clock) async throws -> (HeadlinesScreen, Library) {
        let store = try await ArticleStore.open(at: host.downloads.url.appendingPathComponent("cache.db"))
        let library = Library(entries: [Library.Entry(source: source)], store: store, loader: SourceLoader(store: store, now: { clock.now }))
        let services = AppServices(
            library: library,
            downloads: DownloadCenter(persistence: Persistence(folder: host.downloads.url.appendingPathComponent("saved"))),
            now: { clock.now })
        let screen = HeadlinesScreen(services: services)
        screen.didAppear(host.context)
        try #require(await eventually { screen.state.hasLoaded && !screen.state.isLoading })
        return (screen, library)
    }

    // Before the fix, the rows were often read before the counts, with the previous refresh's time.
    @Test("after r, the list says the time of this refresh", arguments: 0..<5)
    func theRefreshTimeIsThisRefreshs(_ run: Int) async throws {
        let host = try TestHost()
        defer { host.context.scope.close() }
        let clock = Clock()
        let source = ScriptedSource([.success(Edition(articles: Fixtures.dated(5)))])
        let (screen, library) = try await Self.list(host, source, clock: clock)
        try #require(await eventually { library.summaries[source.key]?.refresh.lastSuccess == Fixtures.now })
        let later = Fixtures.now.addingTimeInterval(3600)
        clock.date.withLock { $0 = later }
        screen.reload(host.context)
        #expect(await eventually { !library.isLoading && !screen.state.isLoading && screen.state.lastRefresh == later })
    }

    @Test func nPressedWhileTheRowsAreReadAgainIsAnsweredAfterTheRead() async throws {
        let host = try TestHost()
        defer { host.context.scope.close() }
        let source = ScriptedSource([.success(Edition(articles: Fixtures.dated(250)))])
        let (screen, library) = try await Self.list(host, source, clock: Clock())
        let shown = screen.state.rows.compactMap(\.id)
        try await library.store.markRead(shown, read: true)
        screen.readRows(host.context)
        try #require(await eventually { !host.context.scope.isRunning(.page) && screen.state.rows.allSatisfy(\.isRead) })
        // Every row read so far is read: `n` must look past them, while the rows are read again.
        screen.readRows(host.context)
        #expect(host.press(.character("n"), screen) == .handled)
        #expect(await eventually { !host.context.scope.isRunning(.page) && !host.context.scope.isRunning(.morePage) })
        #expect(!screen.state.isLoading, "the re-read ended the load")
        #expect(screen.state.scroll.selection == shown.count, "n went to the first unread past the rows read (and opened it)")
    }

    @Test func newArticlesStayMarkedWhenTheListIsReadAgain() async throws {
        let host = try TestHost()
        defer { host.context.scope.close() }
        let source = ScriptedSource([.success(Edition(articles: Fixtures.dated(3))), .success(Edition(articles: Fixtures.dated(4)))])
        let (screen, library) = try await Self.list(host, source, clock: Clock())
        screen.reload(host.context)
        #expect(await eventually { !screen.state.isLoading && screen.state.rows.count == 4 })
        #expect(screen.state.rows.filter(\.isNew).map(\.article.title) == [Fixtures.title(3)])
        // A star elsewhere reads the rows again: the new article is still marked.
        let other = try #require(screen.state.rows.first { !$0.isNew }?.id)
        library.setStarred(true, other)
        #expect(await eventually { screen.state.rows.contains { $0.id == other && $0.isStarred } })
        #expect(screen.state.rows.filter(\.isNew).map(\.article.title) == [Fixtures.title(3)])
        // Opening it ends the mark.
        let newRow = try #require(screen.state.rows.firstIndex { $0.isNew })
        screen.state.select(newRow)
        _ = host.press(.enter, screen)
        #expect(await eventually { !screen.state.rows.contains(where: \.isNew) })
    }

    @Test func aFilterBegunWhileTheRowsAreReadKeepsItsRows() async throws {
        let host = try TestHost()
        defer { host.context.scope.close() }
        let source = ScriptedSource([.success(Edition(articles: Fixtures.dated(30)))])
        let (screen, _) = try await Self.list(host, source, clock: Clock())
        screen.readRows(host.context)
        _ = host.press(.character("/"), screen)
        for character in "number 7 " { _ = host.press(.character(character), screen) }
        #expect(await eventually { !host.context.scope.isRunning(.page) && !host.context.scope.isRunning(.filter) })
        #expect(screen.state.rows.map(\.article.title) == [Fixtures.title(7)])
    }
}
