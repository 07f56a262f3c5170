import Foundation
@testable import NewsCore
import Testing

/// Upgrades: a cache written by the first version (no search index) opens with its articles,
/// read and starred state kept, and every one of them searchable.
@Suite struct StoreMigrationTests {
    let sandbox: StoreSandbox

    init() throws { sandbox = try StoreSandbox() }

    /// Version 1 as it shipped, written out by hand (not taken from `Schema`), with three articles.
    static let version1Fixture = """
        PRAGMA application_id = 1212435534;
        CREATE TABLE source (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, title TEXT, refreshed_at REAL,
            outcome TEXT, error TEXT, succeeded_at REAL, etag TEXT, last_modified TEXT, retry_after REAL, removed_at REAL);
        CREATE TABLE article (id INTEGER PRIMARY KEY,
            source_id INTEGER NOT NULL REFERENCES source(id) ON DELETE CASCADE,
            identity TEXT NOT NULL, url TEXT NOT NULL, sort_time REAL NOT NULL, first_seen REAL NOT NULL, published REAL,
            read INTEGER NOT NULL DEFAULT 0, starred INTEGER NOT NULL DEFAULT 0,
            hash INTEGER NOT NULL, title TEXT NOT NULL, source_name TEXT, author TEXT, summary TEXT, image_url TEXT,
            guid TEXT, content TEXT, body_kind TEXT, body TEXT, UNIQUE (source_id, identity));
        CREATE INDEX article_by_source ON article(source_id, sort_time DESC, id DESC);
        CREATE INDEX article_by_time ON article(sort_time DESC, id DESC);
        CREATE INDEX article_by_url ON article(source_id, url);
        CREATE INDEX article_starred ON article(sort_time DESC, id DESC) WHERE starred = 1;
        CREATE INDEX article_unread ON article(source_id) WHERE read = 0;
        CREATE TABLE feed_item (source_id INTEGER NOT NULL, article_id INTEGER NOT NULL,
            PRIMARY KEY (source_id, article_id)) WITHOUT ROWID;
        CREATE TRIGGER article_left_feed AFTER DELETE ON article BEGIN
            DELETE FROM feed_item WHERE source_id = old.source_id AND article_id = old.id;
        END;
        CREATE TABLE saved_image (article_id INTEGER PRIMARY KEY REFERENCES article(id) ON DELETE CASCADE,
            path TEXT NOT NULL, saved_at REAL NOT NULL);

        INSERT INTO source (id, key, title, etag, refreshed_at, outcome) VALUES (1, 'feed', 'Old feed', '"e1"', 1750000000, 'updated');
        INSERT INTO article (id, source_id, identity, url, sort_time, first_seen, published, read, starred, hash, title, summary, body_kind, body)
        VALUES
            (1, 1, 'g:one', 'https://example.com/1', 1750000100, 1750000000, 1750000100, 1, 0, 1, 'First old story', 'About tortoises.', NULL, NULL),
            (2, 1, 'g:two', 'https://example.com/2', 1750000200, 1750000000, 1750000200, 0, 1, 2, 'Second old story', NULL, 'html', '<p>A <i>narwhal</i> appears.</p>'),
            (3, 1, 'u:https://example.com/3', 'https://example.com/3', 1750000300, 1750000000, NULL, 0, 0, 3, 'Third old story', NULL, 'text', 'Plain pelican text.');
        INSERT INTO feed_item VALUES (1, 1), (1, 2), (1, 3);
        INSERT INTO saved_image VALUES (2, '/home/reader/Downloads/headlines/second.png', 1750000500);
        PRAGMA user_version = 1;
        """

    @Test func version1OpensWithEverythingKeptAndIndexed() async throws {
        try sandbox.rawConnection().execute(Self.version1Fixture)

        let store = try await sandbox.open()

        #expect(await store.notices.isEmpty)
        let stored = try await store.all(.source(StoreFixtures.feed))
        #expect(stored.map(\.article.title) == ["Third old story", "Second old story", "First old story"])
        #expect(stored.map(\.isRead) == [false, false, true])
        #expect(stored.map(\.isStarred) == [false, true, false])
        #expect(stored[1].article.body == .html("<p>A <i>narwhal</i> appears.</p>"))
        // Validators written before version 3 may be a web page's (which answered 304 while its
        // feed went unread): they are dropped, so the source is fetched whole once.
        let state = try #require(try await store.refreshState(of: StoreFixtures.feed))
        #expect(state.validators == HTTPValidators() && state.feed == nil)
        #expect(state.outcome == .updated && state.lastAttempt == Date(timeIntervalSince1970: 1_750_000_000))
        #expect(try await store.savedImage(of: stored[1].id)?.file.path == "/home/reader/Downloads/headlines/second.png")
        for (word, title) in [("tortoises", "First old story"), ("narwhal", "Second old story"), ("pelican", "Third old story")] {
            #expect(try await store.search(word).map(\.article.title) == [title], "\(word)")
        }
        #expect(try sandbox.rawConnection().integer("PRAGMA user_version") == Int64(Schema.latest))
    }

    /// Version 13 moves the text beside the row (`article_body`): the row keeps what lists read,
    /// the text reads back with the article, and a later change leaves no old word in the index.
    @Test func theTextMovesBesideTheRow() async throws {
        try sandbox.rawConnection().execute(Self.version1Fixture)
        let store = try await sandbox.open()
        let db = try sandbox.rawConnection()
        let columns = try db.rows("SELECT name FROM pragma_table_info('article')", []) { $0.text(0) ?? "" }
        #expect(Set(columns).isDisjoint(with: ["summary", "content", "body_kind", "body"]), "\(columns)")
        #expect(try db.integer("SELECT count(*) FROM article_body") == 3)
        #expect(try await store.article(ArticleID(3))?.article.body == .text("Plain pelican text."))
        #expect(try await store.search("pelican").map(\.id) == [ArticleID(3)])
        try await store.merge(
            Edition(articles: [Article(title: "Third old story", url: URL(string: "https://example.com/3")!, body: .text("A heron now."))]),
            into: StoreFixtures.feed)
        #expect(try await store.search("pelican").isEmpty)
        #expect(try await store.search("heron").map(\.id) == [ArticleID(3)])
    }

    /// A cache made before incremental vacuum (version 1 here) is compacted once when a quarter
    /// of it is free, then prunes shrink it; a compact cache is left alone.
    @Test func anOldCacheWithMuchFreeIsCompactedOnce() async throws {
        try sandbox.rawConnection().execute(Self.version1Fixture)
        do {
            let store = try await sandbox.open()
            let body = ArticleBody.html("<p>" + String(repeating: "lorem ipsum dolor ", count: 400) + "</p>")
            try await store.merge(
                Edition(articles: (10...400).map { StoreFixtures.article($0, body: body) }), into: SourceKey("second"))
        }
        let raw = try sandbox.rawConnection()
        #expect(try raw.integer("PRAGMA auto_vacuum") == 0, "as a cache made before incremental vacuum")
        try raw.execute("PRAGMA foreign_keys = ON; DELETE FROM article WHERE id >= 100; PRAGMA wal_checkpoint(TRUNCATE)")
        let pagesBefore = try raw.integer("PRAGMA page_count")
        #expect(try raw.integer("PRAGMA freelist_count") * 4 >= pagesBefore)

        let store = try await sandbox.open()
        let notice = try #require(await store.notices.first)
        #expect(notice.hasPrefix("The article cache was compacted once after its upgrade"), "\(notice)")
        let after = try sandbox.rawConnection()
        #expect(try after.integer("PRAGMA auto_vacuum") == 2)
        #expect(try after.integer("PRAGMA page_count") < pagesBefore / 2)
        #expect(try await store.all(.source(StoreFixtures.feed)).count == 3, "nothing lost")
        #expect(try await store.search("pelican").count == 1)

        let again = try await sandbox.open()
        #expect(await again.notices.isEmpty, "once")
    }

    /// The stored hash of an upgraded row is not this version's: the next refresh rewrites the
    /// row once (same id, state kept) and is quiet after that.
    @Test func upgradedRowsMergeWithoutDuplicates() async throws {
        try sandbox.rawConnection().execute(Self.version1Fixture)
        let store = try await sandbox.open()
        let edition = Edition(articles: [
            Article(title: "First old story", url: URL(string: "https://example.com/1")!, guid: "one"),
            Article(title: "Third old story", url: URL(string: "https://example.com/3")!),
        ])
        let first = try await store.merge(edition, into: StoreFixtures.feed)
        #expect(first.added.isEmpty && first.updated == [ArticleID(1), ArticleID(3)])
        let second = try await store.merge(edition, into: StoreFixtures.feed)
        #expect(second.unchanged == 2 && second.updated.isEmpty)
        #expect(try await store.article(ArticleID(1))?.isRead == true)
    }

    /// Two instances opening an old file at once: one upgrades, the other finds it done.
    @Test func twoInstancesUpgradingAtOnce() async throws {
        try sandbox.rawConnection().execute(Self.version1Fixture)
        async let first = sandbox.open()
        async let second = sandbox.open()
        let stores = try await [first, second]
        for store in stores {
            #expect(try await store.search("narwhal").count == 1)
        }
        #expect(try sandbox.rawConnection().integer("SELECT count(*) FROM article_text") == 3)
    }
}
