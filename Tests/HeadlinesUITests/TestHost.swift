import Foundation
import Synchronization
@testable import HeadlinesUI
import NewsCore
import TestSupport

/// A screen context with no app behind it: screens render and handle keys without a
/// terminal (redraw requests go nowhere).
@MainActor
final class TestHost {
    let context: ScreenContext
    /// The services' cache, and where their downloads would go (nothing is written there unless a save starts).
    let downloads: TemporaryFolder

    /// `isRoot`: whether the screen under test is the first one (where `back` quits).
    init(isRoot: Bool = true) throws {
        context = ScreenContext(app: nil, isRoot: isRoot)
        downloads = try TemporaryFolder("ui-downloads")
    }

    /// What `key` does on `screen`, as the app would route it (key map, then the screen).
    func press(_ key: Key, _ screen: any Screen) -> KeyOutcome {
        KeyRouting.outcome(for: key, on: screen, context)
    }

    /// Services around `sources`, with their cache and downloads in a temporary folder of this host's.
    func services(_ sources: any NewsSource..., now: Date = Fixtures.now) async throws -> AppServices {
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
}

/// A source that answers each fetch with the next scripted outcome (the last one repeats).
final class ScriptedSource: NewsSource {
    let name: String
    private let outcomes: Mutex<[Result<Edition, NewsError>]>
    private let fetches = Mutex(0)

    init(name: String = "Scripted", _ outcomes: [Result<Edition, NewsError>]) {
        self.name = name
        self.outcomes = Mutex(outcomes)
    }

    var fetchCount: Int { fetches.withLock { $0 } }

    var key: SourceKey { SourceKey("scripted:" + name) }
    var host: String? { nil }
    var location: URL { URL(fileURLWithPath: "/scripted") }

    func fetch(validators: HTTPValidators?) async throws -> FetchResult {
        fetches.withLock { $0 += 1 }
        let outcome = outcomes.withLock { outcomes in outcomes.count > 1 ? outcomes.removeFirst() : outcomes[0] }
        return FetchResult(body: .edition(try outcome.get()), url: URL(fileURLWithPath: "/scripted"))
    }
}
