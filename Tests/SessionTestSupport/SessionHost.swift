import Foundation
import HeadlinesSession
import NewsCore
import TestSupport

/// A session for tests, with no terminal: its cache and downloads in a temporary folder of its own.
@MainActor
package final class SessionHost {
    /// The services' cache, and where their downloads would go (nothing is written there unless a save starts).
    package let downloads: TemporaryFolder

    package init() throws {
        downloads = try TemporaryFolder("ui-downloads")
    }

    /// Services around `sources`, with their cache and downloads in this host's folder.
    package func services(_ sources: [any NewsSource], now: Date = Fixtures.now) async throws -> AppServices {
        let store = try await ArticleStore.open(at: downloads.url.appendingPathComponent("cache.db"))
        let library = Library(
            entries: sources.map { Library.Entry(source: $0) }, store: store,
            loader: SourceLoader(store: store, now: { now })
        )
        return AppServices(
            library: library,
            downloads: DownloadCenter(persistence: Persistence(folder: downloads.url.appendingPathComponent("saved")), store: store),
            now: { now }
        )
    }

    package func services(_ sources: any NewsSource..., now: Date = Fixtures.now) async throws -> AppServices {
        try await services(sources, now: now)
    }
}
