import Foundation
import HeadlinesUI
import NewsCore
import TestSupport
import HeadlinesSession
import HeadlinesKeys

/// One source's list of headlines in this process, as the app runs it: the real `App`, the
/// screen and the curses driver writing to a pseudo-terminal, over a cache given. For the
/// benchmarks that look inside the screen (rows read at open, the `/` filter's keys).
@MainActor
final class ListScreenHarness {
    let screen: HeadlinesScreen
    let app: App
    let frames = FrameWaiter()
    let layout: ScreenLayout
    private let terminal: PseudoTerminal
    private let downloads: DownloadCenter
    private var running: Task<Int32, Never>?

    /// Opens the screen of `source` (already in `store`) on a `width`×`height` pseudo-terminal;
    /// `folder` takes what a save would write (nothing is saved).
    init(store: ArticleStore, source: any NewsSource, folder: URL, width: Int = 80, height: Int = 24) throws {
        setenv("TERM", "xterm-256color", 1)
        terminal = try PseudoTerminal(width: width, height: height)
        layout = ScreenLayout(width: width, height: height)
        let library = Library(entries: [Library.Entry(source: source)], store: store, loader: SourceLoader(store: store))
        downloads = DownloadCenter(persistence: Persistence(folder: folder, sizeLimit: 1 << 20))
        let services = AppServices(library: library, environment: [:], downloads: downloads)
        let driver = try CursesDriver(inputFD: terminal.slave, outputFD: terminal.slave, useColor: true)
        app = App(driver: driver, helpScreen: { HelpScreen() })
        let frames = self.frames
        app.onFrame = { frames.frame() }
        screen = HeadlinesScreen(services: services)
        let app = self.app
        let screen = self.screen
        running = Task { await app.run(root: screen) }
    }

    /// Waits until `condition` holds on the screen, or fails saying `what` did not happen.
    func waitUntil(_ what: String, timeout: Duration = .seconds(20), _ condition: () -> Bool) async throws {
        // A closure literal keeps the condition on the main actor (see BenchmarkWait.until).
        guard await eventually(timeout: timeout, interval: .milliseconds(1), { condition() }) else {
            throw BenchmarkFailure("timed out waiting until \(what)")
        }
    }

    /// One key, handled and drawn as the app does (a typed key draws its frame before returning).
    func press(_ key: Key) async {
        let frame = frames.count
        app.receive([key])
        if frames.count == frame { await frames.next() }
    }

    /// Quits the app (its refresh in flight cancelled) and closes the terminal.
    func close() async {
        app.quit()
        _ = await running?.value
        running = nil
        downloads.cancelAll()
        await downloads.waitForAll()
        terminal.close()
    }
}

extension Samples {
    /// The value below which `fraction` of the samples lie (nearest rank).
    func percentile(_ fraction: Double) -> Duration {
        precondition(!isEmpty, "no samples")
        let sorted = durations.sorted()
        return sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }
}
