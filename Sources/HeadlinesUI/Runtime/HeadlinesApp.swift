import FoundationEssentials
import Glibc
import NewsCore
import HeadlinesSession

/// Starts the interactive reader: the cache, the terminal, the services, the first screen.
@MainActor
package enum HeadlinesApp {
    /// What the executable planned for this run: the sources, the cache, the settings whole.
    package struct Configuration: Sendable {
        /// The sources, in the config's order (one for `--source`, NewsAPI or the demo).
        package var entries: [Library.Entry]
        package var isFallbackDemo: Bool
        package var cacheFile: URL
        /// The config's settings, the command line's options applied: read here at start
        /// (`keep-days`, `max-connections`, ...) and by the screens through `AppServices.settings`.
        package var settings: ConfigSettings
        /// The cache's sources named by a config: others' articles are dropped after `keep-days`.
        /// Nil when the run names its source on the command line.
        package var configuredSources: Set<SourceKey>?
        package var log: DiagnosticLog
        package var keys: KeyMap
        package var saveFolder: URL
        /// The client images are fetched with (its deadline comes from `--timeout`).
        package var http: HTTPClient
        package var environment: [String: String]
        /// Said in the status line at start when there are no sources yet: how to add some.
        package var welcome: String?
        /// Cached sources dropped at start, articles and all (the demo edition, once the
        /// config names sources of its own): never shown nor searched again.
        package var forgetSources: (@Sendable (SourceKey) -> Bool)?
        /// The config's feed servers: their feeds are listed after the sources, and synced.
        package var servers: [ServerConfig] = []
        /// Kill rules, `max-items`, and the sources' names, groups and tags for filters.
        package var rules = ArticleRules()
        /// The config's query feeds.
        package var queries: [QueryConfig] = []
        /// The config's `color` lines (ignored under `NO_COLOR`).
        package var colours = ColourScheme()
        /// Reads the config file again (`R`, Ctrl-R); nil when the run has no config file.
        package var readConfig: ConfigReader?

        package init(
            entries: [Library.Entry], isFallbackDemo: Bool, cacheFile: URL, settings: ConfigSettings = ConfigSettings(),
            configuredSources: Set<SourceKey>? = nil, log: DiagnosticLog = .off, keys: KeyMap = KeyMap(), saveFolder: URL,
            http: HTTPClient = HTTPClient(), environment: [String: String]
        ) {
            self.entries = entries
            self.isFallbackDemo = isFallbackDemo
            self.cacheFile = cacheFile
            self.settings = settings
            self.configuredSources = configuredSources
            self.log = log
            self.keys = keys
            self.saveFolder = saveFolder
            self.http = http
            self.environment = environment
        }

        /// `max-image-size`, or the image loader's own limit.
        var maxImageSize: Int { settings.maxImageSize ?? ImageLoader.defaultSizeLimit }
    }

    /// One line on stderr, cleaned once here: a message repeats paths and `TERM`, whose escape
    /// sequences must not reach the terminal (the headlines executable's `Output.error` does the same).
    private static func complain(_ message: String) {
        _ = DescriptorWriter.writeAll(2, "headlines: " + Sanitizer.clean(message) + "\n")  // stderr gone: nobody is left to tell
    }

    /// Runs until quit; returns the exit status (0, 1 when the terminal cannot be used, 128+signal).
    package static func run(_ configuration: Configuration) async -> Int32 {
        guard isatty(0) == 1, isatty(1) == 1 else {
            complain("the interface needs a terminal; use --print to print the headlines.")
            return 1
        }
        let cache: SessionCache
        do {
            cache = try await SessionCache.open(configuration.cacheFile, log: configuration.log)
        } catch {
            complain(ErrorText.sentence(error))
            return 1
        }
        if let forget = configuration.forgetSources {
            do {
                let forgotten = try await cache.store.forgetSources(where: forget)
                if forgotten > 0 { configuration.log.cache("forgot", ["sources": String(forgotten)]) }
            } catch {
                configuration.log.cache("forget", ["error": ErrorText.sentence(error)], level: .error)
            }
        }
        // Brief waits for the write lock: what a refresh fetched is shown at once and written later.
        let settings = configuration.settings
        let limits = ConnectionLimits(maxConnections: settings.maxConnections, maxPerHost: settings.maxPerHost)
        let loader = SourceLoader(store: cache.store, limits: limits, log: configuration.log, lockWait: .brief)
        var entries = configuration.entries
        // A server's password going over http:// is said in the log at once, and in the status
        // bar through this stream (the app that shows it is made below).
        let (plainText, plainTextWarnings) = AsyncStream.makeStream(of: String.self)
        let log = configuration.log
        for server in configuration.servers {
            let sync = ServerSync(config: server, store: cache.store, http: configuration.http, environment: configuration.environment) { sentence in
                log.plainTextPassword(server: server.name, warning: sentence)
                plainTextWarnings.yield(sentence)
            }
            entries += await Library.entries(of: sync)
        }
        let library = Library(entries: entries, store: cache.store, loader: loader)
        library.queries = configuration.queries
        do {
            try await cache.store.setRules(configuration.rules)
        } catch {
            // The rules are kept whatever happens: only max-items' marks could not be read yet, and a merge writes them again.
            configuration.log.cache("rules", ["error": ErrorText.sentence(error)], level: .error)
        }
        library.reloadCounts()
        library.prune(keepDays: settings.keepDays, configured: configuration.configuredSources)
        library.watchOtherWriters()
        if let minutes = settings.refreshMinutes {
            library.refreshEvery(minutes: minutes)
            library.freshFor = TimeInterval(minutes * 60)
        }
        let persistence = Persistence(
            folder: configuration.saveFolder, http: configuration.http, sizeLimit: configuration.maxImageSize,
            podcastFolder: settings.podcastDirectory ?? PodcastFolder.resolve(explicit: nil, environment: configuration.environment))
        if FileManager.default.fileExists(atPath: configuration.saveFolder.path) {
            // Temporary files of a save that was killed are removed at the next start.
            _ = try? await persistence.cleanLeftovers()  // an unreadable folder is reported when a save is tried
        }
        await persistence.cleanPodcastLeftovers()
        library.fullTextReader = FullTextReader(
            service: NewsService(http: configuration.http), limits: limits, store: cache.store)
        let downloads = DownloadCenter(persistence: persistence, store: cache.store)
        downloads.homeDirectory = configuration.environment["HOME"]
        let services = AppServices(
            library: library, isFallbackDemo: configuration.isFallbackDemo,
            imageLoader: ImageLoader(http: configuration.http, sizeLimit: configuration.maxImageSize),
            environment: configuration.environment, downloads: downloads, settings: SessionSettings(settings)
        )
        services.startupNotice = cache.notice ?? configuration.welcome.map { Notice($0) }
        services.readConfig = configuration.readConfig
        let noColor = configuration.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let driver: CursesDriver
        do {
            driver = try CursesDriver(
                useColor: !noColor, colours: configuration.colours, environment: configuration.environment, imageProtocol: settings.imageProtocol)
        } catch {
            complain("\(error)")
            await cache.close(library)
            return 1
        }
        // Half blocks need Unicode; without it pictures are drawn in ASCII shades.
        services.pictureDepth =
            driver.isUnicode
            ? PictureColourDepth.choose(environment: configuration.environment, terminalColours: driver.colourCount) : .shades
        if let display = driver.pixelDisplay {
            // Pictures are decoded larger for a terminal that shows every pixel.
            services.pixelDisplay = display
            services.pictures = PictureLibrary(decodeBox: PixelDisplay.decodeBox)
        }
        if !driver.isUnicode {
            services.startupNotice = Notice("The locale is not UTF-8: characters outside ASCII show as ?.", kind: .error)
        }
        let app = App(driver: driver, keys: configuration.keys, helpScreen: { HelpScreen() })
        let warnings = Task { @MainActor [weak app] in
            for await sentence in plainText { app?.show(Notice(sentence, kind: .error)) }
        }
        downloads.onChange = { [weak app] in app?.setNeedsDisplay() }
        downloads.onEnclosureNoted = { library.enclosuresChanged() }
        app.onReloadConfig = {
            services.reloadConfig() ?? Notice("There is no config file to read again (the source was named on the command line).")
        }
        downloads.onOutcome = { [weak app] outcome in
            app?.show(DownloadsText.outcome(outcome: outcome, home: downloads.homeDirectory))
        }
        app.quitGuard = { [weak app] in
            if downloads.activeCount == 0 { return .quit }
            if downloads.isQuitting {
                downloads.cancelAll()  // a second q: stop them and go
                return .quit
            }
            downloads.isQuitting = true
            downloads.onIdle = { app?.quit(status: 0) }
            return .wait
        }
        // After each frame, so the title follows the counts the screen shows; `set-title` is read
        // each time, so a config read again turns it on or off (the terminal's own title back).
        app.onFrame = { [weak services] in
            guard let services else { return }
            if services.settings.setTitle { driver.setTitle(TerminalTitle.text(unread: library.unreadCount)) } else { driver.clearTitle() }
        }
        let report: @MainActor (String) -> Void = { [weak app] sentence in app?.show(Notice(sentence, kind: .error)) }
        let notifier = NewArticlesNotifier(
            settings: { [weak services] in (services?.settings.notify, services?.settings.bell ?? false) }, ring: { driver.ringBell() },
            report: report)
        notifier.watch(library)
        if configuration.environment["HEADLINES_DEBUG_CRASH_AFTER_DRAW"] == "1" {
            app.onFrame = { CrashForTesting.crash() }
        }
        let root: any Screen = entries.count > 1 || !configuration.servers.isEmpty ? SourcesScreen(services: services) : HeadlinesScreen(services: services)
        let status = await app.run(root: root)
        warnings.cancel()
        notifier.close()
        // Saves still running (a signal, or a second q) are cancelled; they remove their
        // temporary files before we exit.
        downloads.cancelAll()
        await downloads.waitForAll()
        await cache.close(library)
        // A password-command the closed library was waiting for (a pinentry nobody sees) ends with the program.
        await ServerPassword.stopCommands()
        await configuration.log.flush()
        return status
    }
}

/// A real runtime crash, for the test that checks the terminal is restored after one.
enum CrashForTesting {
    static func crash() {
        let values: [Int] = []
        _ = values[Int(getpid()) % 1 + 1]  // out of bounds: a Swift runtime trap
    }
}
