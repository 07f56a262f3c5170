import Foundation
import NewsCore
import TestSupport

/// The limits benchmark's sync-client cases (issue 50, point 1): a first sync of 1,000 items
/// from a Google Reader API server whose `stream/items/contents` answers, 250 items each, are
/// just under the old 32 MiB cap, and of 1,000 Miniflux entries in pages just under the old
/// 16 MiB. Each server runs in a child process of its own (`ChildServer`), so the probe's peak
/// is the client's.
enum SyncServerLimits {
    static let items = 1_000
    /// 250 items of 130 KB: 32.5 MB an answer. 250 entries of 64 KB: 16 MB a page.
    static let googleReaderItemBytes = 130_000
    static let minifluxEntryBytes = 64_000

    /// The child server's kind and each item's body size, for the cases that need one.
    static func childServer(_ limitsCase: LimitsBenchmark.Case) -> (ChildServer.Kind, Int)? {
        switch limitsCase {
        case .googleReaderContents: return (.googleReader, googleReaderItemBytes)
        case .minifluxPages: return (.miniflux, minifluxEntryBytes)
        case .nextcloudPages: return (.nextcloud, nextcloudItemBytes)
        case .nextcloudUpdated: return (.nextcloud, nextcloudUpdatedItemBytes)
        default: return nil
        }
    }

    /// 200 items of 80 KB: 16 MB a page. 1,000 items of 31 KB, all changed since the last sync:
    /// 31 MB of `items/updated`, just under the old 32 MiB cap (it took 253 MiB).
    static let nextcloudItemBytes = 80_000
    static let nextcloudUpdatedItemBytes = 31_000

    /// The child's side: the heavy server, and the URL its client is given.
    static func serve(_ kind: ChildServer.Kind, bodyBytes: Int) throws -> (URL, AnyObject) {
        switch kind {
        case .googleReader:
            let server = try LoopbackGoogleReader(feeds: 1, itemsPerFeed: items)
            server.setBodyBytes(bodyBytes)
            return (server.url, server)
        case .nextcloud:
            let server = try LoopbackNextcloudNews(feeds: 1, itemsPerFeed: items)
            server.setBodyBytes(bodyBytes)
            return (server.url, server)
        default:
            let server = try LoopbackMiniflux(feeds: 1, entriesPerFeed: items)
            server.setBodyBytes(bodyBytes)
            return (server.url, server)
        }
    }

    static func run(_ limitsCase: LimitsBenchmark.Case, _ url: URL) async throws {
        let http = HTTPClient(timeout: 30, deadline: 120)
        if limitsCase == .nextcloudPages || limitsCase == .nextcloudUpdated {
            let client = NextcloudNewsClient(
                name: "Home", url: url, user: LoopbackNextcloudNews.user, password: LoopbackNextcloudNews.password, http: http)
            _ = try await client.feeds()
            if limitsCase == .nextcloudUpdated {
                // A later sync: what changed since the last one, which was everything.
                let marks = try await client.marks(comparedWith: LocalMarks(counts: [:], previousSync: Date(timeIntervalSince1970: 1)))
                guard marks.unread.count == items else { throw BenchmarkFailure("\(marks.unread.count) unread came, not \(items)") }
                return
            }
            let count = LimitsBenchmark.ArticleCount()
            try await client.articles(after: nil) { page in await count.add(page.count) }
            guard await count.total == items else { throw BenchmarkFailure("\(await count.total) articles came, not \(items)") }
            return
        }
        let client: any SyncClient =
            limitsCase == .googleReaderContents
            ? GoogleReaderClient(name: "Home", url: url, user: LoopbackGoogleReader.user, password: LoopbackGoogleReader.password, http: http)
            : MinifluxClient(name: "Home", url: url, user: "", secret: LoopbackMiniflux.token, http: http)
        _ = try await client.feeds()
        let count = LimitsBenchmark.ArticleCount()
        try await client.articles(after: nil) { page in await count.add(page.count) }
        guard await count.total == items else { throw BenchmarkFailure("\(await count.total) articles came, not \(items)") }
    }
}
