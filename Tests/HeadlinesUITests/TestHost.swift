import Foundation
import Synchronization
@testable import HeadlinesUI
import NewsCore

/// A screen context with no app behind it: screens render and handle keys without a
/// terminal (redraw requests go nowhere).
@MainActor
final class TestHost {
    let context: ScreenContext

    /// `isRoot`: whether the screen under test is the first one (where `back` quits).
    init(isRoot: Bool = true) {
        context = ScreenContext(app: nil, isRoot: isRoot)
    }

    /// What `key` does on `screen`, as the app would route it (key map, then the screen).
    func press(_ key: Key, _ screen: any Screen) -> KeyOutcome {
        KeyRouting.outcome(for: key, on: screen, context)
    }

    /// Services around `source`, with downloads going to a fresh temporary folder (nothing is
    /// written there unless a save starts).
    static func services(_ source: any NewsSource, now: Date = Fixtures.now) -> AppServices {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("headlines-ui-tests-\(UUID().uuidString)")
        return AppServices(
            source: source,
            downloads: DownloadCenter(persistence: Persistence(folder: folder)),
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

    func fetch(validators: HTTPValidators?) async throws -> FetchOutcome {
        fetches.withLock { $0 += 1 }
        let outcome = outcomes.withLock { outcomes in outcomes.count > 1 ? outcomes.removeFirst() : outcomes[0] }
        return FetchOutcome(body: .edition(try outcome.get()), url: URL(fileURLWithPath: "/scripted"))
    }
}

/// Waits (yielding the main actor, never sleeping) until `condition` holds; false after `timeout`.
@MainActor
func eventually(timeout: Duration = .seconds(20), _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        if clock.now > deadline { return false }
        await Task.yield()
    }
    return true
}
