import NewsCore
import HeadlinesSession

/// The cache as a command opens it (`--print --offline`, `--search`, `--refresh`): logged as the
/// interface logs its cache, what opening it said on stderr, and nil (with the sentence said)
/// when it cannot be opened at all.
enum CommandCache {
    static func open(_ plan: LaunchPlan) async -> ArticleStore? {
        let log = plan.log
        let store: ArticleStore
        do {
            store = try await ArticleStore.open(at: plan.cacheFile)
        } catch {
            log.cache("unavailable", ["error": ErrorText.sentence(error)], level: .error)
            Output.error(ErrorText.sentence(error))
            return nil
        }
        for notice in await store.notices {
            log.cache("opened", ["notice": notice], level: .error)
            Output.error(notice)
        }
        return store
    }
}
