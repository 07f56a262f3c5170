import FoundationEssentials
import Testing
@testable import HeadlinesSession
@_spi(StoreTesting) import NewsCore
import SessionTestSupport
import TestSupport

/// What a refresh brings is indexed for search in the background, on a connection of its own
/// (kept for the next time): the lists' reads on the library's store never wait behind its
/// batches, and a search after it finds everything with nothing left to index.
@Suite("Library indexing", .timeLimit(.minutes(1)))
@MainActor
struct LibraryIndexingTests {
    @Test func aRefreshsArticlesAreIndexedOnAConnectionOfTheirOwn() async throws {
        let host = try SessionHost()
        let count = 757  // three batches of 250 and some
        let source = ScriptedSource([.success(Edition(articles: Fixtures.dated(count))), .success(Edition(articles: Fixtures.dated(5, from: count)))])
        let services = try await host.services(source)
        let library = services.library
        let store = library.store
        let pending = "SELECT count(*) FROM search_pending"

        library.refresh([source.key], in: library.scope)
        #expect(await eventually { (try? await store.count(.all)) == count })
        #expect(await eventually { (try? await store.integerForTesting(pending)) == 0 && !library.scope.isRunning(.indexing) })
        let indexer = try #require(library.indexer, "the connection the indexing opened is kept")
        #expect(indexer !== store)
        #expect(try await store.searchCount("headline") == count, "the library's store sees the index written on the other")

        library.refresh([source.key], in: library.scope)
        #expect(await eventually { (try? await store.count(.all)) == count + 5 })
        #expect(await eventually { (try? await store.integerForTesting(pending)) == 0 && !library.scope.isRunning(.indexing) })
        #expect(library.indexer === indexer, "opened once")
        #expect(try await store.searchCount("headline") == count + 5)
    }
}
