import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// A refresh reaches a source one of two ways (issue 52, point 2): both answer with the ids of
/// what they brought, and a sync says whether those are news.
@Suite("The two kinds of refresh")
struct SourceRefreshKindsTests {
    let sandbox: StoreSandbox

    init() throws { sandbox = try StoreSandbox() }

    /// A server's feed, as `ServerFeedSource` is: its sync stores the articles and answers their ids.
    struct SyncedFeed: NewsSource {
        let answer: SyncedArticles
        var name: String { "Synced" }
        var key: SourceKey { SourceKey("synced") }
        var host: String? { nil }
        var location: URL { URL(string: "https://sync.example/")! }
        var refresh: SourceRefresh { .synced { [answer] in answer } }
    }

    @Test func aSyncsArticlesAreNewsUnlessItIsTheAccountsFirst() async throws {
        let loader = SourceLoader(store: try await sandbox.open())
        let later = SyncedArticles(added: [ArticleID(4), ArticleID(7)], unlisted: 3, notes: ["5 new from Home."])
        let report = try await loader.refresh(SyncedFeed(answer: later))
        #expect(report.added == [ArticleID(4), ArticleID(7)] && report.addedCount == 5)
        #expect(report.addedAreNews == true && report.notes == ["5 new from Home."])

        var first = later
        first.isFirstSync = true
        #expect(try await loader.refresh(SyncedFeed(answer: first)).addedAreNews == false)
    }

    @Test func aFetchedEditionLeavesItToTheLibraryAndCannotBePrintedFromASync() async throws {
        let loader = SourceLoader(store: try await sandbox.open())
        let file = sandbox.folder.file("feed.xml")
        try Data(PageFeedRefreshTests.rss(["One", "Two"]).utf8).write(to: file)
        let report = try await loader.refresh(DocumentSource(service: NewsService(), location: file))
        #expect(report.addedCount == 2 && report.addedAreNews == nil)
        // Judged in the merge's transaction: the counts the library reads meanwhile may hold them.
        #expect(report.sourceHadArticles == false, "a source's first articles")
        try Data(PageFeedRefreshTests.rss(["One", "Two", "Three"]).utf8).write(to: file)
        let second = try await loader.refresh(DocumentSource(service: NewsService(), location: file))
        #expect(second.addedCount == 1 && second.sourceHadArticles == true)

        await #expect(throws: NewsError.self) {
            _ = try await SourceLoader.fetchUncached(SyncedFeed(answer: SyncedArticles(added: [])), limits: ConnectionLimits(), log: .off)
        }
    }
}
