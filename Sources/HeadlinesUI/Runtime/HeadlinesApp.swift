import FoundationEssentials
import Glibc
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// Starts the interactive reader: the cache, the terminal, the services, the first screen.
@MainActor
package enum HeadlinesApp {
    /// One line on stderr, cleaned once here: a message repeats paths and `TERM`, whose escape
    /// sequences must not reach the terminal (the headlines executable's `Output.error` does the same).
    private static func complain(_ message: String) {
        _ = DescriptorWriter.writeAll(2, "headlines: " + Sanitizer.clean(message) + "\n")  // stderr gone: nobody is left to tell
    }

    /// Runs until quit; returns the exit status (0, 1 when the terminal cannot be used, 128+signal).
    package static func run(_ plan: SessionPlan, keys: KeyMap) async -> Int32 {
        guard isatty(0) == 1, isatty(1) == 1 else {
            complain("the interface needs a terminal; use --print to print the headlines.")
            return 1
        }
        // A server's password going over http:// is said in the log at once, and in the status
        // bar through this stream (the app that shows it is made below).
        let (plainText, plainTextWarnings) = AsyncStream.makeStream(of: String.self)
        let session: Session
        do {
            session = try await Session.open(plan, for: .reading) { plainTextWarnings.yield($0) }
        } catch {
            complain(error.message)
            return 1
        }
        let library = session.library
        let services = await session.services()
        let downloads = services.downloads
        let noColor = plan.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let driver: CursesDriver
        do {
            driver = try CursesDriver(
                useColor: !noColor, colours: plan.colours, environment: plan.environment, imageProtocol: plan.settings.imageProtocol)
        } catch {
            complain("\(error)")
            await session.close()
            return 1
        }
        // Half blocks need Unicode; without it pictures are drawn in ASCII shades.
        services.pictureDepth =
            driver.isUnicode
            ? PictureColourDepth.choose(environment: plan.environment, terminalColours: driver.colourCount) : .shades
        if let display = driver.pixelDisplay {
            // Pictures are decoded larger for a terminal that shows every pixel.
            services.pixelDisplay = display
            services.pictures = PictureLibrary(decodeBox: PixelDisplay.decodeBox)
        }
        driver.setMouseReporting(plan.settings.mouse)
        if !driver.isUnicode {
            services.startupNotice = Notice("The locale is not UTF-8: characters outside ASCII show as ?.", kind: .error)
        }
        let app = App(driver: driver, keys: keys, helpScreen: { HelpScreen() })
        let warnings = Task { @MainActor [weak app] in
            for await sentence in plainText { app?.show(Notice(sentence, kind: .error)) }
        }
        downloads.onChange = { [weak app] in app?.setNeedsDisplay() }
        app.paneLayout = { [weak services] width, height, dragged in
            let config = services?.settings.config ?? ConfigSettings()
            return PaneLayout(
                width: width, height: height, choice: config.layout, minimumWidth: config.layoutWidth, listShare: dragged.listShare ?? config.listWidth,
                sourcesColumns: dragged.sourcesColumns ?? config.sourcesWidth)
        }
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
            driver.setMouseReporting(services.settings.config.mouse)
        }
        let report: @MainActor (String) -> Void = { [weak app] sentence in app?.show(Notice(sentence, kind: .error)) }
        let notifier = NewArticlesNotifier(
            settings: { [weak services] in (services?.settings.notify, services?.settings.bell ?? false) }, ring: { driver.ringBell() },
            report: report)
        notifier.watch(library)
        if plan.environment["HEADLINES_DEBUG_CRASH_AFTER_DRAW"] == "1" {
            app.onFrame = { CrashForTesting.crash() }
        }
        let root: any Screen = library.entries.count > 1 || !plan.servers.isEmpty ? SourcesScreen(services: services) : HeadlinesScreen(services: services)
        let status = await app.run(root: root)
        warnings.cancel()
        notifier.close()
        // Saves still running (a signal, or a second q) are cancelled; they remove their
        // temporary files before we exit.
        downloads.cancelAll()
        await downloads.waitForAll()
        await session.close()
        // A password-command the closed library was waiting for (a pinentry nobody sees) ends with the program.
        await ServerPassword.stopCommands()
        await plan.log.flush()
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
