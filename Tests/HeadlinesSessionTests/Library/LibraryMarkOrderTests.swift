import FoundationEssentials
import Testing
@testable import HeadlinesSession
import NewsCore
import SessionTestSupport
import TestSupport

/// The reader's marks reach the cache in the order they were made, however quickly they come.
@Suite("Library mark order", .timeLimit(.minutes(1)))
@MainActor
struct LibraryMarkOrderTests {
    @Test func aBurstOfMarksEndsWithTheLastOfEach() async throws {
        let host = try SessionHost()
        let source = ScriptedSource([.success(Edition(articles: []))])
        let services = try await host.services(source)
        let library = services.library
        let store = library.store
        try await store.merge(Edition(articles: Fixtures.articles(3)), into: source.key)
        let ids = try await store.page(.sources([source.key]), limit: 10).articles.map(\.id)
        let id = try #require(ids.first)
        // Alternating writes, as fast as keys could come; the last of each is read and starred.
        for round in 0..<200 {
            library.setRead(round % 2 == 1, id)
            library.setStarred(round % 3 == 1, id)
        }
        library.markAllRead(.sources([source.key]))
        library.setRead(false, id)
        library.setStarred(true, id)
        // Queued for one writer, not 403 writes racing each other to the store.
        #expect(library.pendingMarks.count == 403)
        #expect(await eventually { !library.scope.isRunning(.marks) })
        let stored = try #require(try await store.page(.sources([source.key]), limit: 10).articles.first { $0.id == id })
        #expect(!stored.isRead && stored.isStarred, "read \(stored.isRead), starred \(stored.isStarred)")
        let others = try await store.page(.sources([source.key]), limit: 10).articles.filter { $0.id != id }
        #expect(others.count == 2 && others.allSatisfy(\.isRead), "A marked the rest read")
    }
}
