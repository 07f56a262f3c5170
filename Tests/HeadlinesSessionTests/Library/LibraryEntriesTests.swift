import FoundationEssentials
import Testing
@testable import HeadlinesSession
import NewsCore
import SessionTestSupport
import TestSupport

/// The library finds an entry by its key without a scan (it is asked once a source on every
/// read of the counts), and keeps finding them as the entries change.
@Suite("Library entries")
@MainActor
struct LibraryEntriesTests {
    @Test func entriesAreFoundByKeyBeforeAndAfterTheyChange() async throws {
        let host = try SessionHost()
        let sources = ["One", "Two", "Three"].map { ScriptedSource(name: $0, [.success(Edition(articles: []))]) }
        let library = try await host.services(sources).library
        #expect(library.entry(sources[1].key)?.source.name == "Two")
        #expect(library.holds(sources[2].key) && !library.holds(SourceKey("absent")))

        let four = ScriptedSource(name: "Four", [.success(Edition(articles: []))])
        library.entries.remove(at: 0)
        library.entries.append(Library.Entry(source: four))
        #expect(library.entry(sources[0].key) == nil && !library.holds(sources[0].key))
        #expect(library.entry(sources[2].key)?.source.name == "Three")
        #expect(library.entry(four.key)?.source.name == "Four")
    }
}
