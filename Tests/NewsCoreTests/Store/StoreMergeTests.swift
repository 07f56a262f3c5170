import Foundation
@testable import NewsCore
import Testing

/// A second edition after the first (articles 1, 2, 3), and what the merge must make of it.
struct MergeCase: Sendable, CustomTestStringConvertible {
    let name: String
    let second: @Sendable () -> [Article]
    /// Article numbers the merge reports as updated.
    let updated: Set<Int>
    /// Titles of the source's list afterwards, newest first.
    let titles: [String]

    var testDescription: String { name }

    static let all: [MergeCase] = [
        MergeCase(
            name: "the same items", second: { [3, 2, 1].map { StoreFixtures.article($0) } },
            updated: [], titles: ["Article 3", "Article 2", "Article 1"]),
        MergeCase(
            name: "reordered", second: { [1, 3, 2].map { StoreFixtures.article($0) } },
            updated: [], titles: ["Article 3", "Article 2", "Article 1"]),
        MergeCase(
            name: "one re-dated to the newest",
            second: { [StoreFixtures.article(1, date: StoreFixtures.epoch.addingTimeInterval(86_400))] + [2, 3].map { StoreFixtures.article($0) } },
            updated: [1], titles: ["Article 1", "Article 3", "Article 2"]),
        MergeCase(
            name: "a changed title", second: { [StoreFixtures.article(2, title: "Article 2, corrected"), StoreFixtures.article(3)] },
            updated: [2], titles: ["Article 3", "Article 2, corrected", "Article 1"]),
        MergeCase(
            name: "a changed link, same GUID",
            second: { [StoreFixtures.article(2, url: "https://example.com/moved/2")] },
            updated: [2], titles: ["Article 3", "Article 2", "Article 1"]),
        MergeCase(
            name: "a new full text", second: { [StoreFixtures.article(3, body: .html("<p>Now with text</p>"))] },
            updated: [3], titles: ["Article 3", "Article 2", "Article 1"]),
        MergeCase(
            name: "the GUIDs dropped", second: { [1, 2, 3].map { StoreFixtures.article($0, noGUID: true) } },
            updated: [1, 2, 3], titles: ["Article 3", "Article 2", "Article 1"]),
    ]
}

@Suite struct StoreMergeTests {
    let sandbox: StoreSandbox
    let feed = StoreFixtures.feed

    init() throws { sandbox = try StoreSandbox() }

    @Test func newArticlesAreAddedNewestFirst() async throws {
        let store = try await sandbox.open()
        let result = try await store.merge(StoreFixtures.edition(1...5), into: feed)
        #expect(result.added.count == 5)
        #expect(result.updated.isEmpty && result.unchanged == 0 && result.duplicates == 0)
        #expect(result.sourceWasEmpty)
        #expect(try await store.merge(StoreFixtures.edition(1...6), into: feed).sourceWasEmpty == false)
        let stored = try await store.all(.source(feed)).filter { $0.article.title != "Article 6" }
        #expect(stored.map(\.article.title) == ["Article 5", "Article 4", "Article 3", "Article 2", "Article 1"])
        #expect(Set(stored.map(\.id)) == result.added)
        #expect(stored.allSatisfy { !$0.isRead && !$0.isStarred && $0.source == feed })
    }

    @Test(arguments: MergeCase.all)
    func secondEditionNeverDuplicates(_ shape: MergeCase) async throws {
        let store = try await sandbox.open()
        let first = try await store.merge(StoreFixtures.edition(1...3), into: feed)
        let ids = try await Dictionary(uniqueKeysWithValues: store.all(.source(feed)).map { ($0.article.title, $0.id) })

        let second = try await store.merge(Edition(articles: shape.second()), into: feed)

        #expect(second.added.isEmpty, "nothing is new")
        let expectedUpdated = Set(shape.updated.compactMap { ids["Article \($0)"] })
        #expect(second.updated == expectedUpdated)
        #expect(second.unchanged == shape.second().count - shape.updated.count)
        let stored = try await store.all(.source(feed))
        #expect(stored.map(\.article.title) == shape.titles)
        #expect(Set(stored.map(\.id)) == first.added, "the same rows, kept")
    }

    @Test func readAndStarredSurviveUpdates() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...3), into: feed)
        let two = try #require(try await store.stored("https://example.com/articles/2"))
        try await store.markRead([two.id])
        try await store.setStarred(true, for: two.id)

        try await store.merge(
            Edition(articles: [
                StoreFixtures.article(2, title: "Article 2, updated", date: StoreFixtures.epoch.addingTimeInterval(99_999))
            ]), into: feed)

        let after = try #require(try await store.article(two.id))
        #expect(after.article.title == "Article 2, updated")
        #expect(after.isRead && after.isStarred)
        #expect(after.firstSeen == two.firstSeen)
    }

    @Test func duplicatedGUIDsInOneEditionKeepTheFirst() async throws {
        let store = try await sandbox.open()
        let result = try await store.merge(
            Edition(articles: [
                StoreFixtures.article(1),
                StoreFixtures.article(2),
                StoreFixtures.article(9, guid: "guid-1", title: "A later copy of 1"),
                StoreFixtures.article(2),
            ]), into: feed)
        #expect(result.added.count == 2)
        #expect(result.duplicates == 2)
        #expect(try await store.titles() == ["Article 2", "Article 1"])
    }

    @Test func itemsWithoutGUIDAreMatchedByLink() async throws {
        let store = try await sandbox.open()
        let edition = Edition(articles: (1...3).map { StoreFixtures.article($0, noGUID: true) })
        try await store.merge(edition, into: feed)
        let again = try await store.merge(edition, into: feed)
        #expect(again.added.isEmpty && again.unchanged == 3)

        let changed = try await store.merge(
            Edition(articles: [
                StoreFixtures.article(2, noGUID: true, title: "Article 2, retitled"),
                StoreFixtures.article(2, noGUID: true, title: "The same link again"),
            ]), into: feed)
        #expect(changed.updated.count == 1 && changed.duplicates == 1)
        #expect(try await store.titles() == ["Article 3", "Article 2, retitled", "Article 1"])
    }

    /// Articles without a link (announcements, podcast episodes) are stored with an empty `url`
    /// and read back without one; each is known by its GUID, else its title and date, never
    /// matched to another linkless article.
    @Test func articlesWithoutALinkAreKeptAndKnownByGUIDOrTitleAndDate() async throws {
        let store = try await sandbox.open()
        func linkless(_ number: Int, noGUID: Bool = false, title: String? = nil) -> Article {
            var article = StoreFixtures.article(number, noGUID: noGUID, title: title)
            article.url = nil
            return article
        }
        let edition = Edition(articles: [linkless(1), linkless(2, noGUID: true), linkless(3, noGUID: true)])
        let first = try await store.merge(edition, into: feed)
        #expect(first.added.count == 3)
        let again = try await store.merge(edition, into: feed)
        #expect(again.added.isEmpty && again.unchanged == 3)
        let stored = try await store.all(.source(feed))
        #expect(stored.map(\.article.title) == ["Article 3", "Article 2", "Article 1"])
        #expect(stored.allSatisfy { $0.article.url == nil })
        // Retitled without a GUID: a new article (the title is its identity); with one: the same.
        let retitled = try await store.merge(Edition(articles: [linkless(1, title: "Renamed"), linkless(2, noGUID: true, title: "Renamed 2")]), into: feed)
        #expect(retitled.updated.count == 1 && retitled.added.count == 1)
    }

    @Test func aFeedThatStartsGivingGUIDsKeepsItsRows() async throws {
        let store = try await sandbox.open()
        try await store.merge(Edition(articles: (1...2).map { StoreFixtures.article($0, noGUID: true) }), into: feed)
        let one = try #require(try await store.stored("https://example.com/articles/1"))
        try await store.markRead([one.id])

        let result = try await store.merge(StoreFixtures.edition(1...2), into: feed)
        #expect(result.added.isEmpty && result.updated.count == 2)
        let after = try #require(try await store.article(one.id))
        #expect(after.article.guid == "guid-1" && after.isRead)
        // And from now on the GUID is the identity.
        let again = try await store.merge(StoreFixtures.edition(1...2), into: feed)
        #expect(again.unchanged == 2)
    }

    /// An item with a GUID and one without, sharing a link: two articles, neither taking the other's row.
    @Test func anItemWithoutGUIDDoesNotTakeARowClaimedInTheSameEdition() async throws {
        let store = try await sandbox.open()
        let shared = "https://example.com/shared"
        let edition = Edition(articles: [
            StoreFixtures.article(1, title: "With GUID", url: shared),
            StoreFixtures.article(2, noGUID: true, title: "Without GUID", url: shared),
        ])
        try await store.merge(edition, into: feed)
        let again = try await store.merge(edition, into: feed)
        #expect(again.unchanged == 2 && again.added.isEmpty && again.updated.isEmpty)
        #expect(Set(try await store.titles()) == ["With GUID", "Without GUID"])
    }

    @Test func undatedItemsKeepTheFeedsOrder() async throws {
        let store = try await sandbox.open()
        let titles = ["First in the feed", "Second", "Third", "Fourth"]
        try await store.merge(
            Edition(
                articles: titles.enumerated().map { index, title in
                    StoreFixtures.article(index, title: title, undated: true)
                }), into: feed, at: StoreFixtures.epoch)
        #expect(try await store.titles() == titles)
        let stored = try await store.all(.source(feed))
        #expect(stored.allSatisfy { $0.firstSeen == StoreFixtures.epoch && $0.article.publishedAt == nil })
    }

    @Test func articlesGoneFromTheFeedStayInTheCache() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...3), into: feed)
        try await store.merge(StoreFixtures.edition(4...5), into: feed)
        #expect(try await store.titles().count == 5)
    }

    @Test func oneGUIDInTwoSourcesIsTwoArticles() async throws {
        let store = try await sandbox.open()
        let other = SourceKey("other")
        try await store.merge(StoreFixtures.edition(1...2), into: feed)
        try await store.merge(StoreFixtures.edition(1...2), into: other)
        #expect(try await store.all(.all).count == 4)
        #expect(try await store.titles(.source(other)) == ["Article 2", "Article 1"])
    }

    @Test func theFeedsTitleIsKept() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...1), into: feed)
        #expect(try await store.sources().first?.title == "Example feed")
        try await store.merge(Edition(articles: []), into: feed)
        #expect(try await store.sources().first?.title == "Example feed", "an edition without a title keeps the old one")
    }
}
