import Foundation
import NewsCore

/// A query feed's count at size: `tag = "linux" and unread` over every source (three of the ten
/// carry the tag, a third of their articles read), goal ≤ 20 ms, beside counting the same
/// sources' unread articles without a filter, and a `~` over every title (an SQL function call per row).
extension StoreBenchmark {
    static let queryGoal: Duration = .milliseconds(20)

    static func queryFigures(_ store: ArticleStore, rounds: Int) async throws -> (lines: [String], met: Bool) {
        var facts: [SourceKey: FilterSources.Facts] = [:]
        for source in 0..<sourceCount {
            facts[key(source)] = FilterSources.Facts(name: "Source \(source)", group: "Group \(source % 3)", tags: source % 3 == 0 ? ["linux"] : ["news"])
        }
        try await store.setRules(ArticleRules(sources: FilterSources(facts)))
        let all = ArticleScope.sources((0..<sourceCount).map(key))
        let tagged = ArticleScope.sources((0..<sourceCount).filter { $0 % 3 == 0 }.map(key))
        // A third of the tagged sources' newest articles read, so `unread` has something to leave out.
        let page = try await store.page(tagged, limit: ArticleStore.maxPageSize)
        try await store.markRead(page.articles.enumerated().filter { $0.offset % 3 == 0 }.map(\.element.id))
        let query = ArticleScope.filtered(all, try ArticleFilter("tag = \"linux\" and unread"))
        let titles = ArticleScope.filtered(all, try ArticleFilter("title ~ \"zzz-absent\""))
        var queryCount = Series(), plainCount = Series(), titleCount = Series()
        var counted = (0, 0)
        for _ in 0..<rounds {
            let queried = try await measure { try await store.count(query) }
            queryCount.append(queried.time)
            let plain = try await measure { try await store.count(tagged, unreadOnly: true) }
            plainCount.append(plain.time)
            titleCount.append(try await measure { try await store.count(titles) }.time)
            counted = (queried.result, plain.result)
        }
        guard counted.0 == counted.1 else { throw BenchmarkFailure("query feed: counted \(counted.0), the sources' unread are \(counted.1)") }
        try await store.setRules(ArticleRules())
        let met = queryCount.wall.median <= queryGoal
        return (
            [
                "query feed count (tag = \"linux\" and unread, \(counted.0.formatted()) articles): \(describe(queryCount)); "
                    + "goal ≤ \(Format.milliseconds(queryGoal, decimals: 0)) ms: " + (met ? "PASS" : "MISS"),
                "  the same sources' unread count without a filter: \(describe(plainCount))",
                "  title ~ \"zzz-absent\" over every article (a function call a row): \(describe(titleCount))",
            ], met
        )
    }
}
