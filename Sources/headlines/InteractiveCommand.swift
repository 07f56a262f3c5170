import FoundationEssentials
import HeadlinesUI
import NewsCore

/// Opens the terminal interface on the planned sources.
enum InteractiveCommand {
    @MainActor
    static func run(_ plan: LaunchPlan, options: CommandLineOptions, environment: [String: String]) async -> Int32 {
        var configuration = HeadlinesApp.Configuration(
            entries: plan.entries, isFallbackDemo: plan.isFallbackDemo, cacheFile: plan.cacheFile,
            configuredSources: plan.fromConfig ? Set(plan.entries.map(\.key)) : nil,
            keepDays: plan.settings.keepDays, refreshMinutes: plan.settings.refreshMinutes,
            limits: ConnectionLimits(maxConnections: plan.settings.maxConnections, maxPerHost: plan.settings.maxPerHost),
            log: plan.log, keys: plan.keys, saveFolder: plan.saveFolder,
            maxImageSize: plan.settings.maxImageSize ?? ImageLoader.defaultSizeLimit, http: plan.http, environment: environment
        )
        configuration.welcome = plan.isFallbackDemo ? plan.firstRunAdvice(short: true) : nil
        configuration.forgetSources = plan.forgetsDemo ? LaunchPlan.isDemoSource : nil
        configuration.textWidth = plan.settings.textWidth
        configuration.listOrder = plan.settings.sort
        configuration.showsRead = plan.settings.showRead
        configuration.servers = plan.servers
        configuration.rules = plan.rules
        configuration.queries = plan.queries
        configuration.colours = plan.colours
        configuration.browser = plan.settings.browser
        configuration.pipe = plan.settings.pipe
        configuration.player = plan.settings.player
        configuration.podcastFolder = plan.settings.podcastDirectory
        configuration.setsTitle = plan.settings.setTitle
        configuration.notify = plan.settings.notify
        configuration.bell = plan.settings.bell
        configuration.dateFormat = plan.settings.dateFormat
        configuration.articleListFormat = plan.settings.articleListFormat
        configuration.sourceListFormat = plan.settings.sourceListFormat
        configuration.showsReadSources = plan.settings.showReadSources
        configuration.refreshesOnStart = plan.settings.refreshOnStart
        configuration.readConfig = ConfigReloading.reader(options, plan: plan, environment: environment)
        return await HeadlinesApp.run(configuration)
    }
}
