import Foundation
import Testing
@testable import HeadlinesUI
import NewsCore
import SessionTestSupport
import TestSupport
@testable import HeadlinesSession
import HeadlinesKeys

/// The `/` filter on a list longer than its window: the headings are matched from the cache's
/// index, and the rows of each window the selection reaches are read by id as it gets there.
@Suite("Headlines screen, the filter's window", .timeLimit(.minutes(1)))
@MainActor
struct HeadlinesFilterWindowTests {
    static let count = 1_500
    /// "number 1": 1, 10-19, 100-199 and 1000-1499.
    static let matching = (0..<count).filter { Fixtures.title($0).contains("number 1") }

    static func list(_ host: TestHost) async throws -> (HeadlinesScreen, ArticleStore) {
        let store = try await ArticleStore.open(at: host.downloads.url.appendingPathComponent("cache.db"))
        let source = ScriptedSource([.success(Edition(articles: Fixtures.dated(count)))])
        let library = Library(entries: [Library.Entry(source: source)], store: store, loader: SourceLoader(store: store))
        let services = AppServices(
            library: library, downloads: DownloadCenter(persistence: Persistence(folder: host.downloads.url.appendingPathComponent("saved"))))
        let screen = HeadlinesScreen(services: services)
        screen.didAppear(host.context)
        try #require(await eventually { screen.state.hasLoaded && !screen.state.isLoading && screen.state.total == count })
        return (screen, store)
    }

    @Test func eachWindowsRowsAreReadWhereTheSelectionGoes() async throws {
        let host = try TestHost()
        defer { host.context.scope.close() }
        let (screen, _) = try await Self.list(host)
        _ = host.press(.character("/"), screen)
        for character in "NUMBER 1" { _ = host.press(.character(character), screen) }
        #expect(await eventually { screen.state.total == Self.matching.count && screen.state.rows.count == HeadlinesScreen.filterWindow })
        #expect(screen.state.rows.map(\.article.title) == Self.matching.prefix(HeadlinesScreen.filterWindow).map(Fixtures.title))
        #expect(screen.state.filter == "NUMBER 1")

        _ = host.press(.enter, screen)
        _ = host.press(.character("G"), screen)
        let last = try #require(Self.matching.last)
        #expect(await eventually { screen.state.selectedRow?.article.title == Fixtures.title(last) })
        #expect(screen.state.scroll.selection == Self.matching.count - 1)
        #expect(screen.state.rows.allSatisfy { $0.article.title.contains("number 1") })
    }

    @Test func markingAllReadMarksEveryMatchNotOnlyThoseRead() async throws {
        let host = try TestHost()
        defer { host.context.scope.close() }
        let (screen, store) = try await Self.list(host)
        _ = host.press(.character("/"), screen)
        for character in "number 1" { _ = host.press(.character(character), screen) }
        #expect(await eventually { screen.state.total == Self.matching.count && !screen.state.rows.isEmpty })
        _ = host.press(.enter, screen)
        _ = host.press(.character("A"), screen)
        #expect(screen.state.notice?.text == "Mark \(CountText.grouped(Self.matching.count)) articles read? y/n")
        _ = host.press(.character("y"), screen)
        #expect(await eventually { (try? await store.count(.all, unreadOnly: true)) == Self.count - Self.matching.count })
        #expect(screen.state.rows.allSatisfy { $0.isRead })
        // The rows of a window read after the marking show them read, whether or not the write came first.
        _ = host.press(.character("G"), screen)
        #expect(await eventually { screen.state.selectedRow?.article.title == Fixtures.title(Self.matching.last ?? 0) })
        #expect(screen.state.rows.allSatisfy { $0.isRead })
    }
}
