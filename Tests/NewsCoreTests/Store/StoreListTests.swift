import Foundation
@testable import NewsCore
import Testing

/// Lists by pages, counts, and read and starred state.
@Suite struct StoreListTests {
    let sandbox: StoreSandbox
    let feed = StoreFixtures.feed
    let other = SourceKey("other")

    init() throws { sandbox = try StoreSandbox() }

    @Test(arguments: [1, 3, 10, 25, 1_000])
    func pagesCoverTheListOnceNewestFirst(pageSize: Int) async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...25), into: feed)
        let stored = try await store.all(.source(feed), pageSize: pageSize)
        #expect(stored.map(\.article.title) == (1...25).reversed().map { "Article \($0)" })
    }

    /// Undated items share one sort time (first seen); the id breaks the tie across pages.
    @Test(arguments: [1, 3, 7])
    func pagesThroughEqualDates(pageSize: Int) async throws {
        let store = try await sandbox.open()
        let titles = (1...20).map { "Undated \($0)" }
        try await store.merge(Edition(articles: titles.enumerated().map { StoreFixtures.article($0, title: $1, undated: true) }), into: feed)
        #expect(try await store.all(.source(feed), pageSize: pageSize).map(\.article.title) == titles)
    }

    @Test func aPageSaysWhetherMoreFollow() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...4), into: feed)
        let first = try await store.page(.source(feed), limit: 2)
        #expect(first.articles.count == 2 && first.next != nil)
        let second = try await store.page(.source(feed), after: first.next, limit: 2)
        #expect(second.articles.map(\.article.title) == ["Article 2", "Article 1"])
        #expect(second.next == nil, "exactly full: no empty page after it")
    }

    /// A refresh that lands while someone pages through adds newer articles; the pages after
    /// the reader's cursor neither shift nor repeat.
    @Test func newArticlesDoNotShiftLaterPages() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...10), into: feed)
        let first = try await store.page(.source(feed), limit: 4)
        try await store.merge(StoreFixtures.edition(11...20), into: feed)
        let second = try await store.page(.source(feed), after: first.next, limit: 4)
        #expect(second.articles.map(\.article.title) == ["Article 6", "Article 5", "Article 4", "Article 3"])
    }

    /// `G`: the list's last page read from the end, then the pages before it, cover the list
    /// once, in list order, whatever the page size (undated ties included).
    @Test(arguments: [1, 3, 7, 25])
    func pagesFromTheEndCoverTheListBackwards(pageSize: Int) async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...17), into: feed)
        let undated = (1...5).map { StoreFixtures.article(100 + $0, title: "Undated \($0)", undated: true) }
        try await store.merge(Edition(articles: undated), into: other)
        var pages: [[String]] = []
        var cursor: ArticleCursor?
        repeat {
            let page = try await store.page(.all, before: cursor, limit: pageSize)
            #expect(page.articles.count <= pageSize)
            pages.insert(page.articles.map(\.article.title), at: 0)
            cursor = page.previous
        } while cursor != nil
        #expect(pages.flatMap { $0 } == (try await store.all(.all).map(\.article.title)))
        #expect(pages.flatMap { $0 }.count == 22)
    }

    /// Every order pages forwards and backwards through the whole list once, in the order it
    /// names: titles ignoring case, sources by name with each source's articles newest first.
    @Test(arguments: ListOrder.allCases, [1, 4, 9])
    func everyOrderPagesThroughTheList(order: ListOrder, pageSize: Int) async throws {
        let store = try await sandbox.open()
        let titles = ["banana", "Apple", "cherry", "apple", "Date", "elder", "Fig", "banana", "grape", "Honey", "ice", "jam"]
        try await store.merge(
            Edition(
                articles: titles.enumerated().map {
                    StoreFixtures.article($0.offset + 1, title: $0.element, undated: $0.offset % 4 == 0)
                }), into: feed)
        try await store.merge(
            Edition(
                articles: (1...5).map {
                    var article = StoreFixtures.article(100 + $0, title: "Other \($0)")
                    article.sourceName = "Another"
                    return article
                }), into: other)
        let everything = try await store.all(.all, pageSize: 100)
        let expected: [StoredArticle]
        switch order {
        case .date: expected = everything
        case .dateAscending: expected = everything.reversed()
        case .title:
            expected = everything.sorted { ($0.article.title.lowercased(), $0.id.rawValue) < ($1.article.title.lowercased(), $1.id.rawValue) }
        case .source:
            expected = everything.filter { $0.article.sourceName == "Another" } + everything.filter { $0.article.sourceName != "Another" }
        }
        var forwards: [StoredArticle] = []
        var cursor: ArticleCursor?
        repeat {
            let page = try await store.page(.all, after: cursor, limit: pageSize, order: order)
            forwards += page.articles
            cursor = page.next
        } while cursor != nil
        #expect(forwards.map(\.id) == expected.map(\.id), "\(order): \(forwards.map(\.article.title))")
        var backwards: [StoredArticle] = []
        cursor = nil
        repeat {
            let page = try await store.page(.all, before: cursor, limit: pageSize, order: order)
            backwards = page.articles + backwards
            cursor = page.previous
        } while cursor != nil
        #expect(backwards.map(\.id) == expected.map(\.id), "\(order) backwards")
        let unread = try await store.page(.source(feed), limit: 100, unreadOnly: true, order: order)
        #expect(unread.articles.count == titles.count)
    }

    @Test func theLastPageIsTheListsEnd() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...3_000), into: feed)
        let last = try await store.page(.source(feed), before: nil, limit: 200)
        #expect(last.articles.first?.article.title == "Article 200")
        #expect(last.articles.last?.article.title == "Article 1")
        #expect(last.next == nil && last.previous != nil)
        let before = try await store.page(.source(feed), before: last.previous, limit: 2)
        #expect(before.articles.map(\.article.title) == ["Article 202", "Article 201"])
        #expect(try await store.count(.source(feed)) == 3_000)
        #expect(try await store.page(.source(SourceKey("nobody")), before: nil).articles.isEmpty)
    }

    @Test func allMixesSourcesByDate() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition([1, 3, 5]), into: feed)
        try await store.merge(Edition(articles: [2, 4].map { StoreFixtures.article($0, title: "Other \($0)") }), into: other)
        #expect(try await store.titles(.all) == ["Article 5", "Other 4", "Article 3", "Other 2", "Article 1"])
        #expect(try await store.count(.all) == 5)
        #expect(try await store.count(.source(other)) == 2)
    }

    @Test func anUnknownSourceIsAnEmptyList() async throws {
        let store = try await sandbox.open()
        #expect(try await store.page(.source(SourceKey("nobody"))).articles.isEmpty)
        #expect(try await store.count(.source(SourceKey("nobody"))) == 0)
        #expect(try await store.markAllRead(in: .source(SourceKey("nobody"))) == 0)
    }

    @Test func readStateAndUnreadCounts() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...5), into: feed)
        try await store.merge(StoreFixtures.edition(1...3), into: other)
        let stored = try await store.all(.source(feed))

        #expect(try await store.markRead(stored.prefix(2).map(\.id)) == 2)
        #expect(try await store.markRead(stored.prefix(2).map(\.id)) == 0, "already read")
        #expect(try await store.count(.source(feed), unreadOnly: true) == 3)
        #expect(try await store.all(.source(feed), unreadOnly: true).map(\.article.title) == ["Article 3", "Article 2", "Article 1"])

        try await store.markRead([stored[0].id], read: false)
        let summaries = Dictionary(uniqueKeysWithValues: try await store.sources().map { ($0.key, $0) })
        #expect(summaries[feed]?.unreadCount == 4 && summaries[feed]?.articleCount == 5)
        #expect(summaries[other]?.unreadCount == 3 && summaries[other]?.articleCount == 3)
    }

    @Test func markAllReadTouchesOnlyItsList() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...5), into: feed)
        try await store.merge(StoreFixtures.edition(1...3), into: other)
        #expect(try await store.markAllRead(in: .source(feed)) == 5)
        #expect(try await store.count(.source(feed), unreadOnly: true) == 0)
        #expect(try await store.count(.source(other), unreadOnly: true) == 3)
        #expect(try await store.markAllRead(in: .all) == 3)
        #expect(try await store.count(.all, unreadOnly: true) == 0)
    }

    @Test func starredListAcrossSources() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...3), into: feed)
        try await store.merge(Edition(articles: [StoreFixtures.article(2, title: "Other 2")]), into: other)
        let candidates = try await store.all(.all)
        for article in candidates where ["Article 1", "Other 2", "Article 3"].contains(article.article.title) {
            #expect(try await store.setStarred(true, for: article.id))
        }
        #expect(try await store.titles(.starred) == ["Article 3", "Other 2", "Article 1"])

        let three = try #require(candidates.first { $0.article.title == "Article 3" })
        #expect(try await store.setStarred(false, for: three.id))
        #expect(try await store.setStarred(false, for: three.id) == false, "already unstarred")
        #expect(try await store.titles(.starred) == ["Other 2", "Article 1"])
        #expect(try await store.markAllRead(in: .starred) == 2)
        #expect(try await store.count(.all, unreadOnly: true) == 2)
    }

    @Test func nextUnreadIsAPageOfOne() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...5), into: feed)
        let stored = try await store.all(.source(feed))
        try await store.markRead([stored[1].id, stored[2].id])  // 4 and 3
        let next = try await store.page(.source(feed), after: stored[0].cursor, limit: 1, unreadOnly: true)
        #expect(next.articles.map(\.article.title) == ["Article 2"])
    }

    @Test func savedImageIndexRoundTrip() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...2), into: feed)
        let one = try #require(try await store.stored("https://example.com/articles/1"))
        #expect(try await store.savedImage(of: one.id) == nil)
        let when = StoreFixtures.epoch
        try await store.recordSavedImage(of: one.id, file: URL(fileURLWithPath: "/home/reader/Downloads/headlines/one.png"), at: when)
        try await store.recordSavedImage(of: one.id, file: URL(fileURLWithPath: "/home/reader/Downloads/headlines/one-2.png"), at: when)
        #expect(
            try await store.savedImage(of: one.id)
                == SavedImageRecord(
                    file: URL(fileURLWithPath: "/home/reader/Downloads/headlines/one-2.png"), savedAt: when))
        // Saving for an article that is gone records nothing.
        try await store.recordSavedImage(of: ArticleID(987_654), file: URL(fileURLWithPath: "/tmp/x.png"))
        #expect(try await store.savedImage(of: ArticleID(987_654)) == nil)
    }

    /// Opening a big list reads one page, not the list: the query plan walks the index.
    @Test(arguments: [ArticleScope.source(StoreFixtures.feed), .all, .starred])
    func pagesWalkAnIndex(scope: ArticleScope) async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...3), into: feed)
        let db = try sandbox.rawConnection()
        let filter = try #require(try ArticleStore.filter(scope, db))
        let plan = try db.rows(
            "EXPLAIN QUERY PLAN SELECT \(ArticleRow.columns), a.sort_time FROM article a \(ArticleRow.joins) "
                + "WHERE \(filter.sql) (a.sort_time, a.id) < (?, ?) ORDER BY a.sort_time DESC, a.id DESC LIMIT ?",
            filter.values + [1e300, Int64.max, 10]
        ) { $0.text(3) }.joined(separator: "; ")
        #expect(plan.contains("USING INDEX article_") && !plan.contains("TEMP B-TREE"), "\(plan)")
    }
}
