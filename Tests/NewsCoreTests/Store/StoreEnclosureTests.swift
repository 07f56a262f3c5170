import Foundation
@testable import NewsCore
import Testing

/// Enclosures in the cache: stored, read back by every kind of list, changed by a merge, checked
/// again when read, and a cache of schema step 6 upgraded to hold them.
@Suite struct StoreEnclosureTests {
    let sandbox: StoreSandbox
    let feed = StoreFixtures.feed

    init() throws { sandbox = try StoreSandbox() }

    static let episode = Enclosure(
        url: URL(string: "https://cdn.example/ep1.mp3")!, mimeType: "audio/mpeg", byteSize: 44_150_000, duration: 3_723)!

    static func podcast(_ enclosure: Enclosure?, number: Int = 1) -> Article {
        var article = StoreFixtures.article(number)
        article.enclosure = enclosure
        return article
    }

    @Test func anEnclosureRoundTripsThroughEveryRead() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: [Self.podcast(Self.episode), Self.podcast(nil, number: 2)]), into: feed)

        let page = try await store.all(.source(feed))
        #expect(page.map(\.article.enclosure) == [nil, Self.episode])
        let headings = try await store.headings(.source(feed))
        #expect(headings.map(\.article.enclosure) == [nil, Self.episode], "the list's own read carries it for the mark")
        #expect(try await store.article(page[1].id)?.article.enclosure == Self.episode)
        #expect(try await store.search("Article 1").first?.article.enclosure == Self.episode)
    }

    @Test func aChangedEnclosureUpdatesTheRowAndKeepsItsState() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: [Self.podcast(nil)]), into: feed)
        let id = try #require(try await store.all(.all).first?.id)
        try await store.setStarred(true, for: id)

        let added = try await store.merge(Edition(articles: [Self.podcast(Self.episode)]), into: feed)
        #expect(added.updated == [id])
        let moved = Enclosure(url: URL(string: "https://cdn.example/ep1-fixed.mp3")!, mimeType: "audio/mpeg")
        let changed = try await store.merge(Edition(articles: [Self.podcast(moved)]), into: feed)
        #expect(changed.updated == [id])
        let same = try await store.merge(Edition(articles: [Self.podcast(moved)]), into: feed)
        #expect(same.unchanged == 1 && same.updated.isEmpty)
        let stored = try #require(try await store.article(id))
        #expect(stored.article.enclosure == moved && stored.isStarred)
    }

    /// The file is trusted no more than the network.
    @Test func enclosuresEditedIntoTheFileAreCheckedAgain() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: [Self.podcast(Self.episode), Self.podcast(Self.episode, number: 2)]), into: feed)
        let db = try sandbox.rawConnection()
        try db.run("UPDATE article SET enclosure_url = 'file:///etc/shadow' WHERE title = 'Article 1'")
        try db.run(
            "UPDATE article SET enclosure_type = ?, enclosure_size = -3, enclosure_duration = 'long' WHERE title = 'Article 2'",
            "audio/\u{1B}[2Jmpeg")
        let stored = try await store.all(.all)
        #expect(stored.map { $0.article.enclosure?.url.absoluteString } == ["https://cdn.example/ep1.mp3", nil])
        let kept = try #require(stored[0].article.enclosure)
        #expect(kept.mimeType == nil && kept.byteSize == nil && kept.duration == nil)
    }

    /// A cache as step 6 left it (the steps as shipped, which are never edited), with an article
    /// read and one starred: step 7 adds the columns, keeps everything, and the next merge fills them.
    @Test func aStep6CacheIsUpgraded() async throws {
        let raw = try sandbox.rawConnection()
        for step in Schema.steps.prefix(6) { try raw.execute(step.sql) }
        try raw.execute(
            """
            INSERT INTO source (id, key, title) VALUES (1, 'feed', 'Old feed');
            INSERT INTO article (id, source_id, identity, url, sort_time, first_seen, published, read, starred, hash, title)
            VALUES (1, 1, 'g:guid-1', 'https://example.com/articles/1', 1750003600, 1750000000, 1750003600, 1, 1, 1, 'Article 1'),
                   (2, 1, 'g:guid-2', 'https://example.com/articles/2', 1750007200, 1750000000, 1750007200, 0, 0, 2, 'Article 2');
            PRAGMA user_version = 6;
            """)
        let before = try raw.rows("SELECT name FROM pragma_table_info('article')", []) { $0.text(0) ?? "" }
        #expect(!before.contains("enclosure_url"))

        let store = try await sandbox.open()
        #expect(try sandbox.rawConnection().integer("PRAGMA user_version") == Int64(Schema.latest))
        let upgraded = try await store.all(.source(feed))
        #expect(upgraded.map(\.article.title) == ["Article 2", "Article 1"])
        #expect(upgraded.allSatisfy { $0.article.enclosure == nil })
        #expect(upgraded.map(\.isRead) == [false, true] && upgraded.map(\.isStarred) == [false, true])

        try await store.merge(Edition(articles: [Self.podcast(Self.episode), Self.podcast(nil, number: 2)]), into: feed)
        let merged = try await store.all(.source(feed))
        #expect(merged.map(\.id) == upgraded.map(\.id), "the same rows")
        #expect(merged.map(\.article.enclosure) == [nil, Self.episode])
        #expect(merged[1].isRead && merged[1].isStarred)
    }
}
