import Foundation
import NewsCore
import Synchronization

/// A source that answers each fetch with the next scripted outcome (the last one repeats).
package final class ScriptedSource: FetchedSource {
    package let name: String
    private let outcomes: Mutex<[Result<Edition, NewsError>]>
    private let fetches = Mutex(0)

    package init(name: String = "Scripted", _ outcomes: [Result<Edition, NewsError>]) {
        self.name = name
        self.outcomes = Mutex(outcomes)
    }

    package var fetchCount: Int { fetches.withLock { $0 } }

    package var key: SourceKey { SourceKey("scripted:" + name) }
    package var host: String? { nil }
    package var location: URL { URL(fileURLWithPath: "/scripted") }

    package func fetch(validators: HTTPValidators?) async throws -> FetchResult {
        fetches.withLock { $0 += 1 }
        let outcome = outcomes.withLock { outcomes in outcomes.count > 1 ? outcomes.removeFirst() : outcomes[0] }
        return FetchResult(body: .edition(try outcome.get()), url: URL(fileURLWithPath: "/scripted"))
    }
}
