import FoundationEssentials
import HeadlinesUI
import NewsCore

/// Opens the terminal interface on the planned sources.
enum InteractiveCommand {
    @MainActor
    static func run(_ plan: LaunchPlan, options: CommandLineOptions, environment: [String: String]) async -> Int32 {
        var configuration = HeadlinesApp.Configuration(
            entries: plan.entries, isFallbackDemo: plan.isFallbackDemo, cacheFile: plan.cacheFile, settings: plan.settings,
            configuredSources: plan.fromConfig ? Set(plan.entries.map(\.key)) : nil,
            log: plan.log, keys: plan.keys, saveFolder: plan.saveFolder, http: plan.http, environment: environment
        )
        configuration.welcome = plan.isFallbackDemo ? plan.firstRunAdvice(short: true) : nil
        configuration.forgetSources = plan.forgetsDemo ? LaunchPlan.isDemoSource : nil
        configuration.servers = plan.servers
        configuration.rules = plan.rules
        configuration.queries = plan.queries
        configuration.colours = plan.colours
        configuration.readConfig = ConfigReloading.reader(options, plan: plan, environment: environment)
        return await HeadlinesApp.run(configuration)
    }
}
