import FoundationEssentials
import HeadlinesUI
import NewsCore

/// Opens the terminal interface on the planned session.
enum InteractiveCommand {
    @MainActor
    static func run(_ plan: LaunchPlan, options: CommandLineOptions, environment: [String: String]) async -> Int32 {
        var session = plan.session
        session.readConfig = ConfigReloading.reader(options, plan: plan, environment: environment)
        return await HeadlinesApp.run(session, keys: plan.keys)
    }
}
