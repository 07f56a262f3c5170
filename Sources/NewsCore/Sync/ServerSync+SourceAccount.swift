/// A configured server is the account its feeds' sources name (`ServerFeedSource.account`).
extension ServerSync: SourceAccount {
    public nonisolated func feedSources() async -> [AccountFeed] {
        let feeds = (try? await store.serverFeeds(name)) ?? []  // an unreadable cache shows the server alone
        guard !feeds.isEmpty else { return [AccountFeed(source: ServerFeedSource(server: self, feed: nil, name: name), category: nil)] }
        return feeds.map { AccountFeed(source: ServerFeedSource(server: self, feed: $0.remoteID, name: $0.title), category: $0.category) }
    }
}
