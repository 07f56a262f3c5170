import FoundationEssentials

/// One chain of `items` pages: a list (`type` 3 all, 2 starred; `getRead` false for the unread
/// only), oldest first, each page from the highest id of the page before.
struct ItemChain: Sendable {
    var type: Int
    var getRead: Bool
    /// The id the next page starts after (0: from the first).
    var from: Int64 = 0
    var batchSize = NextcloudNewsClient.pageSize
    /// Which of the chains read together this page is of.
    var chain = 0

    /// The most bytes its answer may take: a page's, or one item's alone.
    var cap: Int { batchSize == 1 ? NextcloudNewsClient.maxItemPage : NextcloudNewsClient.maxPage }

    var query: [(String, String)] {
        [
            ("type", String(type)), ("id", "0"), ("getRead", getRead ? "true" : "false"), ("batchSize", String(batchSize)),
            ("offset", String(from)), ("oldestFirst", "true"),
        ]
    }
}

/// What one page brought: the highest id the server sent, how many items, the articles among
/// them; or that the answer passed its cap.
struct ItemPageAnswer: Sendable {
    var chain: ItemChain
    var received = 0
    var highest: Int64?
    var articles: [RemoteArticle] = []
    var tooLarge = false
}

extension NextcloudNewsClient {
    /// Reads every page of `chains`, their next pages side by side (each chain's pages one after
    /// another: a page starts where the one before ended), and hands each page to `receive` as
    /// it arrives, each article once. A chain ends at a short page. A page that does not pass the
    /// id it started after (a server ignoring `offset`), and more requests than `budget` allows,
    /// end the reading with `SyncError.endless`; an answer over the cap is asked for again with
    /// half the items.
    func fetchChains(_ chains: [ItemChain], receive: ([RemoteArticle]) async throws -> Void) async throws {
        var delivered = Set<RemoteArticleID>()
        var meter = PageMeter(budget, server: name)
        let titles = feedTitles
        try await withThrowingTaskGroup(of: ItemPageAnswer.self) { group in
            for (index, chain) in chains.enumerated() {
                var first = chain
                first.chain = index
                let page = first
                try meter.count()
                group.addTask { try await self.items(page, feedTitles: titles) }
            }
            while let answer = try await group.next() {
                var chain = answer.chain
                if answer.tooLarge {
                    guard chain.batchSize > 1 else {
                        throw endpoint.invalid("one item's answer is larger than \(ByteCount.describe(Self.maxItemPage))")
                    }
                    chain.batchSize /= 2
                    let smaller = chain
                    try meter.count()
                    group.addTask { try await self.items(smaller, feedTitles: titles) }
                    continue
                }
                if answer.received >= chain.batchSize {
                    guard let highest = answer.highest, highest > chain.from else {
                        throw SyncError.endless(server: name, reason: .repeatedPage)
                    }
                    chain.from = highest
                    let next = chain
                    try meter.count()
                    group.addTask { try await self.items(next, feedTitles: titles) }
                }
                let fresh = answer.articles.filter { delivered.insert($0.id).inserted }
                if !fresh.isEmpty { try await receive(fresh) }
            }
        }
    }

    /// One page, decoded off the actor.
    nonisolated func items(_ chain: ItemChain, feedTitles: [RemoteFeedID: String]) async throws -> ItemPageAnswer {
        let data: Data
        do {
            data = try await endpoint.call("GET", "items", query: chain.query, limit: chain.cap).data
        } catch SyncError.network(_, .tooLarge) {
            return ItemPageAnswer(chain: chain, tooLarge: true)
        }
        let answer = try endpoint.parse(data, "items")
        guard let items = answer["items"]?.array else {
            let message = Sanitizer.clean(answer["message"]?.string ?? "", maxLength: 200)
            throw endpoint.invalid("its answer to items has no items" + (message.isEmpty ? "" : " (\(message))"))
        }
        return ItemPageAnswer(
            chain: chain, received: items.count, highest: items.compactMap { RESTEndpoint.id($0["id"]) }.max(),
            articles: items.compactMap { NextcloudNewsItem.decode($0, feedTitles: feedTitles) })
    }
}
