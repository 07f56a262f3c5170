import FoundationEssentials
import NewsCore

extension Session {
    /// What the interface's screens ask of this session: the library, saves and downloads,
    /// pictures, the settings and the config read again. Saves a killed run left half-written
    /// are cleaned first.
    package func services() async -> AppServices {
        let persistence = Persistence(
            folder: plan.saveFolder, http: plan.http, sizeLimit: plan.maxImageSize,
            podcastFolder: plan.settings.podcastDirectory ?? PodcastFolder.resolve(explicit: nil, environment: plan.environment))
        if FileManager.default.fileExists(atPath: plan.saveFolder.path) {
            _ = try? await persistence.cleanLeftovers()  // an unreadable folder is reported when a save is tried
        }
        await persistence.cleanPodcastLeftovers()
        let downloads = DownloadCenter(persistence: persistence, store: store)
        downloads.homeDirectory = plan.environment["HOME"]
        let services = AppServices(
            library: library, isFallbackDemo: plan.isFallbackDemo,
            imageLoader: ImageLoader(http: plan.http, sizeLimit: plan.maxImageSize),
            environment: plan.environment, downloads: downloads, settings: SessionSettings(plan.settings))
        services.startupNotice = notices.first ?? plan.welcome.map { Notice($0) }
        services.readConfig = plan.readConfig
        downloads.onEnclosureNoted = { [library] in library.enclosuresChanged() }
        return services
    }
}
