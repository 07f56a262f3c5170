import Foundation
import Testing
import NewsCore
import TestSupport
@testable import HeadlinesSession

/// Saves noted in the cache: where each article's image went is kept, so a later run (with the
/// article's title changed, which changes the name a save would look under) says "Already
/// saved" without a fetch, and `D` passes over what is saved without a message for each.
@Suite("DownloadCenter notes saves in the cache", .timeLimit(.minutes(1)))
@MainActor
struct DownloadCenterNoteTests {
    let server: LoopbackServer
    let folder: TemporaryFolder

    init() throws {
        server = try LoopbackServer()
        folder = try TemporaryFolder("ui-download-notes")
    }

    static func image(_ index: Int) -> Data { HeaderOnlyImage.padded(HeaderOnlyImage.png(width: 10 + index, height: 5), to: 4000, seed: index) }

    func article(_ index: Int, title: String) -> Article {
        Article(title: title, url: URL(string: "https://news.example/\(index)")!, imageURL: server.url("/image-\(index).png"), guid: "story-\(index)")
    }

    /// A center as the app makes one at start, over the same cache and save folder.
    func center(_ store: ArticleStore, outcomes: OutcomeLog) -> DownloadCenter {
        let center = DownloadCenter(persistence: Persistence(folder: folder.url.appendingPathComponent("saved")), store: store)
        center.onOutcome = { outcomes.all.append($0) }
        return center
    }

    final class OutcomeLog { var all: [DownloadCenter.Outcome] = [] }

    func requests(_ index: Int) -> Int { server.requests.filter { $0.target == "/image-\(index).png" }.count }

    @Test func aSaveIsNotedAndFoundAgainAfterARestartAndAChangedTitle() async throws {
        for index in 1...2 { server.route("/image-\(index).png", .bytes(Self.image(index), contentType: "image/png")) }
        let store = try await ArticleStore.open(at: folder.url.appendingPathComponent("cache.db"))
        let key = SourceKey("feed")
        try await store.merge(Edition(articles: [article(1, title: "First title"), article(2, title: "Second")]), into: key)
        let ids = Dictionary(uniqueKeysWithValues: try await store.page(.sources([key]), limit: 10).articles.map { ($0.article.title, $0.id) })
        let first = try #require(ids["First title"]), second = try #require(ids["Second"])

        let outcomes = OutcomeLog()
        let before = center(store, outcomes: outcomes)
        #expect(before.save(article(1, title: "First title"), id: first) == .started(count: 1))
        #expect(await eventually { before.activeCount == 0 })
        await before.waitForAll()
        guard case .saved(let saved)? = outcomes.all.last else {
            Issue.record("not saved: \(outcomes.all)")
            return
        }
        #expect(!saved.alreadySaved)
        #expect(try await store.savedImage(of: first)?.file == saved.file, "the cache notes where it went")

        // The next run: the feed renamed the article. The note finds the file; nothing is fetched.
        try await store.merge(Edition(articles: [article(1, title: "A new title"), article(2, title: "Second")]), into: key)
        outcomes.all = []
        let after = center(store, outcomes: outcomes)
        after.save(article(1, title: "A new title"), id: first)
        #expect(await eventually { after.activeCount == 0 })
        guard case .saved(let again)? = outcomes.all.first, outcomes.all.count == 1 else {
            Issue.record("one outcome expected: \(outcomes.all)")
            return
        }
        #expect(again.alreadySaved && again.file == saved.file && again.byteCount == 4000)
        #expect(requests(1) == 1)

        // `D`: the saved image ends quietly, the other is fetched and announced.
        outcomes.all = []
        after.saveAll([(article(1, title: "A new title"), first), (article(2, title: "Second"), second)])
        #expect(await eventually { after.activeCount == 0 })
        await after.waitForAll()
        #expect(after.items.suffix(2).allSatisfy { if case .saved = $0.state { return true } else { return false } })
        #expect(outcomes.all.count == 1)
        if case .saved(let other)? = outcomes.all.first { #expect(!other.alreadySaved && other.file.lastPathComponent.hasPrefix("Second-")) }
        #expect(requests(1) == 1 && requests(2) == 1)
        #expect(try await store.savedImage(of: second) != nil)
    }

    /// `c` cancels one save (its own task), `C` the rest; no temporary file is left.
    @Test func cancellingOneAndThenAll() async throws {
        for index in 1...3 {
            server.route(
                "/image-\(index).png",
                ScriptedResponse(
                    headers: [("Content-Type", "image/png")], body: .generated(prefix: HeaderOnlyImage.pngSignature, count: 2_000_000),
                    chunkSize: 4096, delayBetweenChunks: .milliseconds(10)))
        }
        let store = try await ArticleStore.open(at: folder.url.appendingPathComponent("cache.db"))
        let center = center(store, outcomes: OutcomeLog())
        center.saveAll((1...3).map { (article($0, title: "Slow \($0)"), nil) })
        #expect(await eventually { center.items.allSatisfy { if case .saving(_?) = $0.state { return true } else { return false } } })

        center.cancel(center.items[0].id)
        #expect(await eventually { center.items[0].state == .cancelled })
        #expect(center.items[1].state.isActive && center.items[2].state.isActive, "the others go on")

        center.cancelAll()
        await center.waitForAll()
        #expect(center.items.map(\.state) == [.cancelled, .cancelled, .cancelled])
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("saved").path)) == [])
    }
}
