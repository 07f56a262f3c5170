import Foundation
import HeadlinesKeys
import HeadlinesSession
import HeadlinesUI
import NewsCore
import TestSupport

/// Key press to finished frame with three panes side by side (issue 54): the Sources column, a
/// list of 100,000 articles and an article, on a 300-column pseudo-terminal, every pane drawn
/// into its own canvas and placed each frame, while a refresh trickles in and the article's
/// picture loads. Once with the keys in the list, once in the article.
extension RedrawBenchmark {
    static let paneSize = (width: 300, height: 50)

    /// The figures with the keys in the list pane, then in the article pane.
    static func measurePanes(articles count: Int, server: LoopbackServer, presses: Int) async throws -> (list: KeyPressTimings, article: KeyPressTimings) {
        setenv("TERM", "xterm-256color", 1)
        let terminal = try PseudoTerminal(width: paneSize.width, height: paneSize.height)
        defer { terminal.close() }
        let folder = try TemporaryFolder("bench-redraw-panes")
        defer { folder.remove() }
        let source = DocumentSource(service: NewsService(), location: server.url("/slow-feed.json"), name: "Benchmark")
        let store = try await ArticleStore.open(at: folder.url.appendingPathComponent("cache.db"))
        try await store.merge(edition(count, server: server), into: source.key)
        let library = Library(entries: [Library.Entry(source: source)], store: store, loader: SourceLoader(store: store))
        let downloads = DownloadCenter(persistence: Persistence(folder: folder.url, sizeLimit: 1 << 20))
        let services = AppServices(library: library, environment: [:], downloads: downloads)
        let driver = try CursesDriver(inputFD: terminal.slave, outputFD: terminal.slave, useColor: true)
        let app = App(driver: driver, helpScreen: { HelpScreen() })
        app.paneLayout = { width, height, dragged in
            PaneLayout(width: width, height: height, choice: .three, listShare: dragged.listShare ?? 40, sourcesColumns: dragged.sourcesColumns)
        }
        let frames = FrameWaiter()
        app.onFrame = { frames.frame() }
        let sources = SourcesScreen(services: services)
        let running = Task { await app.run(root: sources) }
        defer { app.quit() }

        try await BenchmarkWait.until("the Sources screen shows") { app.topScreen === sources }
        // The list beside the Sources, its rows read; then its first article beside both.
        let list = HeadlinesScreen(services: services)
        app.push(list)
        try await BenchmarkWait.until("the cached articles are listed") { !list.state.rows.isEmpty && list.state.isLoading }
        app.receive([.enter])
        try await BenchmarkWait.until("three panes show") { app.shownPanes == [.sources, .list, .article] }
        app.receive([.backTab])  // the keys to the list
        guard app.focusedPane == .list else { throw BenchmarkFailure("Shift-Tab left the keys in \(String(describing: app.focusedPane))") }

        let listKeys: [Key] = [.down, .down, .character("j"), .up, .pageDown, .character("k"), .pageUp, .character("G"), .character("g"), .down]
        let size = (paneSize.width, paneSize.height)
        let inList = try await KeyPressTimings.measure(listKeys, presses: presses, app: app, frames: frames, screen: list, size: size)
        // The article that follows the list's selection once the keys rest; then the keys to it.
        try await BenchmarkWait.until("the article follows the list") { app.shownPanes == [.sources, .list, .article] }
        app.receive([.tab])
        guard app.focusedPane == nil, let article = app.topScreen else { throw BenchmarkFailure("Tab did not give the article the keys") }
        let articleKeys: [Key] = [.down, .down, .character("j"), .up, .pageDown, .character("k"), .pageUp, .end, .home, .down]
        let inArticle = try await KeyPressTimings.measure(articleKeys, presses: presses, app: app, frames: frames, screen: article, size: size)
        guard list.state.isLoading else { throw BenchmarkFailure("the refresh ended before the measurement did: \(list.state.phase)") }
        app.quit()
        _ = await running.value
        return (inList, inArticle)
    }

    static func edition(_ count: Int, server: LoopbackServer) -> Edition {
        Edition(
            articles: (0..<count).map { index in
                Article(
                    sourceName: "Source \(index % 37)", author: "Author", title: "Headline number \(index): something happened somewhere today",
                    url: URL(string: "https://example.com/\(index)")!, imageURL: server.url("/big-image.png"),
                    publishedAt: Date(timeIntervalSince1970: 1_780_000_000 - Double(index) * 60))
            })
    }
}
