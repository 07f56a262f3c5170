import Foundation
@testable import NewsCore
import Testing

/// Forgetting whole sources at once (the demo edition, once the config names sources of its
/// own): their articles, starred ones too, leave every list and the search index.
@Suite struct StoreForgetTests {
    let sandbox: StoreSandbox
    static let demo = SourceKey("file:///opt/headlines/demo/headlines.json")
    static let mine = SourceKey("https://example.com/feed.xml")
    var demo: SourceKey { Self.demo }
    var mine: SourceKey { Self.mine }

    init() throws { sandbox = try StoreSandbox() }

    @Test func aForgottenSourceLeavesListsAndSearch() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: [StoreFixtures.article(1, title: "Stargazers spot aurora")]), into: demo)
        try await store.merge(Edition(articles: [StoreFixtures.article(2, title: "My own stargazers")]), into: mine)
        let starred = try #require(try await store.all(.source(demo)).first)
        #expect(try await store.setStarred(true, for: starred.id))
        #expect(try await store.search("stargazers").count == 2)

        let forgotten = try await store.forgetSources { $0 == Self.demo }

        #expect(forgotten == 1)
        #expect(try await store.search("stargazers").map(\.article.title) == ["My own stargazers"])
        #expect(try await store.count(.all) == 1)
        #expect(try await store.count(.starred) == 0)
        #expect(try await store.sources().map(\.key) == [mine])
    }

    /// Nothing to forget writes nothing, so a read-only cache is no failure.
    @Test func nothingToForgetWritesNothing() async throws {
        let store = try await sandbox.open(busyTimeout: .milliseconds(50))
        try await store.merge(Edition(articles: [StoreFixtures.article(1)]), into: mine)
        let other = try sandbox.rawConnection()  // another instance holds the write lock
        try other.execute("PRAGMA busy_timeout = 0; BEGIN IMMEDIATE; UPDATE source SET title = 'held'")
        #expect(try await store.forgetSources { $0 == Self.demo } == 0)
        await #expect(throws: StoreError.busy) { try await store.forgetSources { $0 == Self.mine } }
        try other.execute("ROLLBACK")
    }
}
