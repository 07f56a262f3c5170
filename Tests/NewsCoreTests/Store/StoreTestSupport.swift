import Foundation
@testable import NewsCore
import TestSupport

/// Articles and editions for the store's tests, and a store in a fresh folder.
enum StoreFixtures {
    static let epoch = Date(timeIntervalSince1970: 1_750_000_000)
    static let feed = SourceKey("feed")

    /// Article `number`: its own GUID (unless `noGUID`), URL and title, dated `number` hours
    /// after `epoch` (unless `undated` or `date` is given).
    static func article(
        _ number: Int, guid: String? = nil, noGUID: Bool = false, title: String? = nil, date: Date? = nil,
        undated: Bool = false, summary: String? = nil, body: ArticleBody? = nil, url: String? = nil
    ) -> Article {
        Article(
            sourceName: "Example", title: title ?? "Article \(number)", description: summary,
            url: URL(string: url ?? "https://example.com/articles/\(number)")!,
            publishedAt: undated ? nil : date ?? epoch.addingTimeInterval(Double(number) * 3_600),
            guid: noGUID ? nil : guid ?? "guid-\(number)", body: body)
    }

    static func edition(_ numbers: some Sequence<Int>) -> Edition {
        Edition(articles: numbers.map { article($0) }, title: "Example feed")
    }
}

/// A store in a folder of its own, removed after the test.
struct StoreSandbox {
    let folder: TemporaryFolder
    var file: URL { folder.file("cache.db") }

    init() throws { folder = try TemporaryFolder("store") }

    func open(busyTimeout: Duration = .seconds(5), now: Date = Date()) async throws -> ArticleStore {
        try await ArticleStore.open(at: file, busyTimeout: busyTimeout, now: now)
    }

    /// A connection of the test's own to the same file, for writing by hand.
    func rawConnection() throws -> SQLiteConnection {
        let db = try SQLiteConnection(path: file.path)
        try db.execute("PRAGMA busy_timeout = 5000")
        return db
    }
}

extension ArticleStore {
    /// Every article of `scope`, page by page.
    func all(_ scope: ArticleScope, unreadOnly: Bool = false, pageSize: Int = 7) async throws -> [StoredArticle] {
        var result: [StoredArticle] = []
        var cursor: ArticleCursor?
        repeat {
            let page = try page(scope, after: cursor, limit: pageSize, unreadOnly: unreadOnly)
            result += page.articles
            cursor = page.next
        } while cursor != nil
        return result
    }

    func titles(_ scope: ArticleScope = .source(StoreFixtures.feed)) async throws -> [String] {
        try await all(scope).map(\.article.title)
    }

    /// The stored article with this URL in the fixtures' feed.
    func stored(_ url: String, in source: SourceKey = StoreFixtures.feed) async throws -> StoredArticle? {
        try await all(.source(source)).first { $0.article.url?.absoluteString == url }
    }
}

extension SQLiteConnection {
    func text(_ sql: String) throws -> String? {
        try firstRow(sql) { $0.text(0) }
    }
}

/// Where the built StoreTestChild is: next to the test bundle that `swift test` built.
enum StoreTestChildBinary {
    static let path: String = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("StoreTestChild").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("StoreTestChild").path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/StoreTestChild").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[candidates.count - 1]
    }()
}
