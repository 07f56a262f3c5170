import Foundation
import NewsCore
import TestSupport

/// The limits benchmark's newsboat cases (issue 50, point 3): a newsboat `cache.db` with
/// 100,000 items in one feed (newsboat's own cap a feed), imported as `--import-newsboat` does
/// (read in batches, each stored before the next), and one whose `content` is a generated
/// column of 50 MB a row (refused). The caches are written by the sqlite3 shell, in another
/// process, so the probe's peak is the import's own.
enum NewsboatLimits {
    static let feedURL = "https://feed.example/f.xml"
    static let items = 100_000

    static func run(_ limitsCase: LimitsBenchmark.Case) async throws {
        let folder = try TemporaryFolder("limits-newsboat")
        let cache = folder.file("cache.db")
        let feed = "CREATE TABLE rss_feed(rssurl TEXT PRIMARY KEY, url TEXT, title TEXT); INSERT INTO rss_feed VALUES('\(feedURL)', 'x', 'Feed');"
        let content =
            limitsCase == .newsboatGeneratedColumn
            ? "seed TEXT, content TEXT GENERATED ALWAYS AS (printf('%.*c', 50000000, 'x')) VIRTUAL" : "content TEXT"
        let count = limitsCase == .newsboatGeneratedColumn ? 40 : items
        let sql =
            feed
            + "CREATE TABLE rss_item(id INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT, title TEXT, author TEXT, url TEXT, feedurl TEXT, "
            + "pubDate INTEGER, \(content), unread INTEGER, enclosure_url TEXT, enclosure_type TEXT, enqueued INTEGER, flags TEXT, "
            + "deleted INTEGER DEFAULT 0, base TEXT);"
            + "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count)) "
            + "INSERT INTO rss_item(guid, title, author, url, feedurl, pubDate, \(limitsCase == .newsboatGeneratedColumn ? "seed" : "content"), "
            + "unread, flags) SELECT 'g' || i, 'Title ' || i, 'A', 'https://e.example/' || i, '\(feedURL)', 1700000000 + i, "
            + "'<p>' || hex(randomblob(400)) || '</p>', i % 2, CASE WHEN i % 10 = 0 THEN 's' ELSE '' END FROM n;"
        let made = try await ProcessRunner("/usr/bin/sqlite3", [cache.path, sql]).run(timeout: .seconds(120))
        guard made.status == 0 else { throw BenchmarkFailure("sqlite3 could not write the cache: \(made.stderrText)") }
        let store = try await ArticleStore.open(at: folder.file("headlines.db"))
        var stored = 0
        try await NewsboatCache.read(try NewsboatCache.open(cache), feeds: [URL(string: feedURL)!]) { batch in
            let done = try await store.importEdition(batch.edition, into: SourceKey(feedURL), read: batch.read, starred: batch.flagged)
            stored += batch.edition.articles.count
            _ = done
        }
        try await store.indexForSearch()
        guard stored == count else { throw BenchmarkFailure("\(stored) articles came across, not \(count)") }
    }
}
