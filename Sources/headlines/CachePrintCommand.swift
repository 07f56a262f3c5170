import FoundationEssentials
import NewsCore
import HeadlinesSession

/// `--print --offline`, `--print --unread` and `--search QUERY`: print from the cache, with no
/// network. Sources in the config's order, then each feed server's feeds as the last sync
/// stored them (by title, as the Sources screen lists them), each newest first; a search best
/// match first.
enum CachePrintCommand {
    @MainActor
    static func run(_ plan: LaunchPlan, options: CommandLineOptions) async -> Int32 {
        let status = await printFromCache(plan, options: options)
        await plan.log.flush()
        return status
    }

    @MainActor
    private static func printFromCache(_ plan: LaunchPlan, options: CommandLineOptions) async -> Int32 {
        let log = plan.log
        // `ignore =` and `max-items` hide here as in the interface: not shown, counted or searched.
        guard let session = await CommandSession.open(plan, for: .printing) else { return 1 }
        let store = session.store
        do {
            if let query = options.search {
                let printed = try await printMatches(of: query, limit: options.limit, store: store, json: options.json)
                log.cache("search", ["query": query, "matches": String(printed)], level: .debug)
                return 0
            }
            // The config's sources, then each server's feeds as its last sync stored them.
            for entry in session.library.entries {
                let printed = try await printSource(entry.key, store: store, options: options)
                log.cache("print", ["source": entry.source.name, "articles": String(printed)], level: .debug)
            }
            return 0
        } catch {
            log.cache("read", ["error": ErrorText.sentence(error)], level: .error)
            Output.error(ErrorText.sentence(error))
            return 1
        }
    }

    /// One source's cached articles, newest first, a page at a time. Returns how many were printed.
    private static func printSource(_ key: SourceKey, store: ArticleStore, options: CommandLineOptions) async throws -> Int {
        var cursor: ArticleCursor?
        var printed = 0
        repeat {
            let page = try await store.page(.source(key), after: cursor, limit: ArticleStore.maxPageSize, unreadOnly: options.unread)
            print(page.articles.map(\.article), json: options.json)
            printed += page.articles.count
            cursor = page.next
        } while cursor != nil
        return printed
    }

    /// Every match, a page at a time (never a silent cap), or the first `limit`.
    /// Returns how many were printed.
    private static func printMatches(of query: String, limit: Int?, store: ArticleStore, json: Bool) async throws -> Int {
        let wanted = limit ?? .max
        var printed = 0
        while printed < wanted {
            let pageSize = min(ArticleStore.maxPageSize, wanted - printed)
            let page = try await store.search(query, limit: pageSize, offset: printed)
            print(page.map(\.article), json: json)
            printed += page.count
            if page.count < pageSize { break }
        }
        return printed
    }

    private static func print(_ articles: [Article], json: Bool) {
        var text = ""
        for article in articles {
            text += (json ? PrintFormat.jsonLine(article) : PrintFormat.line(article)) + "\n"
        }
        Output.write(text)
    }
}
