import FoundationEssentials
import NewsCore
import HeadlinesSession

/// The config file read again while the interface runs (`R`, Ctrl-R): its sources (when they
/// are the ones shown, not a `--source` of the command line), query feeds, rules and settings,
/// with the command line's options still winning. The log, keys and colours stay those of the
/// start. A mistake is the one sentence the start would have said.
enum ConfigReloading {
    static func reader(_ options: CommandLineOptions, plan: LaunchPlan, environment: [String: String]) -> ConfigReader {
        let http = plan.http
        return {
            do throws(LaunchPlan.Failure) {
                return .success(try read(options, http: http, environment: environment))
            } catch {
                return .failure(ConfigReloadFailure(error.message))
            }
        }
    }

    private static func read(_ options: CommandLineOptions, http: HTTPClient, environment: [String: String]) throws(LaunchPlan.Failure)
        -> ReloadedConfig
    {
        let loaded = try LoadedConfig.load(options, environment: environment)
        let config = loaded.config ?? .empty
        let settings = try LaunchPlan.settings(options, config)
        let key = NewsAPIKey.resolve(environment: environment, config: loaded.config)
        let service = NewsService(baseURL: settings.newsAPIURL ?? NewsService.defaultBaseURL, apiKey: key?.key, http: http)
        let (entries, _, fromConfig) = try LaunchPlan.sources(options, config, service: service, hasKey: key != nil)
        return ReloadedConfig(
            entries: fromConfig ? entries : nil, queries: fromConfig ? config.queries : [],
            rules: LaunchPlan.rules(config, entries: entries, fromConfig: fromConfig), settings: settings)
    }
}
