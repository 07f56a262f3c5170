import FoundationEssentials
import HeadlinesUI
import NewsCore

/// `--import-newsboat [FILE]`: adds newsboat's feeds, with their titles and tags, to the config.
enum NewsboatCommand {
    static func run(_ file: String?, into loaded: LoadedConfig, environment: [String: String]) -> Int32 {
        guard let config = loaded.url else {
            Output.error("There is no home folder to keep a config file in; name one with --config FILE.")
            return 2
        }
        do {
            let urls: URL
            if let file {
                let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
                urls = URL(fileURLWithPath: file, relativeTo: cwd).standardizedFileURL
            } else {
                urls = try NewsboatImport.defaultFile(environment: environment)
            }
            let result = try NewsboatImport.run(urls: urls, config: config, environment: environment, knownActions: Action.names)
            for line in result.lines { Output.say(line) }
            return 0
        } catch {
            Output.error(error.message)
            return 1
        }
    }
}
