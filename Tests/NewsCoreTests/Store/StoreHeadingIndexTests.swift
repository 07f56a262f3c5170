import Foundation
@testable import NewsCore
import Testing
import TestSupport

/// The `/` filter's index of a list's headings, read from the rows' bytes: the same articles in
/// the same order as the list's headings, their title and source folded as the filter's text
/// is; and the rows of a window read back by id, those gone left out.
@Suite struct StoreHeadingIndexTests {
    let sandbox: StoreSandbox

    init() throws { sandbox = try StoreSandbox() }

    func filled() async throws -> ArticleStore {
        let store = try await sandbox.open()
        var articles = (1...40).map { StoreFixtures.article($0, title: $0 % 3 == 0 ? "Die Straße \($0)" : "Article \($0)") }
        articles.append(Article(sourceName: "ÉCONOMIE", title: "Marchés", url: URL(string: "https://example.com/m"), guid: "m"))
        try await store.merge(Edition(articles: articles), into: StoreFixtures.feed)
        try await store.merge(StoreFixtures.edition(100...110), into: SourceKey("other"))
        // Stored after the rest and dated before it: the list's order is not the ids'.
        try await store.merge(StoreFixtures.edition(((-20)...(-10)).reversed()), into: SourceKey("archive"))
        return store
    }

    @Test func theIndexHoldsTheListsHeadingsInEveryOrder() async throws {
        let store = try await filled()
        let some = try await store.headings(.all).prefix(7).map(\.id)
        _ = try await store.markRead(some)
        for order in ListOrder.allCases {
            // All and a big source read the whole table; a small one looks its rows up.
            for scope in [ArticleScope.all, .source(StoreFixtures.feed), .source(SourceKey("other")), .source(SourceKey("archive"))] {
                for unreadOnly in [false, true] {
                    let headings = try await store.headings(scope, unreadOnly: unreadOnly, order: order)
                    let index = try await store.headingIndex(scope, unreadOnly: unreadOnly, order: order)
                    #expect(index.ids == headings.map(\.id), "\(order) \(scope) unread only: \(unreadOnly)")
                    #expect(index.isRead == headings.map(\.isRead))
                }
            }
        }
    }

    @Test func titleAndSourceAreFoldedAndKeptApart() async throws {
        let store = try await filled()
        let index = try await store.headingIndex(.source(StoreFixtures.feed))
        let texts = (0..<index.count).map { String(decoding: index.haystack($0), as: UTF8.self) }
        #expect(texts.contains("marchés\u{1F}économie"))
        #expect(texts.contains("die strasse 3\u{1F}example"), "ß folded to ss, as the typed text is")
        #expect(HeadingIndex.fold("STRASSE") == "strasse")
        #expect(texts.contains("article 1\u{1F}example"))
    }

    @Test func aWindowsRowsAreReadByIdAndThoseGoneLeftOut() async throws {
        let store = try await filled()
        let headings = try await store.headings(.all)
        let wanted = [headings[5].id, headings[0].id, headings[30].id]
        let db = try sandbox.rawConnection()
        try db.execute("DELETE FROM article WHERE id = \(headings[30].id.rawValue)")
        let found = try await store.headings(ids: wanted)
        #expect(Set(found.keys) == [headings[5].id, headings[0].id])
        #expect(found[headings[5].id] == headings[5], "the row as the list's headings read it")
        #expect(try await store.headings(ids: []).isEmpty)
    }
}
