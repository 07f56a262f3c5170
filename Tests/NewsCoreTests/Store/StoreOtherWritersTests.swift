import Foundation
@testable import NewsCore
import Testing
import TestSupport

/// An instance tells another process's writes from its own (`PRAGMA data_version`), and names
/// the articles the other added, even when its own writes came between.
@Suite struct StoreOtherWritersTests {
    let sandbox: StoreSandbox

    init() throws { sandbox = try StoreSandbox() }

    @Test func theArticlesAnotherInstanceAddedAreNamedOnceAndOwnOnesNever() async throws {
        let interface = try await sandbox.open()
        let cron = try await sandbox.open()
        _ = try await interface.merge(StoreConcurrencyTests.edition("mine", round: 0, count: 3), into: SourceKey("mine"))
        #expect(try await interface.writesByOthers() == nil, "its own merge is no news")
        let theirs = try await cron.merge(StoreConcurrencyTests.edition("theirs", round: 0, count: 4), into: SourceKey("theirs"))
        // Its own write between: the other's articles, taken under the write lock, are still named.
        _ = try await interface.merge(StoreConcurrencyTests.edition("mine", round: 1, count: 2), into: SourceKey("mine"))
        let writes = try #require(try await interface.writesByOthers())
        #expect(writes.added == [SourceKey("theirs"): theirs.added.sorted()])
        #expect(try await interface.writesByOthers() == nil, "told once")
        _ = try await cron.markRead(theirs.added)
        #expect(try await interface.writesByOthers() == OtherWrites(), "marks elsewhere are a change with no articles")
        #expect(try await cron.writesByOthers() != nil, "the other way round too")
    }
}
