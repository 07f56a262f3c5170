import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// `--import-newsboat [FILE]`: adds newsboat's feeds, with their titles and tags, to the config;
/// carries what newsboat's `config` says that Headlines can say; and brings newsboat's cached
/// articles into the article cache with its read and flagged (starred here) marks. newsboat's
/// `config` and `cache.db` are looked for beside a urls file that is named, else where newsboat
/// keeps them (`~/.newsboat`, else the XDG folders).
enum NewsboatCommand {
    static func run(_ file: String?, into loaded: LoadedConfig, environment: [String: String]) async -> Int32 {
        guard let config = loaded.url else {
            Output.error("There is no home folder to keep a config file in; name one with --config FILE.")
            return 2
        }
        let urls: URL
        var newsboatConfig: URL?
        var cache: URL?
        var reader: NewsboatCache.Reader?
        do {
            if let file {
                let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
                urls = URL(fileURLWithPath: file, relativeTo: cwd).standardizedFileURL
                let folder = urls.deletingLastPathComponent()
                newsboatConfig = [folder.appendingPathComponent("config")].first { FileManager.default.fileExists(atPath: $0.path) }
                cache = [folder.appendingPathComponent("cache.db")].first { FileManager.default.fileExists(atPath: $0.path) }
            } else {
                urls = try NewsboatImport.defaultFile(environment: environment)
                newsboatConfig = NewsboatCache.defaultConfig(environment: environment)
                cache = NewsboatCache.defaultFile(environment: environment)
            }
            // newsboat's cache is checked before the config changes: a file it cannot read adds nothing.
            if let cache { reader = try NewsboatCache.open(cache) }
            let result = try NewsboatImport.run(
                urls: urls, config: config, newsboatConfig: newsboatConfig, environment: environment, knownActions: Action.names)
            for line in result.lines { Output.say(line) }
            // A carried binding that took an action's only key is said, naming the action.
            let after = try ConfigFile.load(config, mustExist: true, environment: environment, knownActions: Action.names)
            for loss in KeyLoss.between(KeyMap(applying: loaded.config?.bindings ?? []), KeyMap(applying: after?.bindings ?? [])) {
                Output.say("Warning: " + loss.sentence)
            }
        } catch {
            Output.error(ErrorText.sentence(error))
            return 1
        }
        guard let cache, let reader else { return 0 }
        return await importCache(cache, reader, config: config, environment: environment)
    }

    /// newsboat's articles of the config's sources, into the article cache, with their marks.
    private static func importCache(_ cache: URL, _ reader: NewsboatCache.Reader, config: URL, environment: [String: String]) async -> Int32 {
        let display = ConfigPaths.display(cache.path, environment: environment)
        let sources: [(url: URL, name: String)]
        do {
            let parsed = try ConfigFile.load(config, mustExist: true, environment: environment, knownActions: Action.names)
            sources = (parsed?.sources ?? []).compactMap { source in source.location.map { ($0, source.name) } }
        } catch {
            Output.error(error.message)
            return 1
        }
        let store: ArticleStore
        do {
            store = try await ArticleStore.open(at: StoreLocation.resolve(environment: environment))
        } catch {
            Output.error(ErrorText.sentence(error))
            return 1
        }
        let names = Dictionary(sources.map { ($0.url, $0.name) }) { first, _ in first }
        var totals = (articles: 0, read: 0, starred: 0)
        var brought = Set<URL>()
        do {
            // Each batch is stored before the next is read: memory holds one, whatever the cache holds.
            try await NewsboatCache.read(reader, feeds: sources.map(\.url)) { feed in
                guard !feed.edition.articles.isEmpty else { return }
                var edition = feed.edition
                let name = names[feed.url]
                for index in edition.articles.indices { edition.articles[index].sourceName = name ?? edition.articles[index].sourceName }
                do {
                    let done = try await store.importEdition(
                        edition, into: SourceKey(feed.url.absoluteString), read: feed.read, starred: feed.flagged)
                    totals.articles += edition.articles.count
                    totals.read += done.read
                    totals.starred += done.starred
                    brought.insert(feed.url)
                } catch {
                    throw StoringFailed(sentence: "\(name ?? feed.url.absoluteString): \(ErrorText.sentence(error))")
                }
            }
        } catch let error as StoringFailed {
            Output.error(error.sentence)
            return 1
        } catch {
            Output.error(ErrorText.sentence(error))
            return 1
        }
        do { try await store.indexForSearch() } catch { Output.error(ErrorText.sentence(error)) }
        let unread = totals.articles - totals.read
        Output.say(
            "Brought \(CountText.grouped(totals.articles)) articles of \(brought.count) \(brought.count == 1 ? "feed" : "feeds") from \(display) "
                + "into the article cache: \(CountText.grouped(unread)) unread, \(CountText.grouped(totals.starred)) flagged (starred here).")
        return 0
    }
}

/// A batch of newsboat's articles the article cache could not take, said as one sentence.
private struct StoringFailed: Error {
    let sentence: String
}
