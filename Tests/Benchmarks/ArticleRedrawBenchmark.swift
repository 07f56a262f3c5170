import Foundation
import HeadlinesUI
import NewsCore
import TestSupport
import HeadlinesSession
import HeadlinesKeys

/// Key press to finished redraw on the article screen with a picture, on the real path (the
/// app's dispatch, the screen, the canvas, the curses driver, a pseudo-terminal): a feed article
/// with a long HTML body and links, its picture decoded from a 1600×900 JPEG and drawn in
/// half blocks above the text. The keys scroll the picture (every picture cell changes colour,
/// the worst case) and hide and show it. Measured as cells in 24-bit colour (the driver's own
/// SGR pass) and in the 256-colour palette (curses' colour pairs), and in pixels with each
/// protocol (kitty, sixel, iTerm2: the picture encoded once, drawn again only where it moved).
///
/// Goal: cells as the redraw benchmark's, p99 < 2 ms; pixels p99 ≤ 16 ms a key (issue 53).
@MainActor
enum ArticleRedrawBenchmark {
    static let presses = 1_000
    static let goal = Duration.milliseconds(2)
    static let pixelGoal = Duration.milliseconds(16)

    static func run(_ options: BenchmarkOptions) async throws -> BenchmarkOutcome {
        let temporary = try TemporaryFolder("bench-article")
        let folder = temporary.url
        let image = folder.appendingPathComponent("photo.jpg")
        try JPEGFixture(width: 1600, height: 900, pixels: SyntheticImage.photo(width: 1600, height: 900), quality: 85)
            .encode().write(to: image)

        var lines: [String] = []
        var goalMet = true
        for depth in [PictureColourDepth.trueColour, .palette256] {
            let figures = try await measure(depth: depth, protocol: .cells, image: image, folder: folder, presses: options.rounds ?? presses)
            goalMet = goalMet && figures.timings.p99 < goal
            lines.append(
                "  cells, \(depth == .trueColour ? "24-bit" : "256 colours"): \(figures.timings.line), "
                    + "\(figures.pictureCells) picture cells   \(figures.timings.referenceLine)")
        }
        for pixels in [ImageProtocolSetting.kitty, .sixel, .iterm2] {
            let figures = try await measure(depth: .trueColour, protocol: pixels, image: image, folder: folder, presses: options.rounds ?? presses)
            goalMet = goalMet && figures.timings.p99 <= pixelGoal
            lines.append("  pixels, \(pixels.rawValue): \(figures.timings.line)   \(figures.timings.referenceLine)")
        }
        let summary =
            "article with a picture, key-to-redraw over \(options.rounds ?? presses) presses (scrolling the picture, hiding it):\n"
            + lines.joined(separator: "\n") + "\n  goal: cells p99 < 2 ms, pixels p99 <= 16 ms: " + (goalMet ? "PASS" : "MISS")
        return BenchmarkOutcome(summary: summary, goalMet: goalMet)
    }

    struct Figures {
        var timings: KeyPressTimings
        var pictureCells: Int
    }

    static func article(image: URL) -> Article {
        var html = ""
        for index in 1...60 {
            html +=
                "<h3>Part \(index)</h3><p>Paragraph \(index) of a long article, with <a href=\"/link/\(index)\">a link</a>, "
                + "<strong>strong words</strong> and <em>some emphasis</em> so that lines wrap at the width of the screen.</p>"
                + "<ul><li>one point</li><li>another point</li></ul>"
        }
        return Article(
            sourceName: "Bench Feed", author: "Author", title: "A long article with a picture",
            url: URL(string: "https://example.com/article")!, imageURL: image, publishedAt: Date(timeIntervalSince1970: 1_780_000_000),
            body: .html(html))
    }

    private static func measure(
        depth: PictureColourDepth, protocol setting: ImageProtocolSetting, image: URL, folder: URL, presses: Int
    ) async throws -> Figures {
        setenv("TERM", "xterm-256color", 1)
        let terminal = try PseudoTerminal(width: 100, height: 30)
        defer { terminal.close() }
        let source = DocumentSource(service: NewsService(), location: image, name: "Benchmark")  // never asked
        let store = try await ArticleStore.open(at: folder.appendingPathComponent("cache-\(depth)-\(setting.rawValue).db"))
        let library = Library(entries: [Library.Entry(source: source)], store: store, loader: SourceLoader(store: store))
        let downloads = DownloadCenter(persistence: Persistence(folder: folder.appendingPathComponent("saved")))
        let services = AppServices(library: library, environment: [:], downloads: downloads, pictureDepth: depth)
        // A protocol named is used whatever the (silent) pseudo-terminal answers.
        let driver = try CursesDriver(inputFD: terminal.slave, outputFD: terminal.slave, useColor: true, imageProtocol: setting)
        if let display = driver.pixelDisplay {
            services.pixelDisplay = display
            services.pictures = PictureLibrary(decodeBox: PixelDisplay.decodeBox)
        } else if setting != .cells {
            throw BenchmarkFailure("\(setting.rawValue) was named, and the driver chose no pixels")
        }
        let app = App(driver: driver, helpScreen: { HelpScreen() })
        let frames = FrameWaiter()
        app.onFrame = { frames.frame() }
        let screen = ArticleScreen(article: article(image: image), services: services)
        let running = Task { await app.run(root: screen) }
        try await BenchmarkWait.until("the picture is decoded") { if case .decoded = screen.state.picture { true } else { false } }
        app.setNeedsDisplay()
        await frames.next()

        var check = Canvas(width: 100, height: 30)
        screen.render(into: &check)
        let pictureCells = check.cells.filter(\.style.hasExactColours).count
        guard pictureCells > 0 || setting != .cells else { throw BenchmarkFailure("no picture on the article screen") }

        let keys: [Key] = [.down, .down, .down, .up, .up, .character("i"), .character("i"), .pageDown, .pageUp, .up]
        let timings = try await KeyPressTimings.measure(keys, presses: presses, app: app, frames: frames, screen: screen, size: (100, 30))
        app.quit()
        _ = await running.value
        return Figures(timings: timings, pictureCells: pictureCells)
    }
}
