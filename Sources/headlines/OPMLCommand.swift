import FoundationEssentials
import HeadlinesSession
import NewsCore
import HeadlinesKeys

/// `--import-opml FILE` and `--export-opml`.
enum OPMLCommand {
    static func importFeeds(_ file: String, into loaded: LoadedConfig, environment: [String: String]) -> Int32 {
        guard let config = loaded.url else {
            Output.error("There is no home folder to keep a config file in; name one with --config FILE.")
            return 2
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        do {
            let result = try OPMLImport.run(
                opml: URL(fileURLWithPath: file, relativeTo: cwd).standardizedFileURL, config: config,
                environment: environment, knownActions: Action.names
            )
            Output.say(result.summary)
            return 0
        } catch {
            Output.error(error.message)
            return 1
        }
    }

    static func export(_ loaded: LoadedConfig, environment: [String: String]) async -> Int32 {
        guard let config = loaded.config else {
            let path = loaded.url.map { ConfigPaths.display($0.path, environment: environment) } ?? "~/.config/headlines/config"
            Output.error("There is no config file (\(path)) to export.")
            return 1
        }
        let export = OPMLWriter.export(config.sources, discoveredFeeds: await discoveredFeeds(environment: environment))
        Output.write(export.document)
        for name in export.leftOut { Output.error("“\(name)” is a NewsAPI query, not a feed: OPML cannot hold it.") }
        return 0
    }

    /// The feeds the cache knows web pages named, so that OPML lists the feed, not the page.
    /// No cache yet: none known. A cache that cannot be read is said, and the pages are written.
    private static func discoveredFeeds(environment: [String: String]) async -> [SourceKey: URL] {
        let file = StoreLocation.resolve(environment: environment)
        guard FileManager.default.fileExists(atPath: file.path) else { return [:] }
        do {
            return try await ArticleStore.open(at: file).discoveredFeeds()
        } catch {
            Output.error("The cache could not be read (\(ErrorText.sentence(error))): sources that are web pages are written as their pages.")
            return [:]
        }
    }
}
