import Foundation
import NewsCore

/// The first screen: the list of headlines. It loads itself when it opens, reloads on `r`
/// (the running load is cancelled and the new one wins), and keeps the list on a failure.
@MainActor
public final class HeadlinesScreen: Screen {
    public private(set) var state: HeadlinesState
    private let services: AppServices
    private var listRows = 20
    private weak var context: ScreenContext?

    public init(services: AppServices) {
        self.services = services
        state = HeadlinesState(sourceName: services.source.name)
    }

    public func didAppear(_ context: ScreenContext) {
        self.context = context
        reload(context)
        state.notice = services.startupNotice
    }

    /// Starts a load; a load already running is cancelled (its connection closed) first.
    public func reload(_ context: ScreenContext) {
        state.beginLoad()
        state.notice = nil
        let source = services.source
        let now = services.now
        context.scope.run("load", work: { try await source.fetch() }) { [weak self] result in
            guard let self else { return }
            context.scope.cancel("spinner")
            switch result {
            case .success(let edition):
                self.state.finishLoad(edition, at: now())
            case .failure(let error):
                if error is CancellationError { return }
                self.state.failLoad(ErrorText.sentence(error))
            }
            context.setNeedsDisplay()
        }
        startSpinner(context)
        context.setNeedsDisplay()
    }

    private func startSpinner(_ context: ScreenContext) {
        context.startTicker("spinner") { [weak self] in self?.state.spinnerTick += 1 }
    }

    public func render(into canvas: inout Canvas) {
        listRows = max(1, canvas.height - 2)
        var view = HeadlinesView(state: state, now: services.now())
        view.isFallbackDemo = services.isFallbackDemo
        view.downloadsSummary = services.downloads.summary
        view.downloadsFirst = services.downloads.isQuitting
        view.render(into: &canvas, scroll: &state.scroll)
    }

    public func handle(_ key: Key, _ context: ScreenContext) -> KeyOutcome {
        // A notice lasts until the next key; the actions below set a new one when they have one.
        state.notice = nil
        switch key {
        case .character("j"), .down: state.scroll.move(by: 1)
        case .character("k"), .up: state.scroll.move(by: -1)
        case .pageDown, .character(" "), .control("f"): state.scroll.move(by: listRows)
        case .pageUp, .character("b"), .control("b"): state.scroll.move(by: -listRows)
        case .character("g"), .home: state.scroll.select(0)
        case .character("G"), .end: state.scroll.select(state.articles.count - 1)
        case .character("r"): reload(context)
        case .enter, .character("l"), .right:
            guard let article = state.selectedArticle else { return .ignored }
            return .push(ArticleScreen(article: article, services: services))
        case .character("o"):
            guard let article = state.selectedArticle else { return .ignored }
            Actions.openInBrowser(article, services: services, context: context) { [weak self] notice in
                self?.state.notice = notice
            }
        case .character("d"):
            guard let article = state.selectedArticle else { return .ignored }
            let notice = services.downloads.save(article)
            state.notice = notice.kind == .error ? notice : nil  // progress and outcome show in the downloads line
        case .character("D"):
            let notice = services.downloads.saveAll(state.articles)
            state.notice = notice.kind == .error ? notice : nil
            return .push(DownloadsScreen(services: services))
        case .character("w"):
            return .push(DownloadsScreen(services: services))
        case .character("?"):
            return .push(HelpScreen())
        case .character("q"), .escape:
            return .quit
        default:
            return .ignored
        }
        return .handled
    }
}
